import { and, asc, desc, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { SCHOOL_ID } from '@portal/contracts';
import {
  academicSessions,
  admins,
  blocks,
  hostelAllocations,
  hostelApplications,
  hostelEvents,
  hostelFeePayments,
  hostelFees,
  hostelRounds,
  hostels,
  hostelWaitingList,
  levels,
  rooms,
  schoolSettings,
  students,
} from '../../db/schema/index.js';
import { referenceData } from '../../platform/cache.js';
import { countSql, insertJsonRows, likeEscape, preparedOn, type Exec } from '../../platform/db.js';

/** The only Drizzle code of hostel allocation. */

const ACTIVE = ['allocated', 'reserved', 'paid'];

// ───────────────────────────── rounds ─────────────────────────────

export type RoundRow = typeof hostelRounds.$inferSelect;

/**
 * A round, optionally locking its row: 'update' (the draw), 'no key update' (changes of a bed once
 * drawn: reserved rooms, lapses, give-ups — one at a time per round), 'key share' (applications:
 * many at once, but never while the draw holds the round).
 */
export async function findRound(db: Exec, id: number, lock?: 'update' | 'no key update' | 'key share') {
  const q = db.select().from(hostelRounds).where(eq(hostelRounds.id, id)).limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  return row ?? null;
}

/**
 * The round a student sees (never a draft): one where they hold a bed still to be paid for; else the
 * current academic session's; else one where they hold a paid bed; else the newest whose window has
 * opened; else the next to open. So publishing next session's round ahead of its window hides
 * nothing of this session's.
 */
export async function studentRound(db: Exec, studentId: number, now = new Date()) {
  // Every student page of hostels asks for it: a named statement, planned once per connection.
  const [row] = await preparedOn(db, 'hostel_student_round', studentRoundQuery).execute({ studentId, now });
  return row?.round ?? null;
}
function studentRoundQuery(db: Exec) {
  const mine = studentAllocationsInRound(db);
  return db
    .select({ round: hostelRounds })
    .from(hostelRounds)
    .leftJoin(academicSessions, eq(academicSessions.id, hostelRounds.sessionId))
    .leftJoinLateral(mine, sql`true`)
    .where(ne(hostelRounds.state, 'draft'))
    .orderBy(...studentRoundOrder(mine))
    .limit(1)
    .prepare('hostel_student_round');
}
/**
 * The student's allocations in each round, gathered once per round (placeholder: studentId): whether
 * they hold a bed still to be paid for, a paid one, and their latest allocation. Joined laterally,
 * so the statement reads them once per round rather than in three subqueries, and its plan does not
 * depend on the values (PostgreSQL keeps one plan for the named statement).
 */
function studentAllocationsInRound(db: Exec) {
  const a = hostelAllocations;
  return db
    .select({
      unpaid: sql<boolean>`coalesce(bool_or(${a.state} in ('allocated', 'reserved')), false)`.as('unpaid'),
      paid: sql<boolean>`coalesce(bool_or(${a.state} = 'paid'), false)`.as('paid'),
      latestAllocationId: sql<number | null>`max(${a.id})`.as('latest_allocation_id'),
    })
    .from(a)
    .where(and(eq(a.roundId, hostelRounds.id), eq(a.studentId, sql.placeholder('studentId'))))
    .as('mine');
}
/** The order that puts the student's round first (placeholders: studentId, now). */
function studentRoundOrder(mine: ReturnType<typeof studentAllocationsInRound>) {
  const opened = sql`${hostelRounds.opensAt} <= ${sql.placeholder('now')}`;
  return [
    desc(mine.unpaid),
    sql`coalesce(${academicSessions.isCurrent}, false) desc`,
    desc(mine.paid),
    desc(opened),
    sql`case when ${opened} then ${hostelRounds.opensAt} end desc nulls last`,
    asc(hostelRounds.opensAt),
  ];
}

/**
 * The student's round (as `studentRound`) and the student's place in it (as `studentInRound`): one
 * read for the student's page and the dashboard's card. Null when the student sees no round.
 */
export async function studentRoundAndPlace(db: Exec, studentId: number, now = new Date()) {
  const [row] = await preparedOn(db, 'hostel_student_round_place', studentRoundAndPlaceQuery).execute({
    studentId,
    now,
  });
  if (!row) return null;
  return {
    round: row.round,
    place: {
      application: row.application ?? null,
      waiting: row.waiting ?? null,
      latestAllocationId: row.latestAllocationId ?? null,
    },
  };
}
function studentRoundAndPlaceQuery(db: Exec) {
  const studentId = sql.placeholder('studentId');
  const mine = studentAllocationsInRound(db);
  // One application and one waiting place at most per round and student: the joins add no rows.
  return db
    .select({
      round: hostelRounds,
      application: hostelApplications,
      waiting: { position: hostelWaitingList.position, allocationId: hostelWaitingList.allocationId },
      latestAllocationId: mine.latestAllocationId,
    })
    .from(hostelRounds)
    .leftJoin(academicSessions, eq(academicSessions.id, hostelRounds.sessionId))
    .leftJoin(
      hostelApplications,
      and(eq(hostelApplications.roundId, hostelRounds.id), eq(hostelApplications.studentId, studentId)),
    )
    .leftJoin(
      hostelWaitingList,
      and(eq(hostelWaitingList.roundId, hostelRounds.id), eq(hostelWaitingList.studentId, studentId)),
    )
    .leftJoinLateral(mine, sql`true`)
    .where(ne(hostelRounds.state, 'draft'))
    .orderBy(...studentRoundOrder(mine))
    .limit(1)
    .prepare('hostel_student_round_place');
}

/** The round the registry's lists open on: the current session's, else the newest whose window has opened. */
export async function registryRound(db: Exec, now = new Date()) {
  const opened = sql`${hostelRounds.opensAt} <= ${now}`;
  const [row] = await db
    .select({ id: hostelRounds.id })
    .from(hostelRounds)
    .leftJoin(academicSessions, eq(academicSessions.id, hostelRounds.sessionId))
    .orderBy(
      sql`coalesce(${academicSessions.isCurrent}, false) desc`,
      desc(opened),
      sql`case when ${opened} then ${hostelRounds.opensAt} end desc nulls last`,
      asc(hostelRounds.opensAt),
    )
    .limit(1);
  return row?.id ?? null;
}

// ───────────────────────────── the school's ballot switch ─────────────────────────────

/**
 * Whether hostel beds are given by the rounds' ballot (the school's switch, set on setup-config).
 * `lock`: the row held until the transaction ends — 'share' by a publish or a draw, 'update' by the
 * registry's change of the switch — so a change of the switch and a round's start never pass each
 * other. Without a lock (the student's pages), kept as reference data.
 */
export async function ballotEnabled(db: Exec, lock?: 'share' | 'update'): Promise<boolean> {
  const read = async () => {
    const q = db
      .select({ on: schoolSettings.hostelBallotEnabled })
      .from(schoolSettings)
      .where(eq(schoolSettings.schoolId, SCHOOL_ID));
    const [row] = lock ? await q.for(lock) : await q;
    return row?.on ?? true;
  };
  return lock ? read() : referenceData(db, 'hostels:ballot-enabled', read);
}

/**
 * What the ballot is doing now, for the switch's safe point: rounds published and not yet drawn
 * (taking applications, or about to, or awaiting the draw), then drawn rounds holding allocations
 * still to be paid for, whose lapses pass beds to the waiting list (how many, and the last deadline).
 */
export async function roundsAtWork(db: Exec) {
  const [published, awaitingLapses] = await Promise.all([
    db
      .select({ name: hostelRounds.name, opensAt: hostelRounds.opensAt, closesAt: hostelRounds.closesAt })
      .from(hostelRounds)
      .where(eq(hostelRounds.state, 'published'))
      .orderBy(asc(hostelRounds.opensAt)),
    db
      .select({
        name: hostelRounds.name,
        n: countSql(),
        lastPayBy: sql<Date>`max(${hostelAllocations.payBy})`.mapWith(hostelAllocations.payBy),
      })
      .from(hostelAllocations)
      .innerJoin(hostelRounds, eq(hostelRounds.id, hostelAllocations.roundId))
      .where(eq(hostelAllocations.state, 'allocated'))
      .groupBy(hostelRounds.id, hostelRounds.name)
      .orderBy(asc(hostelRounds.name)),
  ]);
  return { published, awaitingLapses };
}

export async function listRounds(db: Exec) {
  return db.select().from(hostelRounds).orderBy(desc(hostelRounds.opensAt));
}

export async function sessionNames(db: Exec, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  // Reference data: the names of a few sessions, read by every student's hostel page.
  return referenceData(db, `hostels:session-names:${ids.join(',')}`, async () => {
    const rows = await db
      .select({ id: academicSessions.id, name: academicSessions.name })
      .from(academicSessions)
      .where(inArray(academicSessions.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  });
}

export async function levelNames(db: Exec) {
  const rows = await db.select({ id: levels.id, name: levels.name }).from(levels);
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function applicationCounts(db: Exec, roundIds: number[]) {
  if (!roundIds.length) return new Map<number, number>();
  const rows = await db
    .select({ roundId: hostelApplications.roundId, n: countSql() })
    .from(hostelApplications)
    .where(inArray(hostelApplications.roundId, roundIds))
    .groupBy(hostelApplications.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}

export async function insertRound(db: Exec, values: typeof hostelRounds.$inferInsert) {
  const [row] = await db.insert(hostelRounds).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateRound(
  db: Exec,
  id: number,
  values: Partial<typeof hostelRounds.$inferInsert>,
  whenState?: string,
) {
  const [row] = await db
    .update(hostelRounds)
    .set(values)
    .where(and(eq(hostelRounds.id, id), whenState ? eq(hostelRounds.state, whenState) : undefined))
    .returning();
  return row ?? null;
}

export async function roundFees(db: Exec, roundId: number) {
  return db
    .select({
      hostelId: hostelFees.hostelId,
      amountKobo: hostelFees.amountKobo,
      hostel: hostels.name,
      gender: hostels.gender,
    })
    .from(hostelFees)
    .innerJoin(hostels, eq(hostels.id, hostelFees.hostelId))
    .where(eq(hostelFees.roundId, roundId))
    .orderBy(asc(hostels.name));
}

/**
 * A round's fees for the student's pages, kept as reference data (an admin's change of the round
 * clears it); the registry's own reads and every transaction read the table.
 */
export async function keptRoundFees(db: Exec, roundId: number) {
  return referenceData(db, `hostels:round-fees:${roundId}`, () => roundFees(db, roundId));
}

export async function replaceFees(
  db: Exec,
  roundId: number,
  fees: { hostelId: number; amountKobo: number }[],
) {
  await db.delete(hostelFees).where(eq(hostelFees.roundId, roundId));
  if (fees.length) await db.insert(hostelFees).values(fees.map((f) => ({ ...f, roundId })));
}

export async function activeHostelIds(db: Exec, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: hostels.id })
    .from(hostels)
    .where(and(inArray(hostels.id, ids), eq(hostels.isActive, true)));
  return rows.map((r) => r.id);
}

// ───────────────────────────── students and applications ─────────────────────────────

export async function studentFacts(db: Exec, where: { id: number } | { matricNo: string }) {
  const [row] = await db
    .select({
      id: students.id,
      publicId: students.publicId,
      matricNo: students.matricNo,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      gender: students.gender,
      levelId: students.levelId,
      level: levels.name,
      isActive: students.isActive,
    })
    .from(students)
    .leftJoin(levels, eq(levels.id, students.levelId))
    .where('id' in where ? eq(students.id, where.id) : eq(students.matricNo, where.matricNo))
    .limit(1);
  return row ?? null;
}
export type StudentFacts = NonNullable<Awaited<ReturnType<typeof studentFacts>>>;

/** One application per student and round: a second submission replaces the preferences. */
export async function upsertApplication(db: Exec, values: typeof hostelApplications.$inferInsert) {
  const [row] = await db
    .insert(hostelApplications)
    .values(values)
    .onConflictDoUpdate({
      target: [hostelApplications.roundId, hostelApplications.studentId],
      set: { preferences: values.preferences, updatedAt: sql`now()` },
    })
    .returning({
      id: hostelApplications.id,
      inserted: sql<boolean>`xmax = 0`,
    });
  return row!;
}

/** Every application of a round with the student's matric number, for the draw. */
export async function applicationsOfRound(db: Exec, roundId: number) {
  return db
    .select({
      studentId: hostelApplications.studentId,
      matricNo: students.matricNo,
      levelId: hostelApplications.levelId,
      gender: hostelApplications.gender,
      preferences: hostelApplications.preferences,
    })
    .from(hostelApplications)
    .innerJoin(students, eq(students.id, hostelApplications.studentId))
    .where(eq(hostelApplications.roundId, roundId))
    .orderBy(asc(students.matricNo));
}

// ───────────────────────────── beds ─────────────────────────────

/**
 * The ballot's beds: every bed space of the active, unreserved rooms of the round's hostels not held
 * now, in the order the draw fills them (hostel, block, room, bed).
 */
export async function ballotBeds(db: Exec, roundId: number) {
  const result = await db.execute(sql`
    select h.id as "hostelId", r.id as "roomId", b.n::int as bed, r.gender
    from ${hostelFees} f
    join ${hostels} h on h.id = f.hostel_id and h.is_active
    join ${blocks} bl on bl.hostel_id = h.id
    join ${rooms} r on r.block_id = bl.id and r.is_active and not r.is_reserved
    cross join lateral generate_series(1, r.bed_spaces) as b(n)
    where f.round_id = ${roundId}
      and not exists (
        select 1 from ${hostelAllocations} a
        where a.round_id = ${roundId} and a.room_id = r.id and a.bed = b.n
          and a.state in ('allocated', 'reserved', 'paid'))
    order by h.id, bl.name, r.number, b.n`);
  return rowsOf<{ hostelId: number; roomId: number; bed: number; gender: string }>(result);
}

/** Driver-neutral rows of db.execute (pg: { rows }, PGlite: { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export async function roomWithHostel(db: Exec, roomId: number) {
  const [row] = await db
    .select({
      roomId: rooms.id,
      room: rooms.number,
      gender: rooms.gender,
      bedSpaces: rooms.bedSpaces,
      isReserved: rooms.isReserved,
      isActive: rooms.isActive,
      block: blocks.name,
      hostelId: hostels.id,
      hostel: hostels.name,
    })
    .from(rooms)
    .innerJoin(blocks, eq(blocks.id, rooms.blockId))
    .innerJoin(hostels, eq(hostels.id, blocks.hostelId))
    .where(eq(rooms.id, roomId))
    .limit(1);
  return row ?? null;
}

// ───────────────────────────── allocations ─────────────────────────────

export type AllocationInsert = typeof hostelAllocations.$inferInsert;
export type AllocationRecord = typeof hostelAllocations.$inferSelect;

export async function insertAllocations(db: Exec, rows: AllocationInsert[]) {
  return insertJsonRows<{ id: number; studentId: number }>(db, hostelAllocations, rows, {
    id: hostelAllocations.id,
    studentId: hostelAllocations.studentId,
  });
}

export async function insertAllocation(db: Exec, values: AllocationInsert) {
  const [row] = await db.insert(hostelAllocations).values(values).returning();
  return row!;
}

export async function insertWaiting(db: Exec, rows: (typeof hostelWaitingList.$inferInsert)[]) {
  await insertJsonRows(db, hostelWaitingList, rows);
}

export async function appendEvents(db: Exec, rows: (typeof hostelEvents.$inferInsert)[]) {
  await insertJsonRows(db, hostelEvents, rows);
}

/** The students holding a bed in a round. */
export async function studentsHoldingBeds(db: Exec, roundId: number) {
  const rows = await db
    .select({ studentId: hostelAllocations.studentId })
    .from(hostelAllocations)
    .where(and(eq(hostelAllocations.roundId, roundId), inArray(hostelAllocations.state, ACTIVE)));
  return rows.map((r) => r.studentId);
}

/** The student's latest allocation of a round (held or not). */
export async function latestAllocation(db: Exec, roundId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(hostelAllocations)
    .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.studentId, studentId)))
    .orderBy(desc(hostelAllocations.id))
    .limit(1);
  return row ?? null;
}

/** The student's newest paid allocation, in any round (the slip). */
export async function paidAllocationOf(db: Exec, studentId: number) {
  const [row] = await db
    .select()
    .from(hostelAllocations)
    .where(and(eq(hostelAllocations.studentId, studentId), eq(hostelAllocations.state, 'paid')))
    .orderBy(desc(hostelAllocations.id))
    .limit(1);
  return row ?? null;
}

/** The student's latest allocation in the round of a session (payments started before they carried one). */
export async function latestAllocationOfSession(db: Exec, sessionId: number, studentId: number) {
  const [row] = await db
    .select({ allocation: hostelAllocations })
    .from(hostelAllocations)
    .innerJoin(hostelRounds, eq(hostelRounds.id, hostelAllocations.roundId))
    .where(and(eq(hostelRounds.sessionId, sessionId), eq(hostelAllocations.studentId, studentId)))
    .orderBy(desc(hostelAllocations.id))
    .limit(1);
  return row?.allocation ?? null;
}

export async function findAllocation(db: Exec, where: { id: number } | { publicId: string }, lock = false) {
  const q = db
    .select()
    .from(hostelAllocations)
    .where(
      'id' in where ? eq(hostelAllocations.id, where.id) : eq(hostelAllocations.publicId, where.publicId),
    )
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Moves an allocation from one of `from` to `to`; null when it had already moved. */
export async function moveAllocation(
  db: Exec,
  id: number,
  from: string[],
  to: string,
  extra: Partial<AllocationInsert> = {},
) {
  const [row] = await db
    .update(hostelAllocations)
    .set({ state: to, ...extra })
    .where(and(eq(hostelAllocations.id, id), inArray(hostelAllocations.state, from)))
    .returning();
  return row ?? null;
}

/** Allocations past their payment deadline, oldest first. */
export async function overdueAllocations(db: Exec, now: Date, limit = 500) {
  return db
    .select({ id: hostelAllocations.id, roundId: hostelAllocations.roundId })
    .from(hostelAllocations)
    .where(and(eq(hostelAllocations.state, 'allocated'), lt(hostelAllocations.payBy, now)))
    .orderBy(asc(hostelAllocations.payBy))
    .limit(limit);
}

/** The first on the waiting list of a gender not yet offered a bed and holding none. */
export async function nextWaiting(db: Exec, roundId: number, gender: string) {
  const [row] = await db
    .select({ position: hostelWaitingList.position, studentId: hostelWaitingList.studentId })
    .from(hostelWaitingList)
    .where(
      and(
        eq(hostelWaitingList.roundId, roundId),
        eq(hostelWaitingList.gender, gender),
        isNull(hostelWaitingList.allocationId),
        sql`not exists (select 1 from ${hostelAllocations} a where a.round_id = ${roundId}
          and a.student_id = ${hostelWaitingList.studentId} and a.state in ('allocated', 'reserved', 'paid'))`,
      ),
    )
    .orderBy(asc(hostelWaitingList.position))
    .limit(1);
  return row ?? null;
}

export async function markOffered(db: Exec, roundId: number, position: number, allocationId: number) {
  await db
    .update(hostelWaitingList)
    .set({ allocationId, offeredAt: sql`now()` })
    .where(and(eq(hostelWaitingList.roundId, roundId), eq(hostelWaitingList.position, position)));
}

/**
 * Where a student stands in a round, in one round trip: their application, their place on the
 * waiting list and their latest allocation's id (each at most one: unique per round and student).
 */
export async function studentInRound(db: Exec, roundId: number, studentId: number) {
  const [row] = await preparedOn(db, 'hostel_student_in_round', studentInRoundQuery).execute({
    roundId,
    studentId,
  });
  return {
    application: row?.application ?? null,
    waiting: row?.waiting ?? null,
    latestAllocationId: row?.latestAllocationId ?? null,
  };
}
export type StudentPlace = Awaited<ReturnType<typeof studentInRound>>;
/** The student's application, waiting place and latest allocation in the round joined as `hostel_rounds`. */
function studentInRoundColumns(studentId: ReturnType<typeof sql.placeholder>) {
  return {
    application: hostelApplications,
    waiting: { position: hostelWaitingList.position, allocationId: hostelWaitingList.allocationId },
    latestAllocationId: sql<number | null>`(select max(a.id) from ${hostelAllocations} a
      where a.round_id = ${hostelRounds.id} and a.student_id = ${studentId})`,
  };
}
function studentInRoundQuery(db: Exec) {
  const studentId = sql.placeholder('studentId');
  return db
    .select(studentInRoundColumns(studentId))
    .from(hostelRounds)
    .leftJoin(
      hostelApplications,
      and(eq(hostelApplications.roundId, hostelRounds.id), eq(hostelApplications.studentId, studentId)),
    )
    .leftJoin(
      hostelWaitingList,
      and(eq(hostelWaitingList.roundId, hostelRounds.id), eq(hostelWaitingList.studentId, studentId)),
    )
    .where(eq(hostelRounds.id, sql.placeholder('roundId')))
    .limit(1)
    .prepare('hostel_student_in_round');
}

export async function waitingListOf(db: Exec, roundId: number) {
  return db
    .select({ position: hostelWaitingList.position, matricNo: students.matricNo })
    .from(hostelWaitingList)
    .innerJoin(students, eq(students.id, hostelWaitingList.studentId))
    .where(eq(hostelWaitingList.roundId, roundId))
    .orderBy(asc(hostelWaitingList.position));
}

/** The hostel fee payment of an allocation: its row is refused (CHECK) unless the allocation still held its bed. */
export async function recordFeePayment(
  db: Exec,
  values: { allocationId: number; paymentId: number; live: boolean; paidAt: Date },
) {
  await db.insert(hostelFeePayments).values({
    allocationId: values.allocationId,
    paymentId: values.paymentId,
    allocationLive: values.live ? 'yes' : 'no',
    paidAt: values.paidAt,
  });
}

// ───────────────────────────── reading allocations with their bed ─────────────────────────────

const allocationColumns = {
  id: hostelAllocations.id,
  publicId: hostelAllocations.publicId,
  roundId: hostelAllocations.roundId,
  studentId: hostelAllocations.studentId,
  state: hostelAllocations.state,
  source: hostelAllocations.source,
  quota: hostelAllocations.quota,
  reason: hostelAllocations.reason,
  allocatedAt: hostelAllocations.allocatedAt,
  payBy: hostelAllocations.payBy,
  paidAt: hostelAllocations.paidAt,
  bed: hostelAllocations.bed,
  roomId: rooms.id,
  room: rooms.number,
  block: blocks.name,
  hostelId: hostels.id,
  hostel: hostels.name,
  matricNo: students.matricNo,
  firstName: students.firstName,
  lastName: students.lastName,
  otherName: students.otherName,
  by: admins.email,
  feeKobo: hostelFees.amountKobo,
};

function allocationQuery(db: Exec) {
  return db
    .select(allocationColumns)
    .from(hostelAllocations)
    .innerJoin(rooms, eq(rooms.id, hostelAllocations.roomId))
    .innerJoin(blocks, eq(blocks.id, rooms.blockId))
    .innerJoin(hostels, eq(hostels.id, blocks.hostelId))
    .innerJoin(students, eq(students.id, hostelAllocations.studentId))
    .leftJoin(admins, eq(admins.id, hostelAllocations.allocatedBy))
    .leftJoin(
      hostelFees,
      and(eq(hostelFees.roundId, hostelAllocations.roundId), eq(hostelFees.hostelId, hostels.id)),
    );
}
export type AllocationDetail = Awaited<ReturnType<typeof allocationDetail>> & object;

export async function allocationDetail(db: Exec, id: number) {
  const [row] = await allocationQuery(db).where(eq(hostelAllocations.id, id)).limit(1);
  return row ?? null;
}

export async function listAllocations(
  db: Exec,
  q: {
    roundId: number;
    source?: string;
    search?: string;
    page: number;
    pageSize: number;
    roomIds?: number[];
  },
) {
  const where: SQL | undefined = and(
    eq(hostelAllocations.roundId, q.roundId),
    q.source ? eq(hostelAllocations.source, q.source) : undefined,
    q.roomIds ? inArray(hostelAllocations.roomId, q.roomIds.length ? q.roomIds : [-1]) : undefined,
    q.search
      ? or(
          ilike(students.matricNo, `%${likeEscape(q.search)}%`),
          ilike(students.lastName, `%${likeEscape(q.search)}%`),
          ilike(students.firstName, `%${likeEscape(q.search)}%`),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    allocationQuery(db)
      .where(where)
      .orderBy(desc(hostelAllocations.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: countSql() })
      .from(hostelAllocations)
      .innerJoin(students, eq(students.id, hostelAllocations.studentId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Held allocations of some rooms (reserved rooms' beds). */
export async function heldInRooms(db: Exec, roundId: number, roomIds: number[]) {
  if (!roomIds.length) return [];
  return allocationQuery(db).where(
    and(
      eq(hostelAllocations.roundId, roundId),
      inArray(hostelAllocations.roomId, roomIds),
      inArray(hostelAllocations.state, ACTIVE),
    ),
  );
}

/** Ballot allocations of a round (held or not), for the published ballot. */
export async function ballotAllocations(db: Exec, roundId: number) {
  return db
    .select({
      matricNo: students.matricNo,
      roomId: hostelAllocations.roomId,
      bed: hostelAllocations.bed,
      quota: hostelAllocations.quota,
    })
    .from(hostelAllocations)
    .innerJoin(students, eq(students.id, hostelAllocations.studentId))
    .where(and(eq(hostelAllocations.roundId, roundId), eq(hostelAllocations.source, 'ballot')))
    .orderBy(asc(hostelAllocations.id));
}

// ───────────────────────────── availability ─────────────────────────────

/**
 * Per room of the round's hostels: its bed spaces and how many are allocated (awaiting payment or
 * assigned by hand) and occupied (paid). Every bed falls in exactly one of free, reserved,
 * allocated and occupied, so the counts add up.
 */
interface RoomCount {
  hostelId: number;
  hostel: string;
  gender: string;
  blockId: number;
  block: string;
  roomId: number;
  room: string;
  isReserved: boolean;
  beds: number;
  allocated: number;
  occupied: number;
}

/** Rooms of the round's hostels (every active hostel without a round), active ones only. */
const inRound = (roundId: number | null) =>
  sql`(${roundId}::int is null or h.id in (select hostel_id from ${hostelFees} where round_id = ${roundId ?? -1}))`;

export async function roomCounts(db: Exec, roundId: number | null) {
  const result = await db.execute(sql`
    select h.id as "hostelId", h.name as hostel, h.gender, bl.id as "blockId", bl.name as block,
      r.id as "roomId", r.number as room, r.is_reserved as "isReserved", r.bed_spaces as beds,
      count(a.id) filter (where a.state in ('allocated', 'reserved'))::int as allocated,
      count(a.id) filter (where a.state = 'paid')::int as occupied
    from ${hostels} h
    join ${blocks} bl on bl.hostel_id = h.id
    join ${rooms} r on r.block_id = bl.id and r.is_active
    left join ${hostelAllocations} a on a.room_id = r.id and a.round_id = ${roundId ?? -1}
      and a.state in ('allocated', 'reserved', 'paid')
    where h.is_active and ${inRound(roundId)}
    group by h.id, bl.id, r.id
    order by h.name, bl.name, r.number`);
  return rowsOf<RoomCount>(result);
}

export async function reservedRoomsOf(db: Exec, roundId: number | null) {
  const result = await db.execute(sql`
    select r.id as "roomId", h.name as hostel, bl.name as block, r.number as room, r.gender,
      r.bed_spaces as "bedSpaces"
    from ${rooms} r
    join ${blocks} bl on bl.id = r.block_id
    join ${hostels} h on h.id = bl.hostel_id
    where r.is_reserved and r.is_active and h.is_active and ${inRound(roundId)}
    order by h.name, bl.name, r.number`);
  return rowsOf<{
    roomId: number;
    hostel: string;
    block: string;
    room: string;
    gender: string;
    bedSpaces: number;
  }>(result);
}
