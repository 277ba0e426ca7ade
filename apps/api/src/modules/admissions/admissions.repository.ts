import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  ACCEPTANCE_PAYMENT_CATEGORY_ID,
  MIN_OLEVEL_SUBJECTS,
  REQUIRED_DOCUMENT_KINDS,
  type ApplicationView,
} from '@portal/contracts';
import {
  admissionListPublications,
  admissionSessions,
  applicantSearchName,
  applicants,
  coursesOfStudy,
  departments,
  entryModes,
  lgas,
  payments,
  states,
} from '../../db/schema/index.js';
import { countSql, likeEscape, preparedOn, type Exec } from '../../platform/db.js';

/** The only Drizzle code of the admissions processing screens. */

const requiredKinds = sql.join(
  REQUIRED_DOCUMENT_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/** Where an applicant is on the road from sign-up to acceptance, from stored facts. */
export const stageSql = sql<string>`case
  when ${applicants.admissionStatus} = 'rejected' then 'rejected'
  when ${applicants.acceptancePaidAt} is not null then 'accepted'
  when ${applicants.admissionStatus} = 'admitted' then 'admitted'
  when ${applicants.admissionStatus} = 'verified' then 'verified'
  when ${applicants.admissionStatus} = 'screened' then 'screened'
  when ${applicants.registeredAt} is not null then 'registered'
  when (select count(distinct d.kind) from applicant_documents d where d.applicant_id = ${applicants.id} and d.kind in (${requiredKinds})) = ${REQUIRED_DOCUMENT_KINDS.length} then 'documents'
  when (select count(*) from olevel_results o where o.applicant_id = ${applicants.id}) >= ${MIN_OLEVEL_SUBJECTS} then 'olevel'
  when ${applicants.biodataSavedAt} is not null then 'biodata'
  else 'new' end`;

export function viewCondition(view: ApplicationView): SQL | undefined {
  switch (view) {
    case 'all':
      return undefined;
    case 'inprogress':
      return isNull(applicants.registeredAt);
    case 'completed':
      return isNotNull(applicants.registeredAt);
    case 'screening':
      return and(isNotNull(applicants.registeredAt), eq(applicants.admissionStatus, 'none'));
    case 'verification':
      return eq(applicants.admissionStatus, 'screened');
    case 'confirmation':
      return eq(applicants.admissionStatus, 'verified');
    case 'rejected':
      return eq(applicants.admissionStatus, 'rejected');
    case 'admitted':
      return eq(applicants.admissionStatus, 'admitted');
  }
}

export interface ApplicationFilters {
  departmentId?: number;
  courseOfStudyId?: number;
  stateId?: number;
  admissionSessionId?: number;
  minScore?: number;
  maxScore?: number;
  status?: string;
  search?: string;
}

const JAMB_LIKE = /^[0-9]{6,}[A-Za-z]{0,2}$/;

/**
 * Search: a JAMB number (or its start), or words that each appear in the names (any part: 'kafo'
 * finds Okafor), served by the trigram index on the same expression; a word with '@' may also
 * begin the e-mail.
 */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  if (JAMB_LIKE.test(term))
    return sql`upper(${applicants.jambRegNo}) like ${likeEscape(term.toUpperCase()) + '%'}`;
  const words = term.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 4);
  const names = applicantSearchName(applicants);
  return and(
    ...words.map((w) =>
      or(
        sql`${names} like ${`%${likeEscape(w)}%`}`,
        w.includes('@') ? ilike(applicants.email, `${likeEscape(w)}%`) : undefined,
      ),
    ),
  );
}

export function applicationsWhere(view: ApplicationView, f: ApplicationFilters): SQL | undefined {
  return and(
    viewCondition(view),
    f.departmentId ? eq(applicants.departmentId, f.departmentId) : undefined,
    f.courseOfStudyId ? eq(applicants.courseOfStudyId, f.courseOfStudyId) : undefined,
    f.stateId ? eq(applicants.stateId, f.stateId) : undefined,
    f.admissionSessionId ? eq(applicants.admissionSessionId, f.admissionSessionId) : undefined,
    f.minScore !== undefined ? gte(applicants.utmeScore, f.minScore) : undefined,
    f.maxScore !== undefined ? lte(applicants.utmeScore, f.maxScore) : undefined,
    f.status ? eq(applicants.admissionStatus, f.status) : undefined,
    f.search ? searchCondition(f.search) : undefined,
  );
}

/** The name of what an applicant chose, read by key (a scalar subquery: cheaper to plan than a join). */
const nameOf = (table: { id: AnyPgColumn; name: AnyPgColumn }, key: AnyPgColumn) =>
  sql<string | null>`(select ${table.name} from ${table} where ${table.id} = ${key})`;

