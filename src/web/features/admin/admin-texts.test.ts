import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ADMIN_DIR = path.dirname(new URL(import.meta.url).pathname);

/** Attributes whose value people read or hear. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'label',
  'alt',
  'description',
  'confirmLabel',
  'pendingText',
]);
/** A sentence or a word only German has; class names and keys never look like this. */
const WORDS = /[ÄÖÜäöüß]|\b[A-ZÄÖÜ][a-zäöüß]+ [a-zäöüß]{2,}/;

/**
 * Words written into an admin component instead of read from the admin catalogue, and imports
 * that go around it. The console can then speak another language by one more catalogue file.
 */
function wordsOutsideCatalogue(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) =>
    `${fileName}:${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      const names = node.importClause?.getText() ?? '';
      // The catalogue and its per-page parts (admin-catalogue-*.ts, decision 0410).
      if (/shared\/i18n\/(?!admin-catalogue(-[a-z]+)*$)/.test(from) || /_LABELS\b/.test(names)) {
        found.push(`${where(node)} imports texts from ${from}`);
      }
      return;
    }
    if (ts.isJsxText(node) && /\p{L}{2,}/u.test(node.text)) {
      found.push(`${where(node)} "${node.text.trim()}"`);
    }
    if (ts.isStringLiteralLike(node)) {
      const parent = ts.isJsxExpression(node.parent) ? node.parent.parent : node.parent;
      const attribute = ts.isJsxAttribute(parent) ? parent.name.getText() : null;
      if (
        (attribute && TEXT_ATTRIBUTES.has(attribute) && /\p{L}/u.test(node.text)) ||
        WORDS.test(node.text)
      ) {
        found.push(`${where(node)} "${node.text}"`);
      }
    }
    if (ts.isTemplateExpression(node)) {
      const literal = [node.head, ...node.templateSpans.map((span) => span.literal)]
        .map((part) => part.text)
        .join(' ');
      if (WORDS.test(literal)) found.push(`${where(node)} \`${literal}\``);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function adminSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return adminSources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('admin screens', () => {
  it('take every word from the admin catalogue', () => {
    const files = adminSources(ADMIN_DIR);
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((file) =>
      wordsOutsideCatalogue(path.relative(ADMIN_DIR, file), readFileSync(file, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('would notice words written into a component', () => {
    const sample = `
      import { adminTexts } from '../../../shared/i18n/admin';
      import { ROLE_LABELS } from '../../../shared/domain/roles';
      import { adminPointsPart } from '../../../shared/i18n/admin-catalogue-points';
      export function Sample({ name }: { name: string }) {
        return (
          <section aria-label="Kennzahlen" className="grid gap-4 text-sm">
            <Button>Abbrechen</Button>
            <img alt={\`QR-Code für \${name}\`} />
            <Spinner label="Lade..." />
            {toast({ title: 'Nicht möglich' })}
            <p>{texts.title}</p>
          </section>
        );
      }`;
    expect(wordsOutsideCatalogue('Sample.tsx', sample)).toEqual([
      'Sample.tsx:2 imports texts from ../../../shared/i18n/admin',
      'Sample.tsx:3 imports texts from ../../../shared/domain/roles',
      'Sample.tsx:7 "Kennzahlen"',
      'Sample.tsx:8 "Abbrechen"',
      'Sample.tsx:9 `QR-Code für  `',
      'Sample.tsx:10 "Lade..."',
      'Sample.tsx:11 "Nicht möglich"',
    ]);
  });
});
