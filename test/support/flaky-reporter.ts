import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/**
 * Browser journeys get one retry (decision 0009), so a timing accident on a busy CI machine
 * does not throw away a whole run. Retries must not hide flakiness: every test that passed only
 * on its retry is written to FLAKY_REPORT, and scripts/test.mjs prints each one by name.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: { name: string; file: string; retries: number }[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (diagnostic?.flaky) {
      this.flaky.push({
        name: testCase.fullName,
        file: path.relative(process.cwd(), testCase.module.moduleId),
        retries: diagnostic.retryCount,
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
