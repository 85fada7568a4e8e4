/**
 * A mailto: link with subject and body (RFC 6068): every part percent-encoded, line breaks as
 * CRLF, so mail programs show umlauts and paragraphs as written.
 */
export function mailtoHref(email: string, subject?: string, body?: string): string {
  const encode = (text: string) => encodeURIComponent(text.replace(/\r?\n/g, '\r\n'));
  const params = [
    subject ? `subject=${encode(subject)}` : null,
    body ? `body=${encode(body)}` : null,
  ].filter(Boolean);
  return `mailto:${email}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}
