// The house's lint rules (eslint.config.mjs), each shown failing on a planted violation and
// passing on the same file without it. Source text is linted in memory with the real config:
// nothing is written to the tree. Run by `npm test` (scripts/test-all.mjs, "lint rules") or
// `node --test scripts/lint-rules.test.mjs`.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { ALL_TABLES, TABLE_OWNERS, TABLE_READERS } from '../apps/api/src/db/schema/owners.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The messages of `ruleId` for `code` linted as if it were the file at `filePath` (from the root). */
async function problems(filePath, code, ruleId) {
  const [result] = await eslint.lintText(code, { filePath, warnIgnored: true });
  return result.messages.filter((m) => m.ruleId === ruleId || m.fatal).map((m) => m.message);
}

async function assertRefused(filePath, code, ruleId, pattern) {
  const found = await problems(filePath, code, ruleId);
  assert.equal(found.length, 1, `expected one ${ruleId} error in ${filePath}, got: ${JSON.stringify(found)}`);
  assert.match(found[0], pattern);
}

async function assertAllowed(filePath, code, ruleId) {
  assert.deepEqual(await problems(filePath, code, ruleId), [], `${filePath} should pass ${ruleId}`);
}

test('a cycle between API modules fails lint', async () => {
  // student-dashboard reads payments (the school-fees standing): payments importing it back closes a cycle.
  const file = 'apps/api/src/modules/payments/payments.service.ts';
  await assertRefused(
    file,
    "import { getDashboard } from '../student-dashboard/dashboard.service.js';\nexport const planted = getDashboard;\n",
    'house/no-module-cycle',
    /Module 'payments' imports 'student-dashboard', which already reaches back to it \(payments → student-dashboard → payments\)/,
  );
  // A cycle of modules through different files, which no per-file cycle check sees: documents.service
  // imports applicants.service, so applicants importing documents' routes is refused too.
  await assertRefused(
    'apps/api/src/modules/applicants/applicants.routes.ts',
    "import { documentsRoutes } from '../documents/documents.routes.js';\nexport const planted = documentsRoutes;\n",
    'house/no-module-cycle',
    /'applicants' imports 'documents'/,
  );
  await assertAllowed(
    file,
    "import { sendPdf } from '../../platform/downloads.js';\nimport { getApplicantFacts } from '../applicants/applicants.service.js';\nexport const planted = [sendPdf, getApplicantFacts];\n",
    'house/no-module-cycle',
  );
});

test('Drizzle outside a repository fails lint', async () => {
  const code = "import { sql } from 'drizzle-orm';\nexport const planted = sql`select 1`;\n";
  await assertRefused(
    'apps/api/src/modules/hostels/hostels.service.ts',
    code,
    'no-restricted-imports',
    /Drizzle belongs in a repository/,
  );
  await assertRefused(
    'apps/api/src/app.ts',
    code,
    'no-restricted-imports',
    /Drizzle belongs in a repository/,
  );
  await assertAllowed('apps/api/src/modules/hostels/hostels.repository.ts', code, 'no-restricted-imports');
  await assertAllowed('apps/api/src/modules/reference/repositories/tables.ts', code, 'no-restricted-imports');
  await assertAllowed('apps/api/src/platform/db.ts', code, 'no-restricted-imports');
});

test("a module reading another module's tables fails lint", async () => {
  const file = 'apps/api/src/modules/hostels/hostels.repository.ts';
  await assertRefused(
    file,
    "import { hostelRounds, resultSheets } from '../../db/schema/index.js';\nexport const planted = [hostelRounds, resultSheets];\n",
    'no-restricted-imports',
    /'resultSheets' import from '..\/..\/db\/schema\/index.js' is restricted.*The hostels module must not read another module's tables/,
  );
  // Its own tables, the registry's (rooms, students) and the reads granted (fee accounts) pass.
  await assertAllowed(
    file,
    "import { hostelRounds, rooms, students, feeAccounts } from '../../db/schema/index.js';\nexport const planted = [hostelRounds, rooms, students, feeAccounts];\n",
    'no-restricted-imports',
  );
});

test('every table of db/schema has exactly one owner', () => {
  const schemaDir = new URL('../apps/api/src/db/schema/', import.meta.url);
  const declared = readdirSync(schemaDir)
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) =>
      [...readFileSync(new URL(name, schemaDir), 'utf8').matchAll(/export const (\w+) = pgTable\b/g)].map(
        (m) => m[1],
      ),
    );
  assert.ok(declared.length > 50, 'the schema was read');
  assert.deepEqual([...ALL_TABLES].sort(), [...new Set(ALL_TABLES)].sort(), 'a table has two owners');
  assert.deepEqual([...ALL_TABLES].sort(), [...declared].sort());
  for (const [table, readers] of Object.entries(TABLE_READERS)) {
    assert.ok(ALL_TABLES.includes(table), `${table} is granted but has no owner`);
    for (const reader of readers)
      assert.ok(!TABLE_OWNERS[reader]?.includes(table), `${reader} owns ${table}`);
  }
});

test('shared web components importing a feature fails lint', async () => {
  const file = 'apps/web/src/components/DataTable.tsx';
  await assertRefused(
    file,
    "import { StudentDashboard } from '../features/student/components/StudentDashboard';\nexport const planted = StudentDashboard;\n",
    'no-restricted-imports',
    /Shared components must not import a feature/,
  );
  await assertAllowed(
    file,
    "import { api } from '../lib/api';\nexport const planted = api;\n",
    'no-restricted-imports',
  );
});

test('the API importing the web fails lint', async () => {
  for (const [file, specifier] of [
    ['apps/api/src/platform/mail.ts', '../../../web/src/lib/api'],
    ['apps/api/src/modules/students/students.service.ts', '@portal/web/src/lib/api'],
    ['apps/api/test/helpers.ts', '../../web/src/i18n/messages/admin/en.json'],
  ]) {
    await assertRefused(
      file,
      `import planted from '${specifier}';\nexport { planted };\n`,
      'no-restricted-imports',
      /The API must not import the web app/,
    );
  }
});
