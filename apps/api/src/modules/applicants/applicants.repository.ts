import { and, asc, desc, eq, getTableName, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.js';
import {
  academicSessions,
  admissionBatches,
  admissionSessions,
  applicantDocuments,
  applicants,
  countries,
  coursesOfStudy,
  departments,
  entryModes,
  faculties,
  feeSchedule,
  guardians,
  levels,
  lgas,
  listedApplicants,
  olevelResults,
  paymentItems,
  payments,
  states,
} from '../../db/schema/index.js';

/** A database handle or an open transaction. */
export type Exec = Db | Tx;

/**
 * `"table"."column"`, always qualified. Drizzle leaves columns unqualified in a single-table
 * query, and inside a subquery an unqualified name would mean the subquery's own table.
 */
export function qualified(column: AnyPgColumn) {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * A reference name as a scalar subquery. Scalar subqueries instead of nine joins: the planner
 * would otherwise search join orders on every call, which costs far more than the lookups.
 */
function nameOf(table: AnyPgTable, column: AnyPgColumn, ref: AnyPgColumn) {
  return sql<
    string | null
  >`(select r.${sql.identifier(column.name)} from ${table} r where r.id = ${qualified(ref)})`;
}

/**
 * Everything the applicant record is built from, in one query: the stored facts the progress
 * flags are derived from, and the names the slip shows.
 */
export async function findApplicantFacts(db: Exec, applicantId: number) {
  let facts = factsStatements.get(db);
  if (!facts) {
    facts = factsQuery(db);
    factsStatements.set(db, facts);
  }
  const [row] = await facts.execute({ applicantId });
  if (!row) return undefined;
  return { ...row, documentKinds: parsePgArray(row.documentKinds) };
}
export type ApplicantFactsRow = NonNullable<Awaited<ReturnType<typeof findApplicantFacts>>>;

/**
 * The facts query as a named statement, one per database handle: every signed-in applicant's
 * dashboard reads it, and each connection then parses and plans it once rather than per request.
 */
const factsStatements = new WeakMap<Exec, ReturnType<typeof factsQuery>>();

function factsQuery(db: Exec) {
  return db
    .select({
      id: applicants.id,
      publicId: applicants.publicId,
      jambRegNo: applicants.jambRegNo,
      email: applicants.email,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      otherName: applicants.otherName,
      phone: applicants.phone,
      gender: applicants.gender,
      dateOfBirth: applicants.dateOfBirth,
      maritalStatus: applicants.maritalStatus,
      address: applicants.address,
      countryId: applicants.countryId,
      countryName: nameOf(countries, countries.name, applicants.countryId),
      stateId: applicants.stateId,
      stateName: nameOf(states, states.name, applicants.stateId),
      lgaId: applicants.lgaId,
      lgaName: nameOf(lgas, lgas.name, applicants.lgaId),
      departmentId: applicants.departmentId,
      departmentName: nameOf(departments, departments.name, applicants.departmentId),
      categoryName: nameOf(departments, departments.categoryName, applicants.departmentId),
      courseOfStudyId: applicants.courseOfStudyId,
      courseOfStudyName: nameOf(coursesOfStudy, coursesOfStudy.name, applicants.courseOfStudyId),
      programmeId: sql<
        number | null
      >`(select ${coursesOfStudy.programmeId} from ${coursesOfStudy} where ${coursesOfStudy.id} = ${applicants.courseOfStudyId})`,
      levelId: applicants.levelId,
      levelName: nameOf(levels, levels.name, applicants.levelId),
      entryModeId: applicants.entryModeId,
      entryModeName: nameOf(entryModes, entryModes.name, applicants.entryModeId),
      admissionSessionName: nameOf(admissionSessions, admissionSessions.name, applicants.admissionSessionId),
      passportKey: applicants.passportKey,
      passwordChangedAt: applicants.passwordChangedAt,
      biodataSavedAt: applicants.biodataSavedAt,
      registeredAt: applicants.registeredAt,
      admissionStatus: applicants.admissionStatus,
      rejectionReason: applicants.rejectionReason,
      admittedAt: applicants.admittedAt,
      acceptancePaidAt: applicants.acceptancePaidAt,
      olevelCount: sql<number>`(select count(*)::int from ${olevelResults} r where r.applicant_id = ${qualified(applicants.id)})`,
      documentKinds: sql<
        string[]
      >`coalesce((select array_agg(r.kind) from ${applicantDocuments} r where r.applicant_id = ${qualified(applicants.id)}), '{}')`,
      isListed: sql<boolean>`exists (select 1 from ${listedApplicants} r where upper(r.jamb_reg_no) = upper(${qualified(applicants.jambRegNo)}))`,
    })
    .from(applicants)
    .where(eq(applicants.id, sql.placeholder('applicantId')))
    .limit(1)
    .prepare('applicant_facts');
}

/** node-postgres and PGlite parse text[]; a raw '{a,b}' string is parsed here just in case. */
function parsePgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.startsWith('{')) {
    const inner = value.slice(1, -1);
    return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
  }
  return [];
}

