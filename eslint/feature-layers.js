import fs from 'node:fs';
import path from 'node:path';
import { BASE, ENTRY, FEATURE_LAYERS } from './layers.js';

/**
 * `trinkgeld/feature-layers` (decision 0550): an import inside src/server may go to its own layer
 * or a lower one (eslint/layers.js), and no import may close a circle between feature folders.
 * Circles are found on the import graph of every non-test file under src/server/features, read
 * from disk once per process; the file being linted counts with its text as ESLint sees it.
 */

const LAYER_OF = new Map();
FEATURE_LAYERS.forEach((layer, index) => {
  for (const feature of layer.features) LAYER_OF.set(`features/${feature}`, { ...layer, index });
});
const BASE_LAYER = { name: 'base', index: -1 };
const ENTRY_LAYER = { name: 'entry', index: FEATURE_LAYERS.length };

const SERVER = `${path.sep}src${path.sep}server${path.sep}`;
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const TEST_FILE = /\.test\.tsx?$/;

/** Where a file stands: its unit (a feature folder or a top-level part) and that unit's layer. */
function placeOf(serverRoot, file) {
  const parts = path.relative(serverRoot, file).split(path.sep);
  if (parts[0] === '..' || parts.length === 0) return null;
  if (parts[0] === 'features') {
    if (parts.length < 3) return null;
    const unit = `features/${parts[1]}`;
    return { unit, layer: LAYER_OF.get(unit) ?? null };
  }
  // A top-level file (config.ts) or folder (db/, also imported as its index: './jobs').
  const bare = parts[0].replace(/\.(ts|tsx|js)$/, '');
  const names = parts.length === 1 ? [bare, `${bare}.ts`] : [parts[0]];
  for (const name of names) {
    if (BASE.includes(name)) return { unit: name, layer: BASE_LAYER };
    if (ENTRY.includes(name)) return { unit: name, layer: ENTRY_LAYER };
  }
  return { unit: names.at(-1), layer: null };
}

const graphs = new Map();

/** Feature folder → feature folder edges of the files on disk, each with the files that make it. */
function diskGraph(serverRoot) {
  let graph = graphs.get(serverRoot);
  if (graph) return graph;
  graph = new Map();
  const featuresDir = path.join(serverRoot, 'features');
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !TEST_FILE.test(entry.name)) {
        const from = placeOf(serverRoot, full);
        const text = fs.readFileSync(full, 'utf8');
        for (const match of text.matchAll(SPECIFIER)) {
          const specifier = match[1] ?? match[2];
          if (!specifier.startsWith('.')) continue;
          const to = placeOf(serverRoot, path.resolve(path.dirname(full), specifier));
          if (!to || !to.unit.startsWith('features/') || to.unit === from.unit) continue;
          const key = `${from.unit}>${to.unit}`;
          if (!graph.has(key)) graph.set(key, new Set());
          graph.get(key).add(full);
        }
      }
    }
  };
  if (fs.existsSync(featuresDir)) walk(featuresDir);
  graphs.set(serverRoot, graph);
  return graph;
}

/** A path of feature folders from `start` to `goal`, or null. */
function pathBetween(graph, currentFile, currentEdges, start, goal) {
  const next = new Map();
  const add = (from, to) => {
    if (!next.has(from)) next.set(from, new Set());
    next.get(from).add(to);
  };
  for (const [key, files] of graph) {
    // The linted file's edges come from its current text, not from disk.
    if (files.size === 1 && files.has(currentFile)) continue;
    const [from, to] = key.split('>');
    add(from, to);
  }
  for (const [from, to] of currentEdges) add(from, to);
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const unit = queue.shift();
    if (unit === goal) {
      const route = [];
      for (let at = goal; at !== null; at = cameFrom.get(at)) route.unshift(at);
      return route;
    }
    for (const to of next.get(unit) ?? []) {
      if (!cameFrom.has(to)) {
        cameFrom.set(to, unit);
        queue.push(to);
      }
    }
  }
  return null;
}

const describe = (place) => `${place.unit} (${place.layer.name})`;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Layers and no circles between the parts of src/server (decision 0550).' },
    schema: [],
    messages: {
      unplaced: '{{unit}} is in no layer: place it in eslint/layers.js.',
      upward: '{{from}} may not import {{to}}: a layer imports its own and lower layers only.',
      circle: 'This import closes a circle between feature folders: {{route}}.',
    },
  },
  create(context) {
    const filename = context.filename;
    const at = filename.lastIndexOf(SERVER);
    if (at < 0 || TEST_FILE.test(filename)) return {};
    const serverRoot = filename.slice(0, at + SERVER.length - 1);
    const from = placeOf(serverRoot, filename);
    if (!from) return {};

    const imports = [];
    const collect = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = placeOf(serverRoot, path.resolve(path.dirname(filename), source.value));
      if (to && to.unit !== from.unit) imports.push({ node: source, to });
    };

    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'(program) {
        if (!from.layer) {
          context.report({ node: program, messageId: 'unplaced', data: { unit: from.unit } });
          return;
        }
        const currentEdges = imports
          .filter(({ to }) => from.unit.startsWith('features/') && to.unit.startsWith('features/'))
          .map(({ to }) => [from.unit, to.unit]);
        const graph = from.unit.startsWith('features/') ? diskGraph(serverRoot) : null;
        for (const { node, to } of imports) {
          if (!to.layer) {
            context.report({ node, messageId: 'unplaced', data: { unit: to.unit } });
            continue;
          }
          if (to.layer.index > from.layer.index) {
            context.report({
              node,
              messageId: 'upward',
              data: { from: describe(from), to: describe(to) },
            });
            continue;
          }
          if (graph && to.unit.startsWith('features/')) {
            const route = pathBetween(graph, filename, currentEdges, to.unit, from.unit);
            if (route) {
              context.report({
                node,
                messageId: 'circle',
                data: { route: [from.unit, ...route].join(' → ') },
              });
            }
          }
        }
      },
    };
  },
};
