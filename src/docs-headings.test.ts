import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A four-backtick fence in the operator guide swallowed '## Backups' into a code
 * block. The documents are read as a Markdown renderer reads them (CommonMark fences: a fence closes
 * only with the same character, at least as long, and nothing after it), and no heading may end up
 * inside code, and no fence may stay open to the end of a file.
 */
const root = path.resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

interface Rendered {
  headings: string[];
  /** Lines that look like section headings but sit in a code block that is not Markdown. */
  headingsInCode: string[];
  unclosedFence: boolean;
}

function renderHeadings(markdown: string): Rendered {
  const headings: string[] = [];
  const headingsInCode: string[] = [];
  let fence: { char: string; length: number; markdown: boolean } | null = null;
  for (const line of markdown.split('\n')) {
    const marker = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/.exec(line);
    if (fence) {
      const closing = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (closing && closing[1]![0] === fence.char && closing[1]!.length >= fence.length) {
        fence = null;
      } else if (/^#{2,6} \S/.test(line) && !fence.markdown) {
        // '## ' and deeper: a single '#' in code is a shell comment, not a swallowed section.
        headingsInCode.push(line);
      }
      continue;
    }
    if (marker) {
      const info = marker[2]!.toLowerCase();
      fence = {
        char: marker[1]![0]!,
        length: marker[1]!.length,
        markdown: info === 'md' || info === 'markdown',
      };
      continue;
    }
    const heading = /^ {0,3}(#{1,6}) (.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.push(`${heading[1]} ${heading[2]}`);
  }
  return { headings, headingsInCode, unclosedFence: fence !== null };
}

describe('the documents as rendered', () => {
  it('reads fences as CommonMark does', () => {
    const swallowed = renderHeadings('````bash\nnpm test\n\n## Backups\n\n```bash\nx\n````\n');
    expect(swallowed.headings).toEqual([]);
    expect(swallowed.headingsInCode).toEqual(['## Backups']);
    const fine = renderHeadings('```bash\nnpm test\n```\n\n## Backups\n');
    expect(fine.headings).toEqual(['## Backups']);
  });

  it("shows the operator guide's sections, backups included", () => {
    const guide = readFileSync(path.join(root, 'docs/guides/operator.md'), 'utf8');
    expect(renderHeadings(guide).headings).toContain('## Backups');
  });

  it('has no heading inside code and no fence left open in any document', () => {
    const files = [path.join(root, 'README.md'), ...markdownFiles(path.join(root, 'docs'))];
    const problems = files.flatMap((file) => {
      const rendered = renderHeadings(readFileSync(file, 'utf8'));
      const name = path.relative(root, file);
      return [
        ...rendered.headingsInCode.map((line) => `${name}: '${line}' inside code`),
        ...(rendered.unclosedFence ? [`${name}: a fence is never closed`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });
});
