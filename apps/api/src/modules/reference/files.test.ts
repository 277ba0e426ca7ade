import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { eq } from 'drizzle-orm';
import { statementsDuring } from '../../../test/helpers.js';
import { courses, departments, levels } from '../../db/schema/index.js';
import { superAdminApp } from './test-support.js';

/**
 * The registry's files at volume: an import reads and writes in batches (its statements do not grow
 * with its rows), an export walks keyset pages (no OFFSET) and an XLSX export streams what a CSV
 * export streams.
 */

const { state, call } = superAdminApp();

function multipart(csv: string) {
  const boundary = '----files' + Math.random().toString(16).slice(2);
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.csv"\r\nContent-Type: text/csv\r\n\r\n` +
    csv +
    `\r\n--${boundary}--\r\n`;
  return { payload, headers: { ...state.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function importCourses(lines: string[]) {
  const csv = ['Code,Title,Credit units,Level,Semester,Department,Type,Active', ...lines].join('\n');
  const { payload, headers } = multipart(csv);
  const response = await state.t.app.inject({
    method: 'POST',
    url: '/api/admin/courses/import',
    headers,
    payload,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Codes no seeded course has: 'ZQA 100', 'ZQA 101', … */
const courseLine = (n: number, title = `Imported Topic ${n}`) =>
  `ZQ${String.fromCharCode(65 + Math.floor(n / 900))} ${100 + (n % 900)},${title},3,100 Level,First,CSC,Compulsory,Yes`;

describe('registry import in batches', () => {
  // Its time is the machine's (PGlite is one process): the assertions are on statements, not seconds.
  it(
    'imports 1,000 rows with a bounded number of statements, and again unchanged with fewer',
    { timeout: 300_000 },
    async () => {
      const lines = Array.from({ length: 1000 }, (_, n) => courseLine(n));
      let first!: Awaited<ReturnType<typeof importCourses>>;
      const statements = await statementsDuring(state.t.database.db, async () => {
        first = await importCourses(lines);
      });
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.Data).toMatchObject({ totalRows: 1000, created: 1000, invalid: 0 });
      // Row by row this took about ten statements a row (10,000 here); in chunks of 500 it is the
      // lookups, one rule and one insert per row, and a few per chunk.
      expect(statements.length).toBeLessThan(1000 * 2 + 100);
      const lookups = statements.filter((q) => /^select/i.test(q) && /"courses"/.test(q));
      // The rule's duplicate check is one select a row; the key lookups and record reads are per chunk.
      expect(lookups.length).toBeLessThan(1000 + 50);

      let again!: Awaited<ReturnType<typeof importCourses>>;
      const unchanged = await statementsDuring(state.t.database.db, async () => {
        again = await importCourses(lines);
      });
      expect(again.body.Data).toMatchObject({ totalRows: 1000, created: 0, updated: 0, unchanged: 1000 });
      expect(unchanged.length).toBeLessThan(40);

      const audit = await call('GET', '/api/admin/audit?page=1&pageSize=5&entity=courses&action=create');
      expect(audit.status, audit.text).toBe(200);
      expect(audit.body.Total).toBeGreaterThanOrEqual(1000);
    },
  );

  it('still answers row by row when a chunk has a refused row, and a key twice updates the first', async () => {
    const result = await importCourses([
      courseLine(2000, 'Batch Neighbour One'),
      // The same code written without its space: the courses rule refuses it (one code).
      courseLine(2000).replace('ZQC 300', 'ZQC300'),
      courseLine(2001, 'Batch Neighbour Two'),
      courseLine(2001, 'Batch Neighbour Two Renamed'),
      courseLine(2002, 'Batch Neighbour Three'),
    ]);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.Data, JSON.stringify(result.body.Data.errors)).toMatchObject({
      totalRows: 5,
      created: 3,
      updated: 1,
      invalid: 1,
    });
    expect(result.body.Data.errors).toEqual(['Row 3: A course with this code already exists: ZQC 300.']);
    const renamed = await call('GET', '/api/admin/courses?page=1&pageSize=5&search=ZQC%20301');
    expect(renamed.body.Data.map((c: { title: string }) => c.title)).toEqual(['Batch Neighbour Two Renamed']);
  });
});

describe('registry export by keyset pages', () => {
  it('exports every matching row in pages that never use OFFSET, CSV and XLSX alike', async () => {
    // 2,500 records (three pages of 1,000), written straight to the table: this test is the export's.
    const [department] = await state.t.database.db
      .select()
      .from(departments)
      .where(eq(departments.code, 'CSC'));
    const [level] = await state.t.database.db.select().from(levels).where(eq(levels.name, '100 Level'));
    await state.t.database.db.insert(courses).values(
      Array.from({ length: 2500 }, (_, n) => ({
        code: `ZK${String.fromCharCode(65 + Math.floor(n / 900))} ${100 + (n % 900)}`,
        title: `Keyset Topic ${n}`,
        units: 3,
        levelId: level!.id,
        semester: 'First',
        departmentId: department!.id,
        type: 'Compulsory',
      })),
    );
    const list = await call('GET', '/api/admin/courses?page=1&pageSize=5&search=Keyset%20Topic');
    expect(list.body.Total).toBe(2500);

    let csv!: Awaited<ReturnType<typeof call>>;
    const statements = await statementsDuring(state.t.database.db, async () => {
      csv = await call('GET', '/api/admin/courses/export?format=csv&search=Keyset%20Topic');
    });
    expect(csv.status).toBe(200);
    const rows = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows.length - 1).toBe(2500);
    expect(new Set(rows.slice(1).map((r) => r.split(',')[0])).size).toBe(2500);
    const pages = statements.filter((q) => /"courses"/.test(q) && /limit/i.test(q));
    expect(pages.length).toBe(3);
    for (const q of pages) expect(q).not.toMatch(/offset/i);

    const xlsx = await state.t.app.inject({
      method: 'GET',
      url: '/api/admin/courses/export?format=xlsx&search=Keyset%20Topic',
      headers: state.auth,
    });
    expect(xlsx.statusCode).toBe(200);
    const dir = mkdtempSync(path.join(tmpdir(), 'registry-xlsx-'));
    try {
      const file = path.join(dir, 'courses.xlsx');
      writeFileSync(file, xlsx.rawPayload);
      const sheet = await readSheet(file);
      expect(sheet.length).toBe(2501);
      expect(sheet[0]).toEqual(rows[0]!.split(','));
      // The same rows as the CSV, in the same order; numbers stay numbers.
      expect(sheet.slice(1).map((r) => r[0])).toEqual(rows.slice(1).map((r) => r.split(',')[0]));
      expect(sheet[1]![2]).toBe(3);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