/** Locks the applicant's row for the rest of the transaction and returns what the lock rules need. */
export async function lockApplicant(tx: Tx, applicantId: number) {
  const [row] = await tx
    .select({
      id: applicants.id,
      registeredAt: applicants.registeredAt,
      admissionSessionId: applicants.admissionSessionId,
      admissionBatchId: applicants.admissionBatchId,
    })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .for('update')
    .limit(1);
  return row;
}

export async function findRegistration(db: Exec, applicantId: number) {
  const [row] = await db
    .select({ id: applicants.id, registeredAt: applicants.registeredAt })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row;
}

export async function markRegistered(tx: Tx, applicantId: number, at: Date, admissionBatchId: number | null) {
  await tx
    .update(applicants)
    .set({ registeredAt: at, ...(admissionBatchId ? { admissionBatchId } : {}) })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.registeredAt)));
}

/** The open batch of an admission session that registrations join (the first one opened). */
export async function openBatchOf(db: Exec, admissionSessionId: number) {
  const [row] = await db
    .select({ id: admissionBatches.id })
    .from(admissionBatches)
    .where(
      and(eq(admissionBatches.admissionSessionId, admissionSessionId), eq(admissionBatches.isOpen, true)),
    )
    .orderBy(asc(admissionBatches.id))
    .limit(1);
  return row?.id ?? null;
}

export async function findPassportRef(db: Exec, applicantId: number) {
  const [row] = await db
    .select({ publicId: applicants.publicId, passportKey: applicants.passportKey })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row;
}

/** Records the acceptance fee once; a second call keeps the first time. Returns whether it changed. */
export async function setAcceptancePaid(
  tx: Exec,
  applicantId: number,
  paidAt: Date,
): Promise<boolean | null> {
  const updated = await tx
    .update(applicants)
    .set({ acceptancePaidAt: paidAt })
    .where(and(eq(applicants.id, applicantId), isNull(applicants.acceptancePaidAt)))
    .returning({ id: applicants.id });
  if (updated.length > 0) return true;
  const [exists] = await tx
    .select({ id: applicants.id })
    .from(applicants)
    .where(eq(applicants.id, applicantId));
  return exists ? false : null;
}

// ---------------------------------------------------------------------------------------------
// Biodata and guardian.

export async function findBiodata(db: Exec, applicantId: number) {
  const [row] = await db
    .select({
      id: applicants.id,
      jambRegNo: applicants.jambRegNo,
      firstName: applicants.firstName,
      otherName: applicants.otherName,
      lastName: applicants.lastName,
      email: applicants.email,
      dateOfBirth: applicants.dateOfBirth,
      gender: applicants.gender,
      phone: applicants.phone,
      address: applicants.address,
      maritalStatus: applicants.maritalStatus,
      countryId: applicants.countryId,
      stateId: applicants.stateId,
      lgaId: applicants.lgaId,
      departmentId: applicants.departmentId,
      courseOfStudyId: applicants.courseOfStudyId,
      entryModeId: applicants.entryModeId,
      levelId: applicants.levelId,
      biodataSavedAt: applicants.biodataSavedAt,
      registeredAt: applicants.registeredAt,
    })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row;
}

type ReferenceTable =
  typeof countries | typeof states | typeof lgas | typeof departments | typeof coursesOfStudy;

async function findReference<T extends ReferenceTable>(
  db: Exec,
  table: T,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as ReferenceTable)
    .where(eq(table.id, id))
    .limit(1);
  return row;
}

export const findCountry = (db: Exec, id: number) => findReference(db, countries, id);
export const findState = (db: Exec, id: number) => findReference(db, states, id);
export const findLga = (db: Exec, id: number) => findReference(db, lgas, id);
export const findDepartment = (db: Exec, id: number) => findReference(db, departments, id);
export const findCourseOfStudy = (db: Exec, id: number) => findReference(db, coursesOfStudy, id);

export async function emailUsedByOther(db: Exec, email: string, applicantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: applicants.id })
    .from(applicants)
    .where(
      and(eq(sql`lower(${applicants.email})`, email.toLowerCase()), sql`${applicants.id} <> ${applicantId}`),
    )
    .limit(1);
  return Boolean(row);
}