export const applicationFields = {
  id: applicants.id,
  jambRegNo: applicants.jambRegNo,
  firstName: applicants.firstName,
  lastName: applicants.lastName,
  otherName: applicants.otherName,
  email: applicants.email,
  phone: applicants.phone,
  gender: applicants.gender,
  dateOfBirth: applicants.dateOfBirth,
  maritalStatus: applicants.maritalStatus,
  entryMode: nameOf(entryModes, applicants.entryModeId),
  departmentId: applicants.departmentId,
  departmentName: nameOf(departments, applicants.departmentId),
  courseOfStudyId: applicants.courseOfStudyId,
  courseOfStudy: nameOf(coursesOfStudy, applicants.courseOfStudyId),
  stateId: applicants.stateId,
  stateName: nameOf(states, applicants.stateId),
  lgaName: nameOf(lgas, applicants.lgaId),
  utmeScore: applicants.utmeScore,
  capsStatus: applicants.capsStatus,
  admissionStatus: applicants.admissionStatus,
  stage: stageSql,
  registeredAt: applicants.registeredAt,
  admittedAt: applicants.admittedAt,
  acceptancePaidAt: applicants.acceptancePaidAt,
  rejectionReason: applicants.rejectionReason,
  createdAt: applicants.createdAt,
};

export type SortKey = 'createdAt' | 'name' | 'score' | 'jambRegNo' | 'registeredAt' | 'department';

function orderBy(sort: SortKey, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc;
  const nulls = sql`nulls last`;
  switch (sort) {
    case 'name':
      return [
        sql`lower(${applicants.lastName}) ${sql.raw(order)} ${nulls}`,
        sql`lower(${applicants.firstName}) ${sql.raw(order)} ${nulls}`,
        dir(applicants.id),
      ];
    case 'score':
      return [sql`${applicants.utmeScore} ${sql.raw(order)} ${nulls}`, dir(applicants.id)];
    case 'jambRegNo':
      return [dir(applicants.jambRegNo)];
    case 'registeredAt':
      return [sql`${applicants.registeredAt} ${sql.raw(order)} ${nulls}`, dir(applicants.id)];
    case 'department':
      return [sql`${departments.name} ${sql.raw(order)} ${nulls}`, dir(applicants.id)];
    case 'createdAt':
    default:
      return [dir(applicants.createdAt), dir(applicants.id)];
  }
}

/**
 * A search that matches this many applicants or fewer is read matches first (from the trigram or
 * JAMB number index), then sorted: its cost is bounded by the matches. PostgreSQL's estimate of how
 * many rows a "contains" pattern matches comes from a sample and can be wrong by a hundredfold, and
 * left to itself it may then walk the sort's index through most of the table looking for a handful
 * of matches (90 ms instead of 1 ms at 100,000 applicants, depending on the last ANALYZE's sample).
 */
export const FEW_MATCHES = 1000;

/** The rows of a page's ids, in their order: one named statement, parsed and planned once per connection. */
const pageRowsQuery = (db: Exec) =>
  db
    .select(applicationFields)
    .from(sql`unnest(${sql.placeholder('ids')}::int[]) with ordinality as list_page(id, n)`)
    .innerJoin(applicants, eq(applicants.id, sql`list_page.id`))
    .orderBy(sql`list_page.n`)
    .prepare('admissions_page_rows');

/**
 * One page of a list: the page's ids are found first (the sort and filters touch only indexed
 * columns and the department's name), then the page's rows are read with the names of what they
 * chose and the derived stage by a prepared statement (its text is long and costs more to parse and
 * plan than to run) — so a deep page never computes the stage of the rows it skips.
 * `fewMatches`: the filters are known to match at most FEW_MATCHES applicants (the cached total), so
 * the matches are read first and then sorted, whatever the planner would guess of a search.
 */
export async function listApplications(
  db: Exec,
  view: ApplicationView,
  f: ApplicationFilters,
  page: number,
  pageSize: number,
  sort: SortKey,
  order: 'asc' | 'desc',
  fewMatches = false,
) {
  const where = applicationsWhere(view, f);
  const fence = fewMatches && where !== undefined;
  // Matches first: a subquery the planner cannot merge with the sort (offset 0), named as the table
  // so that the sort's expressions read its columns.
  const source = fence
    ? sql`(select * from ${applicants} where ${where} offset 0) as ${applicants}`
    : applicants;
  // (The id as SQL: Drizzle would refuse a column of a table it does not see in the FROM clause.)
  let idsQuery = db
    .select({ id: sql<number>`${applicants.id}` })
    .from(source)
    .$dynamic();
  if (sort === 'department')
    idsQuery = idsQuery.leftJoin(departments, eq(departments.id, applicants.departmentId));
  const ids = await idsQuery
    .where(fence ? undefined : where)
    .orderBy(...orderBy(sort, order))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  if (ids.length === 0) return [];
  return preparedOn(db, 'admissions_page_rows', pageRowsQuery).execute({
    ids: `{${ids.map((r) => r.id).join(',')}}`,
  });
}

