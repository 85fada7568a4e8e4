// The release's steps, one list for the two places that run them: scripts/release.mjs (on a
// clean copy, run by `npm test`) and the Dockerfile (src/release-steps.test.ts checks that the
// Dockerfile has exactly these steps, decision 0526).

/** Build stage, in the folder of a clean copy: every dependency, the build, then production's. */
export const BUILD_STEPS = [
  ['npm', 'ci', '--no-audit', '--no-fund', '--prefer-offline'],
  ['npm', 'run', 'build'],
  ['npm', 'prune', '--omit=dev', '--no-audit', '--no-fund'],
];

/**
 * What production runs, copied from the build stage: production dependencies, the build output,
 * the launcher of `npm start` and the commands, and the files the server reads at run time.
 */
export const RUNTIME_PATHS = [
  'package.json',
  'package-lock.json',
  'node_modules',
  'dist',
  'scripts/run-built.mjs',
  'src/server/db/migrations',
  'src/server/features/auth/common-passwords.txt',
];

/** The runtime's environment and its start: node itself, so SIGTERM reaches the server. */
export const RUNTIME_ENV = { NODE_ENV: 'production' };
export const START = ['node', 'dist/server/main.mjs'];
