import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/**
 * Runs axe-core in the page (injected through the debugger, so our strict CSP stays on) and
 * returns the serious and critical violations.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: { id: string; impact: string | null; help: string; nodes: unknown[] }[];
    }
    const results = await axe.run();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
}
