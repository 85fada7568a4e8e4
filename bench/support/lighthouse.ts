import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { line } from './harness';

/**
 * The Lighthouse runner the benchmarks share (`lighthouse.bench.ts`, `staff-lighthouse.bench.ts`):
 * Lighthouse 12 (npm package), mobile form factor with its default simulated throttling, against a
 * Chromium started by `launchDebuggableChromium` (support/browser.ts).
 *
 * Each page is audited `BENCH_LIGHTHOUSE_RUNS` times (default 5); every run's figures are printed
 * and each figure is judged on its median over the runs (decisions 0287, 0411).
 */
export const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5));

/**
 * `BENCH_LIGHTHOUSE_REPORTS=<dir>` keeps each page's whole Lighthouse JSON (of its median run)
 * there (LCP element, request chains, layout shifts, the failing audits), for finding out why a
 * figure is what it is.
 */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

/**
 * `BENCH_LIGHTHOUSE_CPU_SLOWDOWN=<n>` replaces the simulated phone's CPU slowdown (Lighthouse's
 * default 4). Lighthouse multiplies the tasks it observed on this machine, so the same page
 * measures worse on a slower host; a larger factor here shows on a fast host what a slower one
 * would see (4 × its benchmarkIndex / the slower one's). For finding out, not for the budgets:
 * a run with it set says so in its first lines.
 */
const CPU_SLOWDOWN = process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.BENCH_LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
if (CPU_SLOWDOWN !== undefined && !(CPU_SLOWDOWN >= 1)) {
  throw new Error('BENCH_LIGHTHOUSE_CPU_SLOWDOWN must be a number >= 1');
}

/** The throttling the audits run with, for a run's first lines. */
export function throttlingLabel(): string {
  return CPU_SLOWDOWN === undefined
    ? 'simulated throttling (Lighthouse defaults)'
    : `simulated throttling with CPU slowdown ${CPU_SLOWDOWN} instead of 4 (BENCH_LIGHTHOUSE_CPU_SLOWDOWN; not the budgets' setting)`;
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
type Report = Result['lhr'];

export interface Audit {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** Everything the page transferred (Lighthouse's `total-byte-weight`), bytes. */
  bytes: number;
  /** The scripts among them (`resource-summary`), bytes. */
  scriptBytes: number;
  /** Lighthouse's own CPU benchmark of this machine at the time (higher is faster). */
  benchmarkIndex: number;
}

export interface AuditOptions {
  /**
   * Request headers sent with every request of the audit, e.g. `{ Cookie: … }` for a signed-in
   * page (Lighthouse clears the origin's storage before each audit, not its cookies, but the
   * header keeps the audit independent of what the profile holds).
   */
  extraHeaders?: Record<string, string>;
}

/** Everything Lighthouse clears by default, and the page's own storage. */
const FIRST_VISIT_STORAGE = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'local_storage',
  'indexeddb',
] as const;

/** Audits of one run that Lighthouse itself gave up on before the run fails. */
const ATTEMPTS = 3;

/**
 * One audit. Lighthouse sometimes finds no navigation in its own trace (`NO_NAVSTART`, seen
 * with Chromium 156.0.8078.108 on 2026-11-26, on the first audit of a full run) and asks to be run
 * again: that audit is run again, and said so, rather than ending the whole benchmark.
 */
async function auditOnce(
  url: string,
  port: number,
  name: string,
  options: AuditOptions,
): Promise<Report> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // A first visit, as a browser meeting the page: Lighthouse's default keeps localStorage and
      // IndexedDB between audits (someone auditing in their own profile keeps their data), and
      // the app remembers there what the browser already has (its font, decision 0418). The
      // bench's browser is its own; the session stays, as it is a cookie.
      clearStorageTypes: [...FIRST_VISIT_STORAGE],
      ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      ...(CPU_SLOWDOWN === undefined
        ? {}
        : { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
    });
    if (!result) throw new Error(`lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result.lhr;
    if (attempt >= ATTEMPTS) throw new Error(`lighthouse: ${failure.message}`);
    line(`${name} page audit repeated`, `Lighthouse gave up (${failure.code}), attempt ${attempt}`);
  }
}

function scriptTransfer(lhr: Report): number {
  const items = (lhr.audits['resource-summary']?.details as { items?: unknown[] } | undefined)
    ?.items as { resourceType?: string; transferSize?: number }[] | undefined;
  return items?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN;
}

function figures(lhr: Report): Audit {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    scriptBytes: scriptTransfer(lhr),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

/** The median of a list of figures (the middle one, or the mean of the middle two). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const show = (audit: Audit): string =>
  `TBT ${audit.tbt.toFixed(0)} ms, LCP ${audit.lcp.toFixed(0)} ms, CLS ${audit.cls.toFixed(3)}, ` +
  `performance ${audit.performance}, accessibility ${audit.accessibility}, ` +
  `bytes ${audit.bytes.toLocaleString('en')} (scripts ${audit.scriptBytes.toLocaleString('en')}), ` +
  `benchmarkIndex ${audit.benchmarkIndex}`;

/**
 * `RUNS` audits of one page; prints each and returns them. Each figure is judged on its own
 * median over the runs, so one audit on a busy moment of the shared machine moves no
 * budget.
 */
export async function audit(
  name: string,
  url: string,
  port: number,
  options: AuditOptions = {},
): Promise<Audit[]> {
  const [runs] = await auditTogether([{ name, url }], port, options);
  return runs!;
}

/**
 * `RUNS` audits of each page, taken in turns (first page, second page, first page…), so that
 * each page meets the machine in the same moments; returns each page's audits in the order given.
 */
export async function auditTogether(
  pages: readonly { name: string; url: string }[],
  port: number,
  options: AuditOptions = {},
): Promise<Audit[][]> {
  const reports: Report[][] = pages.map(() => []);
  for (let run = 1; run <= RUNS; run += 1) {
    for (const [index, { name, url }] of pages.entries()) {
      const lhr = await auditOnce(url, port, name, options);
      if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
        // A signed-in page that sent the audit to the login instead measured the wrong page.
        throw new Error(`${name} page: ${url} ended on ${lhr.finalDisplayedUrl}`);
      }
      reports[index]!.push(lhr);
      line(`${name} page run ${run} of ${RUNS}`, show(figures(lhr)));
    }
  }
  if (REPORT_DIR) {
    mkdirSync(REPORT_DIR, { recursive: true });
    for (const [index, { name }] of pages.entries()) {
      const file = path.resolve(REPORT_DIR, `lighthouse-${name.replaceAll(' ', '-')}.json`);
      writeFileSync(file, JSON.stringify(computeMedianRun(reports[index]!), null, 1));
      line(`${name} page report (Lighthouse's median run)`, file);
    }
  }
  return reports.map((runs) => runs.map(figures));
}

export function medians(audits: Audit[]): Audit {
  const of = (key: keyof Audit) => median(audits.map((audit) => audit[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    cls: of('cls'),
    bytes: of('bytes'),
    scriptBytes: of('scriptBytes'),
    benchmarkIndex: of('benchmarkIndex'),
  };
}

/** The machine's load average, printed at the start and end of each Lighthouse bench. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