export async function updateBiodata(
  tx: Tx,
  applicantId: number,
  values: Partial<typeof applicants.$inferInsert>,
) {
  await tx.update(applicants).set(values).where(eq(applicants.id, applicantId));
}

export async function findGuardian(db: Exec, applicantId: number) {
  const [row] = await db.select().from(guardians).where(eq(guardians.applicantId, applicantId)).limit(1);
  return row;
}

export async function upsertGuardian(tx: Tx, values: typeof guardians.$inferInsert) {
  const { applicantId: _id, ...rest } = values;
  await tx.insert(guardians).values(values).onConflictDoUpdate({ target: guardians.applicantId, set: rest });
}

// ---------------------------------------------------------------------------------------------
// Payments (written by the payments module) and the fee schedule.

export async function paymentsOfApplicant(db: Exec, applicantId: number, page: number, pageSize: number) {
  const where = eq(payments.applicantId, applicantId);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const itemIds = [...new Set(rows.flatMap((r) => r.itemIds))];
  const items = itemIds.length
    ? await db
        .select({ id: paymentItems.id, name: paymentItems.name })
        .from(paymentItems)
        .where(inArray(paymentItems.id, itemIds))
    : [];
  return { total: count?.total ?? 0, rows, items };
}

export async function currentAcademicSession(db: Exec) {
  const [row] = await db.select().from(academicSessions).where(eq(academicSessions.isCurrent, true)).limit(1);
  return row;
}

/** Fee lines of a session that apply to a level, department, programme and entry mode (a null column applies to all). */
export async function feeLines(
  db: Exec,
  sessionId: number,
  target: {
    levelId: number | null;
    departmentId: number | null;
    programmeId: number | null;
    entryModeId: number | null;
  },
) {
  const matches = (
    column:
      | typeof feeSchedule.levelId
      | typeof feeSchedule.departmentId
      | typeof feeSchedule.programmeId
      | typeof feeSchedule.entryModeId,
    value: number | null,
  ) => (value === null ? isNull(column) : or(isNull(column), eq(column, value)));
  return db
    .select({
      id: feeSchedule.id,
      itemId: feeSchedule.itemId,
      name: paymentItems.name,
      levelId: feeSchedule.levelId,
      departmentId: feeSchedule.departmentId,
      entryModeId: feeSchedule.entryModeId,
      programmeId: feeSchedule.programmeId,
      indigeneKobo: feeSchedule.indigeneAmountKobo,
      nonIndigeneKobo: feeSchedule.nonIndigeneAmountKobo,
    })
    .from(feeSchedule)
    .innerJoin(paymentItems, eq(paymentItems.id, feeSchedule.itemId))
    .where(
      and(
        eq(feeSchedule.sessionId, sessionId),
        matches(feeSchedule.levelId, target.levelId),
        matches(feeSchedule.departmentId, target.departmentId),
        matches(feeSchedule.entryModeId, target.entryModeId),
        matches(feeSchedule.programmeId, target.programmeId),
      ),
    )
    .orderBy(asc(feeSchedule.itemId), asc(feeSchedule.id));
}

// ---------------------------------------------------------------------------------------------
// Reference lists for the biodata form.

export async function listCountries(db: Exec, q: string | undefined, page: number, pageSize: number) {
  const where = q ? ilike(countries.name, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(countries)
    .where(where);
  const rows = await db
    .select()
    .from(countries)
    .where(where)
    .orderBy(asc(countries.name))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { total: count?.total ?? 0, rows };
}

export async function listStates(db: Exec, countryId?: number) {
  return db
    .select()
    .from(states)
    .where(countryId ? eq(states.countryId, countryId) : undefined)
    .orderBy(asc(states.name));
}

export async function listLgas(db: Exec, stateId: number) {
  return db.select().from(lgas).where(eq(lgas.stateId, stateId)).orderBy(asc(lgas.name));
}

export async function listDepartments(db: Exec, page: number, pageSize: number) {
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(departments);
  const rows = await db
    .select({
      id: departments.id,
      name: departments.name,
      categoryName: departments.categoryName,
      facultyName: faculties.name,
    })
    .from(departments)
    .innerJoin(faculties, eq(faculties.id, departments.facultyId))
    .orderBy(asc(departments.name))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const courses = rows.length
    ? await db
        .select({
          id: coursesOfStudy.id,
          name: coursesOfStudy.name,
          departmentId: coursesOfStudy.departmentId,
        })
        .from(coursesOfStudy)
        .where(
          inArray(
            coursesOfStudy.departmentId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(coursesOfStudy.name))
    : [];
  return { total: count?.total ?? 0, rows, courses };
}
