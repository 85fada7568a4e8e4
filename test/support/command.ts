import path from 'node:path';
import { projectRoot } from '../../src/server/lib/project-root';

/**
 * The commands' sources, run by tests through tsx as one process each, with the arguments and
 * environment an operator gives `npm run <script>`. `npm run` itself runs the bundle in
 * dist/server (scripts/run-built.mjs, decision 0525), which a test of the sources must not
 * depend on; the bundled commands are run by src/server/main.test.ts and scripts/release.mjs.
 */
const SOURCES = {
  'admin:create': 'src/server/cli/admin-create.ts',
  'admin:reset-two-factor': 'src/server/cli/reset-two-factor.ts',
  backup: 'src/server/cli/backup.ts',
  restore: 'src/server/cli/restore.ts',
  seed: 'src/server/seed/seed-cli.ts',
} as const;

/** `node` arguments that run `npm run <script> -- <args>` from the sources. */
export function commandArgs(script: keyof typeof SOURCES, args: string[]): string[] {
  return ['--import', 'tsx', path.join(projectRoot(), SOURCES[script]), ...args];
}
