import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** What a failed attempt said: its message and the first lines of its stack (our files first). */
function describeError(error: { message?: string; stack?: string }): string {
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at ') && !line.includes('node_modules'))
    .slice(0, 4);
  return [error.message ?? String(error), ...frames].join('\n');
}

/**
 * Browser journeys get one retry (decision 0009), so a timing accident on a busy CI machine
 * does not throw away a whole run. Retries must not hide flakiness: every test that passed only
 * on its retry is written to FLAKY_REPORT with what its failed attempt said (a passed test keeps
 * the errors of its earlier attempts), and scripts/test.mjs prints each one, so the cause can be
 * fixed from the log of the run that saw it.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: { name: string; file: string; retries: number; errors: string[] }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) {
      this.flaky.push({
        name: testCase.fullName,
        file: path.relative(process.cwd(), testCase.module.moduleId),
        retries: diagnostic.retryCount,
        errors: (testCase.result().errors ?? []).map(describeError),
      });
    }
  }

  onTestRunEnd(): void {
    const target = process.env.FLAKY_REPORT;
    if (!target) return;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(this.flaky, null, 2));
  }
}
