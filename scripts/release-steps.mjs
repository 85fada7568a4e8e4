// The release's steps, one list for the two places that run them: scripts/release.mjs (on a
// clean copy, run by `npm test`) and the Dockerfile (src/release-steps.test.ts checks that the
// Dockerfile has exactly these steps, decision 0526).

/** Build stage, in a clean copy of the sources: every dependency, then the build output. */
export const BUILD_STEPS = [
  ['npm', 'ci', '--no-audit', '--no-fund', '--prefer-offline'],
  ['npm', 'run', 'build'],
];

/**
 * Runtime stage: copied from the build stage, the build output, the launcher of `npm start` and
 * the commands, and the files the server reads at run time; no source is compiled.
 */
export const RUNTIME_PATHS = [
  'package.json',
  'package-lock.json',
  'dist',
  'scripts/run-built.mjs',
  'src/server/db/migrations',
  'src/server/features/auth/common-passwords.txt',
];

/** Runtime stage: the production dependencies, installed from the lock file without build tools. */
export const PRODUCTION_INSTALL = [
  'npm',
  'ci',
  '--omit=dev',
  '--no-audit',
  '--no-fund',
  '--prefer-offline',
];

/** The runtime's environment and its start: node itself, so SIGTERM reaches the server. */
export const RUNTIME_ENV = { NODE_ENV: 'production' };
export const START = ['node', 'dist/server/main.mjs'];
