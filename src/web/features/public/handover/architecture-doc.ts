import architectureMarkdown from '../../../../../docs/architecture.md?raw';

/**
 * The folder picture of docs/architecture.md, taken from the file at build time so the
 * handover page always shows the document the repository holds.
 */
export function firstCodeBlock(markdown: string): string {
  const match = /```[^\n]*\n([\s\S]*?)```/.exec(markdown);
  return match?.[1]?.replace(/\s+$/, '') ?? '';
}

export const ARCHITECTURE_TREE = firstCodeBlock(architectureMarkdown);
