import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INDIGENE_STATE_ID, TUITION_PAYMENT_ITEM_ID } from '@portal/contracts';
import {
  academicSessions,
  departments,
  entryModes,
  feeSchedule,
  levels,
  programmes,
  students,
} from '../../db/schema/index.js';
import { login } from '../../../test/helpers.js';
import { studentDue, type Payer } from '../payments/purposes.js';
import { superAdminApp } from './test-support.js';

/**
 * Department tuition is the fee schedule's Tuition lines for a department and a level (ADR 11): what
 * the page shows is what a student of that department is charged. The migration that made it so kept
 * every due as it was.
 */

type Row = Record<string, unknown> & { id: number };
const { state, call } = superAdminApp();
const db = () => state.t.database.db;

async function list(name: string, query = ''): Promise<Row[]> {
  const response = await call('GET', `/api/admin/${name}?pageSize=100${query ? `&${query}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.body.Data as Row[];
}

async function ids() {
  const [session] = await db().select().from(academicSessions).where(eq(academicSessions.isCurrent, true));
  const [csc] = await db().select().from(departments).where(eq(departments.code, 'CSC'));
  const [level100] = await db().select().from(levels).where(eq(levels.name, '100 Level'));
  return { sessionId: session!.id, departmentId: csc!.id, levelId: level100!.id };
}

describe('department tuition', () => {
  it('edits the Tuition line its department and level are charged, and nothing else', async () => {
    const { sessionId, departmentId, levelId } = await ids();
    const student = (await login(state.t.app, 'Student', 'DIT/2024/0002')).auth; // CSC 100, non-indigene
    const statement = async () =>
      (await state.t.app.inject({ method: 'GET', url: '/api/student/school-fees', headers: student })).json()
        .Data as { Total: number; Lines: { Name: string; Amount: number }[] };

    const lines = await list('department-tuition', `departmentId=${departmentId}&sessionId=${sessionId}`);
    expect(lines.map((r) => r.levelName).sort()).toEqual([
      '100 Level',
      '200 Level',
      '300 Level',
      '400 Level',
    ]);
    const line = lines.find((r) => r.levelId === levelId)!;
    // The demo's department line is priced as the level's Tuition line: ₦45,000 / ₦75,000.
    expect([line.indigeneAmountKobo, line.nonIndigeneAmountKobo]).toEqual([4_500_000, 7_500_000]);
    const before = await statement();

    const raised = await call('PUT', `/api/admin/department-tuition/${line.id}`, {
      sessionId,
      departmentId,
      levelId,
      indigeneAmountKobo: 4_600_000,
      nonIndigeneAmountKobo: 7_700_000,
    });
    expect(raised.status, raised.text).toBe(200);
    const after = await statement();
    expect(after.Total - before.Total).toBe(2_000); // naira: the non-indigene line went up by ₦2,000

    // The same row is a line of the fee schedule (Tuition, Computer Science, 100 level).
    const feeItem = (await list('fee-items', `sessionId=${sessionId}&departmentId=${departmentId}`)).find(
      (r) => r.id === line.id,
    );
    expect(feeItem).toMatchObject({ itemId: TUITION_PAYMENT_ITEM_ID, levelId, programmeId: null });

    // A line outside the scope (the session-wide Tuition line) is not department tuition.
    const [sessionWide] = await db()
      .select({ id: feeSchedule.id })
      .from(feeSchedule)
      .where(
        and(
          eq(feeSchedule.sessionId, sessionId),
          eq(feeSchedule.itemId, TUITION_PAYMENT_ITEM_ID),
          isNull(feeSchedule.levelId),
          isNull(feeSchedule.departmentId),
        ),
      );
    const outside = await call('GET', `/api/admin/department-tuition/${sessionWide!.id}`);
    expect(outside.status, outside.text).toBe(404);
    expect((await call('DELETE', `/api/admin/department-tuition/${sessionWide!.id}`)).status).toBe(404);

    // A new department line is a Tuition line for any programme and entry mode; no other is accepted.
    const [other] = await db().select().from(departments).where(eq(departments.code, 'MCB'));
    const created = await call('POST', '/api/admin/department-tuition', {
      sessionId,
      departmentId: other!.id,
      levelId,
      indigeneAmountKobo: 3_000_000,
      nonIndigeneAmountKobo: 6_000_000,
    });
    expect(created.status, created.text).toBe(200);
    const widened = await call('POST', '/api/admin/department-tuition', {
      sessionId,
      departmentId: other!.id,
      levelId: levelId + 1,
      indigeneAmountKobo: 3_000_000,
      nonIndigeneAmountKobo: 6_000_000,
      itemId: 5,
    });
    expect(widened.status).toBe(400);
    const [stored] = await db().select().from(feeSchedule).where(eq(feeSchedule.id, created.body.Data.id));
    expect(stored).toMatchObject({ itemId: TUITION_PAYMENT_ITEM_ID, programmeId: null, entryModeId: null });
  });

  it("moved the old list into the fee schedule without changing any student's due", async () => {
    const { sessionId, departmentId, levelId } = await ids();
    const [programme] = await db().select().from(programmes).limit(1);
    const modes = await db().select().from(entryModes).limit(2);
    const [entry, unnamedEntry] = [modes[0]!, modes[1]!];
    const [model] = await db().select().from(students).where(eq(students.matricNo, 'DIT/2024/0002'));

    // The database as it was before the migration: department tuition a list of its own (priced
    // apart, never charged), and Tuition lines naming a programme and an entry mode, in an order that
    // makes the most-specific rule's tie-break matter.
    await db().execute(sql`
      delete from fee_schedule where item_id = ${TUITION_PAYMENT_ITEM_ID} and department_id is not null`);
    await db().execute(sql`alter table department_tuition_retired rename to department_tuition`);
    await db().execute(sql`
      insert into department_tuition (session_id, department_id, level_id, indigene_amount_kobo, non_indigene_amount_kobo)
      values (${sessionId}, ${departmentId}, ${levelId}, 5000000, 8500000)`);
    const tuitionLine = (
      scope: Partial<Record<'levelId' | 'programmeId' | 'entryModeId', number>>,
      naira: number,
    ) =>
      db()
        .insert(feeSchedule)
        .values({
          sessionId,
          itemId: TUITION_PAYMENT_ITEM_ID,
          ...scope,
          indigeneAmountKobo: naira * 100,
          nonIndigeneAmountKobo: (naira + 30_000) * 100,
        });
    await tuitionLine({ programmeId: programme!.id, entryModeId: entry.id }, 45_000);
    await tuitionLine({ levelId, programmeId: programme!.id }, 40_000);
    await tuitionLine({ levelId, entryModeId: entry.id }, 41_000);

    // Every kind of Computer Science 100-level student: each programme and entry mode the lines name
    // (or none of them), indigene or not.
    const payers: Payer[] = [];
    for (const programmeId of [null, programme!.id])
      for (const entryModeId of [null, entry.id, unnamedEntry.id])
        for (const stateId of [INDIGENE_STATE_ID, 1])
          payers.push({
            kind: 'Student',
            id: model!.id,
            name: 'A student',
            email: 'a@demo.edu.ng',
            phone: null,
            payeeNo: 'DIT/2024/0002',
            stateId,
            levelId,
            departmentId,
            programmeId,
            entryModeId,
          });
    // In a transaction: the fee schedule is read from the database, not the process's reference cache.
    const dues = () =>
      db().transaction(async (tx) =>
        Promise.all(payers.map(async (p) => (await studentDue(tx, p, 1, sessionId)).totalKobo)),
      );
    const before = await dues();

    const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
    const file = readdirSync(dir).find((f) => f.endsWith('_department_tuition_in_fee_schedule.sql'))!;
    for (const statement of readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint'))
      if (statement.trim()) await db().execute(sql.raw(statement));

    expect(await dues()).toEqual(before);
    const moved = await list('department-tuition', `departmentId=${departmentId}&sessionId=${sessionId}`);
    // Priced at what that department and level paid (the 100-level line), not the old list's ₦50,000.
    expect(moved.map((r) => [r.levelId, r.indigeneAmountKobo])).toEqual([[levelId, 4_500_000]]);
    const retired = await db().execute(sql`select count(*)::int as n from department_tuition_retired`);
    expect(
      (retired as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (retired as never)[0],
    ).toBeTruthy();
  });
});