export async function countApplications(
  db: Exec,
  view: ApplicationView,
  f: ApplicationFilters,
): Promise<number> {
  const [total] = await db.select({ n: countSql() }).from(applicants).where(applicationsWhere(view, f));
  return total?.n ?? 0;
}

/** For exports: the filtered list in id order, one batch after another (keyset, so each batch is cheap). */
export function applicationsBatch(
  db: Exec,
  view: ApplicationView,
  f: ApplicationFilters,
  afterId: number,
  size: number,
) {
  return db
    .select(applicationFields)
    .from(applicants)
    .where(and(applicationsWhere(view, f), gt(applicants.id, afterId)))
    .orderBy(asc(applicants.id))
    .limit(size);
}

/** The applicants of a bulk action, locked until the transaction ends. */
export function lockApplicants(tx: Exec, ids: number[]) {
  return tx
    .select({
      id: applicants.id,
      jambRegNo: applicants.jambRegNo,
      email: applicants.email,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      admissionStatus: applicants.admissionStatus,
      registeredAt: applicants.registeredAt,
      admittedAt: applicants.admittedAt,
      acceptancePaidAt: applicants.acceptancePaidAt,
      rejectionReason: applicants.rejectionReason,
      courseOfStudy: coursesOfStudy.name,
    })
    .from(applicants)
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, applicants.courseOfStudyId))
    .where(inArray(applicants.id, ids))
    .orderBy(asc(applicants.id))
    .for('update', { of: applicants });
}

export async function setAdmissionState(
  tx: Exec,
  ids: number[],
  values: { admissionStatus: string; admittedAt?: Date | null; rejectionReason?: string | null },
) {
  await tx.update(applicants).set(values).where(inArray(applicants.id, ids));
}

/** Counts of the screening report and the dashboard, by stage and status, optionally by department. */
export async function countsByStage(db: Exec, admissionSessionId?: number) {
  return (
    db
      .select({ stage: stageSql, n: countSql() })
      .from(applicants)
      .where(admissionSessionId ? eq(applicants.admissionSessionId, admissionSessionId) : undefined)
      // By position: the stage expression carries parameters, so repeating it would not match.
      .groupBy(sql`1`)
  );
}

export async function countsByDepartment(db: Exec, admissionSessionId?: number) {
  return db
    .select({
      departmentId: applicants.departmentId,
      departmentName: departments.name,
      total: countSql(),
      registered: sql<number>`(count(*) filter (where ${applicants.registeredAt} is not null))::int`,
      screened: sql<number>`(count(*) filter (where ${applicants.admissionStatus} = 'screened'))::int`,
      verified: sql<number>`(count(*) filter (where ${applicants.admissionStatus} = 'verified'))::int`,
      admitted: sql<number>`(count(*) filter (where ${applicants.admissionStatus} = 'admitted'))::int`,
      accepted: sql<number>`(count(*) filter (where ${applicants.acceptancePaidAt} is not null))::int`,
      rejected: sql<number>`(count(*) filter (where ${applicants.admissionStatus} = 'rejected'))::int`,
    })
    .from(applicants)
    .leftJoin(departments, eq(departments.id, applicants.departmentId))
    .where(admissionSessionId ? eq(applicants.admissionSessionId, admissionSessionId) : undefined)
    .groupBy(applicants.departmentId, departments.name)
    .orderBy(asc(departments.name));
}

export async function countsByStatus(db: Exec, admissionSessionId?: number) {
  return db
    .select({ status: applicants.admissionStatus, n: countSql() })
    .from(applicants)
    .where(admissionSessionId ? eq(applicants.admissionSessionId, admissionSessionId) : undefined)
    .groupBy(applicants.admissionStatus);
}

export async function acceptanceFeeTotals(db: Exec) {
  const [row] = await db
    .select({
      paidCount: sql<number>`(count(*) filter (where ${payments.state} = 'paid'))::int`,
      paidKobo: sql<number>`coalesce(sum(coalesce(${payments.amountPaidKobo}, ${payments.amountKobo})) filter (where ${payments.state} = 'paid'), 0)::bigint`,
      pendingCount: sql<number>`(count(*) filter (where ${payments.state} = 'pending'))::int`,
    })
    .from(payments)
    .where(eq(payments.categoryId, ACCEPTANCE_PAYMENT_CATEGORY_ID));
  return {
    paidCount: row?.paidCount ?? 0,
    paidKobo: Number(row?.paidKobo ?? 0),
    pendingCount: row?.pendingCount ?? 0,
  };
}

