/**
 * Probe (not part of `npm run bench`): audits a page with Lighthouse (mobile, simulated) and
 * prints, per audit, the simulated FCP and TBT beside the main-thread tasks Lighthouse observed
 * (unthrottled) in the first second: start after navigation, duration, and what each did. For
 * finding which task the simulated first paint falls into.
 * `node --import tsx bench/probe/lighthouse-tasks.ts [path] [audits]`; the path
 * `/bench/reference-page` audits a page that does nothing (decision 0422). `ALL=1` lists every
 * event inside tasks over 8 ms, `OTHERS=1` what the browser's other threads did during the
 * navigation's commit task (thread time beside wall time).
 */
import lighthouse from 'lighthouse';
import { launchDebuggableChromium } from '../support/browser';
import { openBenchDatabase, startBenchServer } from '../support/harness';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  tid: number;
  pid: number;
  cat: string;
  args?: { data?: { frame?: string; isMainFrame?: boolean; url?: string } };
}

const pagePath = process.argv[2] ?? '/t/aio-anna-schneider-4k7p';
const audits = Number(process.argv[3] ?? 5);
const { database, cleanup } = await openBenchDatabase('probe');
const server = await startBenchServer(database);
const chrome = await launchDebuggableChromium();

try {
  await (await fetch(server.url + pagePath)).arrayBuffer();
  for (let run = 1; run <= audits; run += 1) {
    const result = await lighthouse(server.url + pagePath, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      clearStorageTypes: ['service_workers', 'cache_storage', 'local_storage', 'indexeddb'],
    });
    if (!result) throw new Error('no result');
    const { lhr, artifacts } = result as unknown as {
      lhr: typeof result.lhr;
      artifacts: { Trace: { traceEvents: TraceEvent[] } };
    };
    const n = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const metrics = (lhr.audits.metrics?.details as { items: Record<string, number>[] }).items[0]!;
    console.info(
      `\naudit ${run}: TBT ${n('total-blocking-time')} FCP ${n('first-contentful-paint')} LCP ${n('largest-contentful-paint')} ` +
        `observed FCP ${Math.round(metrics.observedFirstContentfulPaint!)} benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}`,
    );
    const longTasks = (lhr.audits['long-tasks']?.details as { items?: Record<string, unknown>[] })
      ?.items;
    for (const task of longTasks ?? [])
      console.info(
        `  simulated long task: start ${Math.round(Number(task.startTime))} dur ${Math.round(Number(task.duration))} ${String(task.url)}`,
      );
    const events = artifacts.Trace.traceEvents;
    const navigation = events.find(
      (e) =>
        e.name === 'navigationStart' &&
        (e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL?.includes(
          pagePath,
        ),
    );
    if (!navigation) continue;
    const main = events.find((e) => e.name === 'ParseHTML' && e.pid === navigation.pid);
    if (!main) continue;
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const tasks = onMain.filter(
      (e) =>
        e.name === 'RunTask' &&
        e.ts >= navigation.ts &&
        e.ts < navigation.ts + 1_500_000 &&
        (e.dur ?? 0) > 1000,
    );
    for (const task of tasks) {
      const inside = onMain.filter(
        (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!,
      );
      const byName = new Map<string, number>();
      for (const e of inside)
        if (
          /^(ParseHTML|UpdateLayoutTree|Layout|Paint|PrePaint|EvaluateScript|FunctionCall|ParseAuthorStyleSheet|Commit|Layerize|TimerFire|EventDispatch|HitTest|v8.compile|RunMicrotasks|ScheduleStyleRecalculation|UpdateLayer)$/.test(
            e.name,
          )
        )
          byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0));
      let allLine = '';
      if (process.env.ALL && task.dur! > 8000) {
        const all = new Map<string, number>();
        for (const e of inside) all.set(e.name, (all.get(e.name) ?? 0) + (e.dur ?? 0));
        allLine =
          '\n    all: ' +
          [...all]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 25)
            .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
            .join(', ');
      }
      const parts = [...byName]
        .map(([name, dur]) => `${name} ${(dur / 1000).toFixed(1)}`)
        .join(', ');
      console.info(
        `  task at ${((task.ts - navigation.ts) / 1000).toFixed(1)} ms, ${(task.dur! / 1000).toFixed(1)} ms (thread ${((task.tdur ?? 0) / 1000).toFixed(1)}): ${parts}${allLine}`,
      );
    }
    const commit = tasks.find((task) =>
      onMain.some(
        (e) =>
          e.name === 'DocumentLoader::CommitNavigation' &&
          e.ts >= task.ts &&
          e.ts <= task.ts + task.dur!,
      ),
    );
    if (process.env.OTHERS && commit) {
      const names = new Map<string, string>();
      for (const e of events)
        if (e.ph === 'M' && (e.name === 'thread_name' || e.name === 'process_name'))
          names.set(
            e.name === 'thread_name' ? `${e.pid}/${e.tid}` : `${e.pid}`,
            String((e.args as { name?: string } | undefined)?.name),
          );
      const busy = new Map<string, { wall: number; cpu: number }>();
      const start = commit.ts;
      const end = commit.ts + commit.dur!;
      for (const e of events) {
        if (
          e.ph !== 'X' ||
          !/RunTask|ThreadControllerImpl::RunTask|ThreadPool_RunTask/.test(e.name)
        )
          continue;
        const overlap = Math.min(end, e.ts + (e.dur ?? 0)) - Math.max(start, e.ts);
        if (overlap <= 0) continue;
        const key = `${names.get(String(e.pid)) ?? e.pid} ${e.pid}/${names.get(`${e.pid}/${e.tid}`) ?? e.tid}`;
        const entry = busy.get(key) ?? { wall: 0, cpu: 0 };
        entry.wall += overlap;
        entry.cpu += ((e.tdur ?? 0) * overlap) / (e.dur || 1);
        busy.set(key, entry);
      }
      const browserMain = [...names].find(
        ([k, v]) => v === 'CrBrowserMain' && k.includes('/'),
      )?.[0];
      if (browserMain) {
        const [bpid, btid] = browserMain.split('/').map(Number);
        const inWindow = events.filter(
          (e) =>
            e.pid === bpid &&
            e.tid === btid &&
            e.ph === 'X' &&
            e.ts < end &&
            e.ts + (e.dur ?? 0) > start &&
            !/RunTask/.test(e.name),
        );
        const sums = new Map<string, number>();
        for (const e of inWindow) sums.set(e.name, (sums.get(e.name) ?? 0) + (e.dur ?? 0));
        console.info(
          '  browser main in the window: ' +
            [...sums]
              .sort((a, b) => b[1] - a[1])
              .slice(0, 15)
              .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)}`)
              .join(', '),
        );
      }
      console.info(
        `  during the commit task (${(commit.dur! / 1000).toFixed(1)} ms): ` +
          [...busy]
            .sort((a, b) => b[1].cpu - a[1].cpu)
            .slice(0, 12)
            .map(
              ([k, v]) =>
                `${k} cpu ${(v.cpu / 1000).toFixed(1)} wall ${(v.wall / 1000).toFixed(1)}`,
            )
            .join('; '),
      );
    }
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid);
    if (fcp)
      console.info(
        `  firstContentfulPaint event at ${((fcp.ts - navigation.ts) / 1000).toFixed(1)} ms`,
      );
  }
} finally {
  await chrome.close();
  await server.close();
  await cleanup();
}
