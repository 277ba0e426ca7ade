import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { ALL_TABLES, tablesReadableBy } from './apps/api/src/db/schema/owners.mjs';
import house from './scripts/lint/module-cycles.mjs';

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

// The API does not import the web app (apps/web, @portal/web).
const noWebImport = {
  regex: '^@portal/web(?:/|$)|^(?:\\.\\./)+(?:apps/)?web/',
  message: 'The API must not import the web app. Share it through @portal/contracts.',
};

// Drizzle is for repositories (*.repository.ts, repositories/), db/ and platform/ plumbing.
const noDrizzle = {
  regex: '^drizzle-orm(?:/|$)',
  message:
    'Drizzle belongs in a repository (*.repository.ts or repositories/): call a repository function here.',
};

const noOtherRepository = (module) => ({
  regex: `(?:^(?:\\.\\./)+|(?:^|/)modules/)${anyOf(apiModules.filter((name) => name !== module))}/(?:.*/)?[^/]*\\.repository(?:\\.[jt]s)?$`,
  message: `The ${module} module must not import another module's repository. Call that module's service instead.`,
});

// Each table has an owner (apps/api/src/db/schema/owners.mjs): a module imports from db/schema only
// its own tables, the registry's, and the reads granted there.
const noOtherTables = (module) => {
  const readable = new Set(tablesReadableBy(module));
  return {
    regex: '(?:^|/)db/schema(?:/[^/]+)?$',
    importNames: ALL_TABLES.filter((table) => !readable.has(table)),
    message: `The ${module} module must not read another module's tables: call the owner's service (owners: apps/api/src/db/schema/owners.mjs).`,
  };
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
  // The API never imports the web (it serves the web's built files from disk, nothing more).
  {
    files: ['apps/api/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noWebImport] }] },
  },
  {
    files: ['apps/api/src/*.ts', 'apps/api/src/modules/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppImport, noWebImport, noDrizzle] }] },
  },
  // Per API module: no other module's repository (call its service), no other module's tables, and
  // Drizzle only in repositories. Later blocks relax a rule for repositories and tests.
  ...apiModules.flatMap((module) => {
    const always = [noAppImport, noWebImport, noOtherRepository(module)];
    const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
    const dir = `apps/api/src/modules/${module}`;
    return [
      { files: [`${dir}/**`], rules: restrict([...always, noDrizzle, noOtherTables(module)]) },
      {
        files: [`${dir}/**/*.repository.ts`, `${dir}/**/repositories/**`],
        rules: restrict([...always, noOtherTables(module)]),
      },
      { files: [`${dir}/**/*.test.ts`, `${dir}/**/test-support.ts`], rules: restrict(always) },
    ];
  }),
  // Drizzle outside a repository, for now: these two files are being rewritten by the follow-ups of
  // issue 23 (keyset exports, the registry import's N+1); their queries move to repositories then.
  ...['reference/reference.files.ts', 'payments/school-fees.ts'].map((file) => {
    const module = file.split('/')[0];
    return {
      files: [`apps/api/src/modules/${file}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [noAppImport, noWebImport, noOtherRepository(module), noOtherTables(module)] },
        ],
      },
    };
  }),
  // No cycle between API modules (docs/ARCHITECTURE.md, "Module graph").
  {
    files: ['apps/api/src/modules/**/*.ts'],
    plugins: { house },
    rules: { 'house/no-module-cycle': ['error', { modulesDir: 'apps/api/src/modules' }] },
  },
  // Shared web components do not import features: a feature builds on components, never the reverse.
  {
    files: ['apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)features(?:/|$)|^@/features(?:/|$)',
              message:
                'Shared components must not import a feature. Move what both need into apps/web/src/components/ or lib/, or pass it in as a prop.',
            },
          ],
        },
      ],
    },
  },
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
