import path from 'node:path';

/**
 * `trinkgeld/feature-queries` (decision 0575): the database is called from a feature's queries
 * only. Inside src/server/features, a file other than `queries.ts`, a file under `queries/` or a
 * test imports nothing from `drizzle-orm` or `db/schema` (types neither: queries export the row
 * types others need) and from `db/connect` only types (`Db`, `Tx`, `Database`), so that a service
 * can still open a transaction on its handle and pass it to query functions.
 */

const FEATURES = `${path.sep}src${path.sep}server${path.sep}features${path.sep}`;
const EXEMPT = /(^|[\\/])queries(\.tsx?$|[\\/])|\.test\.tsx?$/;
const DB_DIR = `${path.sep}src${path.sep}server${path.sep}db${path.sep}`;

/** What the specifier names, if it is one of the three guarded modules. */
function guarded(filename, specifier) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return 'drizzle-orm';
  if (!specifier.startsWith('.')) return null;
  const resolved = path.resolve(path.dirname(filename), specifier).replace(/\.(ts|js)$/, '');
  const at = resolved.lastIndexOf(DB_DIR);
  if (at < 0) return null;
  const inDb = resolved.slice(at + DB_DIR.length);
  if (inDb === 'schema' || inDb.startsWith(`schema${path.sep}`)) return 'db/schema';
  if (inDb === 'connect') return 'db/connect';
  return null;
}

/** An import or re-export that brings in types alone. */
function typeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return (
    specifiers.length > 0 &&
    specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type')
  );
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A feature's database calls live in its queries (decision 0575)." },
    schema: [],
    messages: {
      query:
        '{{module}} is for queries only: move the database call into queries.ts (or queries/) and import the function (decision 0575).',
      connect:
        'Outside queries, db/connect gives types only (import type { Db, Tx, Database }): move the database call into queries.ts (decision 0575).',
    },
  },
  create(context) {
    const filename = context.filename;
    if (!filename.includes(FEATURES)) return {};
    const inFeature = filename.slice(filename.lastIndexOf(FEATURES) + FEATURES.length);
    if (EXEMPT.test(inFeature)) return {};

    const check = (node, source, types) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const module = guarded(filename, source.value);
      if (!module) return;
      if (module === 'db/connect') {
        if (!types) context.report({ node: source, messageId: 'connect' });
        return;
      }
      context.report({ node: source, messageId: 'query', data: { module } });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source, typeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, typeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
      TSImportType: (node) => {
        // `typeof import('../../db/schema')` in a type: drizzle and schema types stay in queries.
        const literal = node.argument?.literal ?? node.argument;
        check(node, literal, true);
      },
    };
  },
};