export interface PaymentFilters {
  state?: string;
  provider?: string;
  search?: string;
  start?: Date;
  end?: Date;
}

export async function acceptancePayments(db: Exec, f: PaymentFilters, page: number, pageSize: number) {
  const where = and(
    eq(payments.categoryId, ACCEPTANCE_PAYMENT_CATEGORY_ID),
    f.state ? eq(payments.state, f.state) : undefined,
    f.provider ? eq(sql`lower(${payments.provider})`, f.provider.toLowerCase()) : undefined,
    f.start ? gte(payments.createdAt, f.start) : undefined,
    f.end ? lt(payments.createdAt, f.end) : undefined,
    f.search
      ? or(
          ilike(payments.reference, `%${likeEscape(f.search)}%`),
          ilike(applicants.jambRegNo, `${likeEscape(f.search)}%`),
          ilike(applicants.lastName, `${likeEscape(f.search)}%`),
          ilike(applicants.firstName, `${likeEscape(f.search)}%`),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: countSql() })
    .from(payments)
    .leftJoin(applicants, eq(applicants.id, payments.applicantId))
    .where(where);
  const rows = await db
    .select({
      id: payments.id,
      transactionId: payments.publicId,
      reference: payments.reference,
      provider: payments.provider,
      state: payments.state,
      flag: payments.flag,
      amountKobo: payments.amountKobo,
      amountPaidKobo: payments.amountPaidKobo,
      applicantId: payments.applicantId,
      jambRegNo: applicants.jambRegNo,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .leftJoin(applicants, eq(applicants.id, payments.applicantId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

// ─────────────── the published admitted list ───────────────

export async function publication(db: Exec, admissionSessionId: number) {
  const [row] = await db
    .select()
    .from(admissionListPublications)
    .where(eq(admissionListPublications.admissionSessionId, admissionSessionId))
    .limit(1);
  return row;
}

export async function publish(db: Exec, admissionSessionId: number, adminId: number) {
  await db
    .insert(admissionListPublications)
    .values({ admissionSessionId, publishedByAdminId: adminId })
    .onConflictDoNothing();
}

export async function unpublish(db: Exec, admissionSessionId: number) {
  await db
    .delete(admissionListPublications)
    .where(eq(admissionListPublications.admissionSessionId, admissionSessionId));
}

export async function findAdmissionSession(db: Exec, id: number) {
  const [row] = await db.select().from(admissionSessions).where(eq(admissionSessions.id, id)).limit(1);
  return row;
}

async function currentAdmissionSession(db: Exec) {
  const [row] = await db
    .select()
    .from(admissionSessions)
    .where(eq(admissionSessions.isCurrent, true))
    .orderBy(desc(admissionSessions.id))
    .limit(1);
  return row;
}

/** The admission session asked for, or the current one when none is named. */
export function admissionSessionOrCurrent(db: Exec, id: number | undefined) {
  return id ? findAdmissionSession(db, id) : currentAdmissionSession(db);
}

export async function publishedAdmitted(
  db: Exec,
  admissionSessionId: number,
  search: string | undefined,
  page: number,
  pageSize: number,
) {
  const where = and(
    eq(applicants.admissionSessionId, admissionSessionId),
    eq(applicants.admissionStatus, 'admitted'),
    search ? searchCondition(search) : undefined,
  );
  const [total] = await db.select({ n: countSql() }).from(applicants).where(where);
  const rows = await db
    .select({
      jambRegNo: applicants.jambRegNo,
      lastName: applicants.lastName,
      firstName: applicants.firstName,
      otherName: applicants.otherName,
      courseOfStudy: coursesOfStudy.name,
      departmentName: departments.name,
    })
    .from(applicants)
    .leftJoin(departments, eq(departments.id, applicants.departmentId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, applicants.courseOfStudyId))
    .where(where)
    .orderBy(asc(departments.name), sql`lower(${applicants.lastName})`, asc(applicants.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}

export type ApplicationRow = Awaited<ReturnType<typeof listApplications>>[number];

/** Where an application stands, for the admin record. */
export async function admissionFacts(db: Exec, applicantId: number) {
  const [row] = await db
    .select({
      admissionStatus: applicants.admissionStatus,
      rejectionReason: applicants.rejectionReason,
      utmeScore: applicants.utmeScore,
      capsStatus: applicants.capsStatus,
    })
    .from(applicants)
    .where(eq(applicants.id, applicantId))
    .limit(1);
  return row;
}
