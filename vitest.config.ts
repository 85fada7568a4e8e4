import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const setupFiles = ['./test/support/setup.ts'];
const globalSetup = ['./test/support/global-setup.ts'];
const integration = ['src/**/*.int.test.ts', 'test/support/**/*.int.test.ts'];
/** Tests of React components, beside them, rendered into a DOM (decision 0530). */
const components = ['src/web/**/*.test.tsx'];

/**
 * Five suites: unit (pure logic), component (React components in happy-dom with Testing Library,
 * the API mocked at fetch; decision 0530), integration on PGlite, integration on PostgreSQL (only
 * when TEST_DATABASE_URL is set) and browser journeys (e2e). scripts/test.mjs runs them all, or
 * one tier (`npm run test:unit`, `test:int`, `test:e2e`).
 *
 * Speed (decision 0302): test files share their worker's modules (`isolate: false`; every file
 * makes its own database, server and data, and nothing a test changes outlives it), and the
 * integration files run on one worker more than the machine has cores, as they wait on their
 * database much of the time. Vitest's default of cores - 1 ran them one at a time on 2 cores.
 */
export default defineConfig({
  test: {
    maxWorkers: Math.min(4, availableParallelism() + 1),
    projects: [
      {
        test: {
          isolate: false,
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
          exclude: [...integration, ...components],
          setupFiles,
        },
      },
      {
        test: {
          isolate: false,
          name: 'component',
          include: components,
          environment: 'happy-dom',
          setupFiles: [...setupFiles, './test/support/component-setup.ts'],
          // A form that checks on every change re-renders the page for each; on a busy machine
          // that takes longer than the default 5 s without anything being wrong.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          isolate: false,
          name: 'int-pglite',
          include: integration,
          setupFiles,
          globalSetup,
          env: { TEST_DB_ENGINE: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                isolate: false,
                name: 'int-postgres',
                include: integration,
                setupFiles,
                globalSetup,
                env: { TEST_DB_ENGINE: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          isolate: false,
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          setupFiles,
          globalSetup,
          // On the PostgreSQL server when one is named (as CI does; decision 0595): the journeys'
          // servers then share the machine with a native database instead of each running an
          // embedded one in its own process. PGlite otherwise, as `npm start` runs.
          env: { TEST_DB_ENGINE: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // A page on a busy machine may take longer than expect.poll's default second to show a
          // toast or a count; a poll still ends as soon as its condition holds.
          expect: { poll: { timeout: 10_000 } },
          // One file at a time when run by hand; `npm test` runs two at a time (decision 0302).
          fileParallelism: false,
          // One retry for timing accidents on a busy machine; test/support/flaky-reporter.ts
          // reports every test that needed it (decision 0009).
          retry: 1,
        },
      },
    ],
  },
});
