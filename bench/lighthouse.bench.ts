import { CHROMIUM_PATH, launchDebuggableChromium } from './support/browser';
import {
  budget,
  engineLabel,
  line,
  openBenchDatabase,
  REFERENCE_PAGE_PATH,
  startBenchServer,
} from './support/harness';
import {
  audit,
  auditTogether,
  loadAverage,
  medians,
  RUNS,
  show,
  throttlingLabel,
} from './support/lighthouse';

/**
 * Lighthouse (npm package, mobile form factor with its default simulated throttling) in the
 * Debian Chromium against the guest page and the landing page of a server on 127.0.0.1.
 * Budgets (decision 0411): guest page TBT <= 30 ms in the median of the runs and
 * <= 50 ms in every run, LCP <= 1,000 ms median, CLS 0, accessibility 100; landing page
 * performance >= 98 median, accessibility 100.
 *
 * Each page is audited `BENCH_LIGHTHOUSE_RUNS` times (default 5); every run's figures are printed
 * and each figure is judged on its median over the runs (decision 0287, then 0411). The runner
 * and the browser are shared with the staff pages' bench (bench/support/lighthouse.ts, browser.ts).
 *
 * The reference page (one heading, no script, the same server and headers) is audited in turns
 * with the tip page and printed beside it, without a budget of its own: its blocking time is the
 * browser's own navigation work on this machine, which any page gets (decision 0422).
 */
export async function run(): Promise<void> {
  line('database', engineLabel());
  line('lighthouse', `mobile, ${throttlingLabel()}, Chromium ${CHROMIUM_PATH}`);
  line('load average at start', loadAverage());
  const { database, cleanup } = await openBenchDatabase('lighthouse');
  const server = await startBenchServer(database);
  const chrome = await launchDebuggableChromium();
  try {
    // A first visit warms the server; Lighthouse then loads each page in a fresh state itself.
    await (await fetch(`${server.url}/t/aio-anna-schneider-4k7p`)).arrayBuffer();
    const [guestRuns, referenceRuns] = await auditTogether(
      [
        { name: 'guest', url: `${server.url}/t/aio-anna-schneider-4k7p` },
        { name: 'reference', url: `${server.url}${REFERENCE_PAGE_PATH}` },
      ],
      chrome.port,
    );
    const guest = medians(guestRuns!);
    line(`guest page median of ${RUNS}`, show(guest));
    const tbts = (runs: { tbt: number }[]) => runs.map((run) => run.tbt.toFixed(0)).join(' / ');
    line(
      'TBT per run, guest page | reference page (one heading, no script)',
      `${tbts(guestRuns!)} ms | ${tbts(referenceRuns!)} ms`,
    );
    const worstTbt = Math.max(...guestRuns!.map((run) => run.tbt));
    budget('guest page TBT median', `${guest.tbt.toFixed(0)} ms`, guest.tbt <= 30, '<= 30 ms');
    budget(
      'guest page TBT every run',
      `worst ${worstTbt.toFixed(0)} ms`,
      worstTbt <= 50,
      '<= 50 ms',
    );
    budget('guest page LCP median', `${guest.lcp.toFixed(0)} ms`, guest.lcp <= 1000, '<= 1000 ms');
    budget('guest page CLS median', guest.cls.toFixed(3), guest.cls === 0, '0');
    budget(
      'guest page accessibility median',
      String(guest.accessibility),
      guest.accessibility >= 100,
      '100',
    );
    const landingRuns = await audit('landing', `${server.url}/`, chrome.port);
    const landing = medians(landingRuns);
    line(`landing page median of ${RUNS}`, show(landing));
    budget(
      'landing page performance median',
      String(landing.performance),
      landing.performance >= 98,
      '>= 98',
    );
    budget(
      'landing page accessibility median',
      String(landing.accessibility),
      landing.accessibility >= 100,
      '100',
    );
    line('load average at end', loadAverage());
  } finally {
    await chrome.close();
    await server.close();
    await cleanup();
  }
}
