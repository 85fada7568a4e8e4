import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUILD_STEPS,
  PRODUCTION_INSTALL,
  RUNTIME_ENV,
  RUNTIME_PATHS,
  START,
} from '../scripts/release-steps.mjs';
import { MIGRATIONS_DIR } from './server/db/migrate';
import { COMMON_PASSWORDS_FILE } from './server/features/auth/password-rules';

/**
 * The Dockerfile's steps are those scripts/release.mjs runs on a clean copy in `npm test`
 * (decision 0526): the image cannot be built on the development machine, so its steps are tested
 * through the script, and this test keeps the two the same list.
 */
const root = path.resolve(import.meta.dirname, '..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
  .replace(/\\\n\s*/g, '')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));
const stages = dockerfile.reduce<string[][]>((all, line) => {
  if (line.startsWith('FROM ')) all.push([]);
  all.at(-1)?.push(line);
  return all;
}, []);
const [buildStage = [], runtimeStage = []] = stages;
const packageJson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('Dockerfile and scripts/release-steps.mjs', () => {
  it('has two stages', () => {
    expect(stages).toHaveLength(2);
  });

  it("runs the build stage's steps in the script's order", () => {
    const runs = buildStage
      .filter((line) => line.startsWith('RUN '))
      .map((line) => line.slice(4).trim().split(/\s+/));
    expect(runs).toEqual(BUILD_STEPS);
  });

  it('copies exactly the runtime paths from the build stage and installs production dependencies', () => {
    const runtimeSteps = runtimeStage
      .filter((line) => line.startsWith('COPY ') || line.startsWith('RUN '))
      .map((line) => {
        if (line.startsWith('RUN ')) return line.slice(4).trim().split(/\s+/);
        const match = /^COPY --from=build \/app\/(\S+) \.\/(\S+)$/.exec(line);
        expect(match, line).not.toBeNull();
        expect(match![1]).toBe(match![2]);
        return match![1]!;
      });
    expect(runtimeSteps.filter((step) => typeof step === 'string')).toEqual(RUNTIME_PATHS);
    expect(runtimeSteps.filter((step) => Array.isArray(step))).toEqual([PRODUCTION_INSTALL]);
    // The install needs only the lock file; the script copies everything before it too.
    const install = runtimeSteps.findIndex((step) => Array.isArray(step));
    expect(runtimeSteps.slice(0, install)).toEqual(['package.json', 'package-lock.json']);
  });

  it("sets the runtime's environment, runs as node and starts node itself", () => {
    const env = runtimeStage.find((line) => line.startsWith('ENV '))!;
    for (const [name, value] of Object.entries(RUNTIME_ENV)) {
      expect(env.split(/\s+/)).toContain(`${name}=${value}`);
    }
    expect(runtimeStage).toContain('USER node');
    const cmd = runtimeStage.find((line) => line.startsWith('CMD '))!;
    expect(JSON.parse(cmd.slice(4))).toEqual(START);
    expect(runtimeStage.find((line) => line.startsWith('HEALTHCHECK '))).toContain('/readyz');
  });

  it('includes the files the server reads from the sources at run time', () => {
    for (const file of [MIGRATIONS_DIR, COMMON_PASSWORDS_FILE]) {
      expect(RUNTIME_PATHS).toContain(path.relative(root, file));
    }
  });
});

describe('package.json for production (decision 0525)', () => {
  it('runs the server and every command from the build output, never through tsx', () => {
    for (const script of [
      'start',
      'seed',
      'admin:create',
      'admin:reset-two-factor',
      'backup',
      'restore',
    ]) {
      expect(packageJson.scripts[script]).toMatch(/^node scripts\/run-built\.mjs [a-z-]+$/);
    }
  });

  it('keeps the build tools out of the production dependencies', () => {
    for (const tool of [
      'vite',
      '@vitejs/plugin-react',
      'vite-plugin-pwa',
      'tailwindcss',
      'postcss',
      'autoprefixer',
      'esbuild',
      'tsx',
      'workbox-build',
    ]) {
      expect(packageJson.dependencies).not.toHaveProperty(tool);
      expect(packageJson.devDependencies).toHaveProperty(tool);
    }
  });
});
