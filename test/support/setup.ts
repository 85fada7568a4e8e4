import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A console.error during a test fails it: silent errors are bugs. A test that expects one calls
 * `allowConsoleErrors()` first.
 */
let allowed = false;
let errors: unknown[][] = [];

export function allowConsoleErrors(): void {
  allowed = true;
}

beforeEach(() => {
  allowed = false;
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (!allowed && errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(' ')).join('\n');
    throw new Error(`console.error was called during the test:\n${text.slice(0, 2000)}`);
  }
});
