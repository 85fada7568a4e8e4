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
  /** The CSS selectors of the offending elements, so a failure says where to look. */
  targets: string[];
}

/**
 * Runs axe-core in the page (injected through the debugger, so our strict CSP stays on) and
 * returns the serious and critical violations.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        nodes: { target: unknown[] }[];
      }[];
    }
    const results = await axe.run();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes.map((node) => node.target.map(String).join(' ')),
      }));
  });
  return violations;
}

/**
 * Waits until every finite animation on the page has ended. A toast fading in is drawn at a
 * fraction of its opacity, and axe measures the contrast of what is drawn: checked mid-fade, a
 * correct colour pair fails. On a busy machine the check can land inside the 300 ms fade, which
 * made the webhooks journey fail on CI only. Endless animations (spinners) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });
}
