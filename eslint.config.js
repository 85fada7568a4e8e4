import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import featureLayers from './eslint/feature-layers.js';
import featureQueries from './eslint/feature-queries.js';

const trinkgeld = { rules: { 'feature-layers': featureLayers, 'feature-queries': featureQueries } };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'test-results/**', 'scratch/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Promises handled on every path (decision 0585): a promise nobody awaits loses its error and
    // its order (a transaction, a NOTIFY, a reply sent twice). Type information comes from
    // tsconfig.json, the whole repository in one program, so eslint builds it once.
    files: ['**/*.{ts,tsx,mts}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Code shared with the browser must not reach for Node.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', '../server/*', '../web/*'] }],
    },
  },
  {
    // Borders of the request flow (issue 32, decision 0365). Only the entry points (main.ts,
    // server.ts, test/support/app.ts) import app.ts; features take narrow context types.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/server.ts', 'src/server/main.ts', 'src/server/app.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app(\\.(ts|js))?$',
              message: 'Only entry points import app.ts; take a narrow context type instead.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server reaches into src/web through one door: web/server-entry.ts, the components and
    // shapes it renders the guest and landing pages from.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['src/server/http/**', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app(\\.(ts|js))?$',
              message: 'Only entry points import app.ts; take a narrow context type instead.',
            },
            {
              regex: '^(\\.\\./)+web/(?!server-entry$)',
              message: 'Server code imports from src/web only through web/server-entry.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // http/ is the plumbing every feature stands on: it imports no feature internals.
    files: ['src/server/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+app(\\.(ts|js))?$',
              message: 'Only entry points import app.ts; take a narrow context type instead.',
            },
            {
              regex: '^(\\.\\./)+web/',
              message: 'http/ imports nothing from src/web.',
            },
            { group: ['../features/*', '../features/**'], message: 'http/ imports no feature.' },
          ],
        },
      ],
    },
  },
  {
    // Layers of src/server and no circles between feature folders (eslint/layers.js, decision
    // 0550). Tests may reach across: they set up what the code under test needs.
    files: ['src/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { trinkgeld },
    rules: { 'trinkgeld/feature-layers': 'error' },
  },
  {
    // A feature's database calls live in its queries.ts or queries/ (decision 0575): elsewhere in
    // a feature no drizzle-orm, no db/schema, and db/connect for types only. The rule exempts
    // queries and tests itself.
    files: ['src/server/features/**/*.{ts,tsx}'],
    plugins: { trinkgeld },
    rules: { 'trinkgeld/feature-queries': 'error' },
  },
);
