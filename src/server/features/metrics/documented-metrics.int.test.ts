import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/support/app';
import {
  eachAlternative,
  parseScrape,
  selectorsOf,
  seriesMatching,
  type Selector,
} from './scrape-text';

/**
 * What docs/operations.md tells an operator to alert on and to graph exists
 * in the very first scrape of a fresh instance. A rule over a series that appears only with its
 * first event is empty exactly when that event never comes (payments broken after a deploy).
 */
const TOKEN = 'metrics-token-for-documented-rules-0123456789';
const operations = readFileSync(
  path.resolve(import.meta.dirname, '../../../../docs/operations.md'),
  'utf8',
);

/** The alert rules' expressions from the YAML example (one `expr` may span several lines). */
function documentedRules(): { alert: string; expr: string }[] {
  const yaml = /```yaml\n([\s\S]*?)```/.exec(operations)?.[1] ?? '';
  const rules: { alert: string; expr: string }[] = [];
  for (const block of yaml.split(/\n\s*- alert: /).slice(1)) {
    const alert = block.split(/[\s#]/)[0]!;
    const expr = /expr: \|?([\s\S]*?)\n\s*(?:for|labels):/.exec(block)?.[1] ?? '';
    rules.push({ alert, expr: expr.trim() });
  }
  return rules;
}

/** The metrics table: series names (first column) and the label names and values documented. */
function documentedSeries(): { names: string[]; labels: Map<string, string[]> }[] {
  const section = operations.split('### Metrics')[1]!.split('\n### ')[0]!;
  const rows = section.split('\n').filter((line) => /^\| `/.test(line));
  return rows.map((row) => {
    const [series, labelText] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    const names = [...series!.matchAll(/`([a-z_*]+)`/g)].map((m) => m[1]!);
    // Label names are the backticked words outside parentheses; their documented values follow
    // them in parentheses.
    const labels = new Map<string, string[]>();
    let depth = 0;
    let current: string | undefined;
    for (const token of labelText!.matchAll(/\(|\)|`([^`]+)`/g)) {
      if (token[0] === '(') depth += 1;
      else if (token[0] === ')') depth -= 1;
      else if (depth === 0) {
        current = token[1]!;
        labels.set(current, []);
      } else if (current) labels.get(current)!.push(token[1]!);
    }
    return { names, labels };
  });
}

let t: TestApp;
let firstScrape: string;

async function scrape(): Promise<string> {
  const response = await t.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } });
  firstScrape = await scrape();
});
afterAll(async () => {
  await t.close();
});

describe('the first scrape of a fresh instance', () => {
  const rules = documentedRules();

  it('finds the documented alert rules', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining(['NoTipsPaid', 'TipPaymentsFailing', 'ServerErrors', 'JobLagging']),
    );
  });

  it.each(rules.filter((rule) => rule.expr.includes('trinkgeld_')))(
    'holds every series of the rule $alert',
    ({ expr }) => {
      const samples = parseScrape(firstScrape);
      const missing = selectorsOf(expr)
        .flatMap(eachAlternative)
        .filter((selector: Selector) => {
          // The pool exists only on PostgreSQL (the embedded database has no connection pool).
          if (selector.name === 'trinkgeld_db_pool_connections' && !t.database.poolStats) {
            return false;
          }
          return seriesMatching(samples, selector).length === 0;
        });
      expect(missing).toEqual([]);
    },
  );

  it('holds every documented series with its documented labels and values', async () => {
    // Per-route series appear with the first answer: one known route and one unknown path.
    await t.inject({ method: 'GET', url: '/healthz' });
    await t.inject({ method: 'GET', url: '/api/no-such-path' });
    const samples = parseScrape(await scrape());
    const problems: string[] = [];
    for (const { names, labels } of documentedSeries()) {
      for (const short of names) {
        if (short.endsWith('*')) continue; // process_* and nodejs_*: prom-client's own
        const name = `trinkgeld_${short}`;
        if (name === 'trinkgeld_db_pool_connections' && !t.database.poolStats) continue;
        const found = samples.filter(
          (sample) => sample.name === name || sample.name.startsWith(`${name}_`),
        );
        if (found.length === 0) {
          problems.push(`${name}: not in the scrape`);
          continue;
        }
        for (const [label, values] of labels) {
          const seen = new Set(
            found.map((sample) => sample.labels[label]).filter((v) => v !== undefined),
          );
          if (seen.size === 0) problems.push(`${name}: no label ${label}`);
          for (const value of values) {
            const pattern = new RegExp(`^${value.replace(/\*/g, '.+')}$`);
            if (![...seen].some((v) => pattern.test(v!))) {
              problems.push(`${name}: no ${label}="${value}"`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
