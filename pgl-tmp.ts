import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const file = process.argv[2]!;
const t0 = performance.now();
const blob = new Blob([readFileSync(file)]);
const a = await PGlite.create({ loadDataDir: blob });
await a.query('select 1');
const t1 = performance.now();
console.log('open from snapshot', Math.round(t1 - t0), 'ms');
for (let i = 0; i < 3; i++) {
  const s = performance.now();
  const b = await a.clone();
  await b.query('select count(*) from profiles');
  console.log('clone', Math.round(performance.now() - s), 'ms');
  await b.close();
}
const s = performance.now();
const c = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
await c.query('select 1');
console.log('open again', Math.round(performance.now() - s), 'ms');
