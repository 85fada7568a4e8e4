/**
 * What a reader sees of server-rendered markup, for text assertions: React's `<!-- -->` markers
 * and inline scripts removed, the entities React writes turned back into characters.
 */
export function readableText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
