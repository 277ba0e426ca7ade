import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** The folders directly under `dir` (relative to this file): one config block is generated per folder. */
function foldersIn(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (names) => `(?:${names.map(escapeRegex).join('|')})`;

/**
 * House boundaries (docs/ARCHITECTURE.md). ESLint keeps one set of options per rule per file, so
 * each generated block carries every restriction that applies to its files.
 */
const webFeatures = foldersIn('./apps/web/src/features/');
const apiModules = foldersIn('./apps/api/src/modules/');

// apps/api/src/modules/** must not import app.ts: AppDeps lives in platform/deps.ts.
const noAppImport = {
  regex: '^(?:\\.\\./)+app(?:\\.[jt]s)?$',
  message: 'Modules must not import app.ts (an import circle). Import AppDeps from platform/deps.js.',
};

const boundaries = [
  // A web feature does not import another feature: shared parts go to apps/web/src/components/ or lib/.
  ...webFeatures.map((feature) => {
    const others = anyOf(webFeatures.filter((name) => name !== feature));
    return {
      files: [`apps/web/src/features/${feature}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(?:^|/)features/${others}(?:/|$)|^(?:\\.\\./)+${others}(?:/|$)`,
                message: `The ${feature} feature must not import another feature. Move what both need to apps/web/src/components/ or apps/web/src/lib/.`,
              },
            ],
          },
        ],
      },
    };
  }),
  // An API module does not import another module's repository: it calls that module's service.
  {
    files: ['apps/api/src/modules/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImport] }] },
  },
  ...apiModules.map((module) => {
    const others = anyOf(apiModules.filter((name) => name !== module));
    return {
      files: [`apps/api/src/modules/${module}/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              noAppImport,
              {
                regex: `(?:^(?:\\.\\./)+|(?:^|/)modules/)${others}/(?:.*/)?[^/]*\\.repository(?:\\.[jt]s)?$`,
                message: `The ${module} module must not import another module's repository. Call that module's service instead.`,
              },
            ],
          },
        ],
      },
    };
  }),
  // The contract package depends on zod alone: no other package, no Node built-in, nothing outside
  // its src/ (a file n folders deep may climb at most n levels).
  ...[0, 1, 2, 3, 4].map((depth) => ({
    files: [`packages/contracts/src/${'*/'.repeat(depth)}${depth === 4 ? '**' : '*'}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!zod(?:/|$)|\\.\\.?/)|^(?:\\.\\./){${depth + 1},}`,
              message: '@portal/contracts may import only zod (and zod/*) and its own files under src/.',
            },
          ],
        },
      ],
    },
  })),
  // Browser tests take `test` and `expect` from e2e/fixtures.ts, which fails a test on any console
  // error or uncaught page error; Playwright's own would let those pass unseen.
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['default', 'test', 'expect'],
              message: 'Import test and expect from e2e/fixtures.ts (it fails a test on console errors).',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '.ci/**'],
    languageOptions: { globals: globals.node },
  },
  ...boundaries,
);
