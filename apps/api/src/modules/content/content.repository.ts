import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  academicSessions,
  admins,
  contentItems,
  contentProgress,
  contentSections,
  contentVisits,
  courses,
  schoolSettings,
} from '../../db/schema/index.js';
import { countSql, preparedOn, type Exec } from '../../platform/db.js';

// ───────────────────────────── offerings ─────────────────────────────

/** Items of each offering, by state: `courseId:sessionId` → counts. */
export async function itemCountsOf(db: Exec, offerings: readonly { courseId: number; sessionId: number }[]) {
  const map = new Map<string, { items: number; published: number; pending: number; returned: number }>();
  if (offerings.length === 0) return map;
  const rows = await db
    .select({
      courseId: contentItems.courseId,
      sessionId: contentItems.sessionId,
      items: countSql(),
      published: sql<number>`count(*) filter (where ${contentItems.state} = 'published')::int`,
      pending: sql<number>`count(*) filter (where ${contentItems.state} = 'pending_review')::int`,
      returned: sql<number>`count(*) filter (where ${contentItems.state} = 'returned')::int`,
    })
    .from(contentItems)
    .where(
      and(
        inArray(contentItems.courseId, [...new Set(offerings.map((o) => o.courseId))]),
        inArray(contentItems.sessionId, [...new Set(offerings.map((o) => o.sessionId))]),
      ),
    )
    .groupBy(contentItems.courseId, contentItems.sessionId);
  for (const r of rows) map.set(`${r.courseId}:${r.sessionId}`, r);
  return map;
}

/** The school's setting: published content waits for a reviewer first (default yes). */
export async function needsReview(db: Exec): Promise<boolean> {
  const [row] = await db.select({ on: schoolSettings.contentNeedsReview }).from(schoolSettings).limit(1);
  return row?.on ?? true;
}

export async function adminName(db: Exec, adminId: number) {
  const [row] = await db
    .select({ firstName: admins.firstName, lastName: admins.lastName })
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  return row ?? null;
}

// ───────────────────────────── sections and items ─────────────────────────────

export type SectionRow = typeof contentSections.$inferSelect;
export type ItemRow = typeof contentItems.$inferSelect;

export async function sectionsOf(db: Exec, courseId: number, sessionId: number): Promise<SectionRow[]> {
  return db
    .select()
    .from(contentSections)
    .where(and(eq(contentSections.courseId, courseId), eq(contentSections.sessionId, sessionId)))
    .orderBy(asc(contentSections.position), asc(contentSections.id));
}

export async function itemsOf(db: Exec, courseId: number, sessionId: number): Promise<ItemRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.courseId, courseId), eq(contentItems.sessionId, sessionId)))
    .orderBy(asc(contentItems.position), asc(contentItems.id));
}

const visibleSectionsQuery = (db: Exec) =>
  db
    .select({ id: contentSections.id, title: contentSections.title })
    .from(contentSections)
    .where(
      and(
        eq(contentSections.courseId, sql.placeholder('courseId')),
        eq(contentSections.sessionId, sql.placeholder('sessionId')),
        eq(contentSections.published, true),
      ),
    )
    .orderBy(asc(contentSections.position), asc(contentSections.id))
    .prepare('content_visible_sections');

/** The published sections of an offering (what students see), in order. */
export async function visibleSections(db: Exec, courseId: number, sessionId: number) {
  return preparedOn(db, 'content_visible_sections', visibleSectionsQuery).execute({ courseId, sessionId });
}

const visibleItemsQuery = (db: Exec) =>
  db
    .select({
      id: contentItems.id,
      sectionId: contentItems.sectionId,
      kind: contentItems.kind,
      title: contentItems.title,
      url: contentItems.url,
      html: contentItems.html,
      fileName: contentItems.fileName,
      fileMime: contentItems.fileMime,
      fileSize: contentItems.fileSize,
      fileKind: contentItems.fileKind,
      publishedAt: contentItems.publishedAt,
      openedAt: contentProgress.openedAt,
      completedAt: contentProgress.completedAt,
      positionSeconds: contentProgress.positionSeconds,
    })
    .from(contentItems)
    .innerJoin(
      contentSections,
      and(eq(contentSections.id, contentItems.sectionId), eq(contentSections.published, true)),
    )
    .leftJoin(
      contentProgress,
      and(
        eq(contentProgress.itemId, contentItems.id),
        eq(contentProgress.studentId, sql.placeholder('studentId')),
      ),
    )
    .where(
      and(
        eq(contentItems.courseId, sql.placeholder('courseId')),
        eq(contentItems.sessionId, sql.placeholder('sessionId')),
        eq(contentItems.state, 'published'),
      ),
    )
    .orderBy(asc(contentItems.position), asc(contentItems.id))
    .prepare('content_visible_items');

/** The published items of an offering's published sections with one student's progress. */
export async function visibleItems(db: Exec, courseId: number, sessionId: number, studentId: number) {
  return preparedOn(db, 'content_visible_items', visibleItemsQuery).execute({
    courseId,
    sessionId,
    studentId,
  });
}

export async function section(db: Exec, id: number): Promise<SectionRow | null> {
  const [row] = await db.select().from(contentSections).where(eq(contentSections.id, id)).limit(1);
  return row ?? null;
}

const itemQuery = (db: Exec) =>
  db
    .select({
      item: contentItems,
      sectionPublished: contentSections.published,
      sectionTitle: contentSections.title,
    })
    .from(contentItems)
    .innerJoin(contentSections, eq(contentSections.id, contentItems.sectionId))
    .where(eq(contentItems.id, sql.placeholder('id')))
    .limit(1)
    .prepare('content_item');

export async function item(db: Exec, id: number) {
  const [row] = await preparedOn(db, 'content_item', itemQuery).execute({ id });
  return row ?? null;
}

export async function insertSection(db: Exec, s: { courseId: number; sessionId: number; title: string }) {
  const [row] = await db
    .insert(contentSections)
    .values({
      ...s,
      position: sql`(select coalesce(max(${contentSections.position}), 0) + 1 from ${contentSections} where ${contentSections.courseId} = ${s.courseId} and ${contentSections.sessionId} = ${s.sessionId})`,
    })
    .returning();
  return row!;
}

export async function updateSection(
  db: Exec,
  id: number,
  set: Partial<Pick<SectionRow, 'title' | 'published'>>,
) {
  const [row] = await db
    .update(contentSections)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(contentSections.id, id))
    .returning();
  return row!;
}

export async function deleteSection(db: Exec, id: number) {
  await db.delete(contentSections).where(eq(contentSections.id, id));
}

export async function countItemsIn(db: Exec, sectionId: number) {
  const [row] = await db
    .select({ n: countSql() })
    .from(contentItems)
    .where(eq(contentItems.sectionId, sectionId));
  return row?.n ?? 0;
}

/** Sets positions 1… in the order of `ids` in one statement (the caller checked they are the full set). */
function setPositions(db: Exec, table: typeof contentSections | typeof contentItems, ids: readonly number[]) {
  // Sections keep when they last changed; items keep when their content did, which order is not.
  const touched = table === contentSections ? sql`, updated_at = now()` : sql``;
  return db.execute(sql`
    update ${table} t set position = o.ord${touched}
    from unnest(${`{${ids.join(',')}}`}::int[]) with ordinality as o(id, ord)
    where t.id = o.id`);
}

export async function reorderSections(db: Exec, ids: readonly number[]) {
  await setPositions(db, contentSections, ids);
}

export async function reorderItems(db: Exec, ids: readonly number[]) {
  await setPositions(db, contentItems, ids);
}

export async function sectionIdsOfOffering(db: Exec, courseId: number, sessionId: number) {
  const rows = await db
    .select({ id: contentSections.id })
    .from(contentSections)
    .where(and(eq(contentSections.courseId, courseId), eq(contentSections.sessionId, sessionId)));
  return rows.map((r) => r.id);
}

export async function itemIdsOfSection(db: Exec, sectionId: number) {
  const rows = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(eq(contentItems.sectionId, sectionId));
  return rows.map((r) => r.id);
}

export type NewItem = Omit<typeof contentItems.$inferInsert, 'id' | 'position'>;

export async function insertItem(db: Exec, values: NewItem): Promise<ItemRow> {
  const [row] = await db
    .insert(contentItems)
    .values({
      ...values,
      position: sql`(select coalesce(max(${contentItems.position}), 0) + 1 from ${contentItems} where ${contentItems.sectionId} = ${values.sectionId})`,
    })
    .returning();
  return row!;
}

export async function updateItem(db: Exec, id: number, set: Partial<NewItem>): Promise<ItemRow> {
  const [row] = await db
    .update(contentItems)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(contentItems.id, id))
    .returning();
  return row!;
}

/** The item's row, locked until the transaction ends. */
export async function lockItem(db: Exec, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(contentItems).where(eq(contentItems.id, id)).for('update');
  return row ?? null;
}

export async function deleteItem(db: Exec, id: number) {
  await db.delete(contentItems).where(eq(contentItems.id, id));
}

/** Published items of a published section (whose publication notifies students). */
export async function publishedItemsIn(db: Exec, sectionId: number) {
  const [row] = await db
    .select({ n: countSql() })
    .from(contentItems)
    .where(and(eq(contentItems.sectionId, sectionId), eq(contentItems.state, 'published')));
  return row?.n ?? 0;
}

// ───────────────────────────── review ─────────────────────────────

export async function pendingReviews(db: Exec, q: { limit: number; offset: number }) {
  const where = eq(contentItems.state, 'pending_review');
  const rows = await db
    .select({
      item: contentItems,
      section: contentSections.title,
      code: courses.code,
      courseTitle: courses.title,
      session: academicSessions.name,
      submittedBy: sql<
        string | null
      >`(select trim(a.first_name || ' ' || a.last_name) from ${admins} a where a.id = ${contentItems.submittedBy})`,
    })
    .from(contentItems)
    .innerJoin(contentSections, eq(contentSections.id, contentItems.sectionId))
    .innerJoin(courses, eq(courses.id, contentItems.courseId))
    .innerJoin(academicSessions, eq(academicSessions.id, contentItems.sessionId))
    .where(where)
    .orderBy(asc(contentItems.submittedAt), asc(contentItems.id))
    .limit(q.limit)
    .offset(q.offset);
  const [count] = await db.select({ n: countSql() }).from(contentItems).where(where);
  return { rows, total: count?.n ?? 0 };
}

// ───────────────────────────── students: visits, progress, counts ─────────────────────────────

/** Records a visit; answers the previous one (null on the first) and whether videosCompleted was recorded. */
export async function recordVisit(db: Exec, studentId: number, courseId: number, sessionId: number) {
  const result = await db.execute(sql`
    with old as (
      select last_visited_at, videos_completed_at from ${contentVisits}
      where student_id = ${studentId} and course_id = ${courseId} and session_id = ${sessionId}
    ), up as (
      insert into ${contentVisits} (student_id, course_id, session_id, last_visited_at)
      values (${studentId}, ${courseId}, ${sessionId}, now())
      on conflict (student_id, course_id, session_id)
      do update set previous_visited_at = ${contentVisits}.last_visited_at, last_visited_at = now()
      returning 1
    )
    select (select last_visited_at from old) as previous, (select videos_completed_at from old) as videos,
      (select count(*) from up)::int as n`);
  const rows = ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as {
    previous: Date | string | null;
    videos: Date | string | null;
  }[];
  const row = rows[0];
  const date = (v: Date | string | null | undefined) => (v ? new Date(v) : null);
  return { previous: date(row?.previous), videosCompletedAt: date(row?.videos) };
}

export async function markVideosCompleted(db: Exec, studentId: number, courseId: number, sessionId: number) {
  await db
    .insert(contentVisits)
    .values({ studentId, courseId, sessionId, lastVisitedAt: sql`now()`, videosCompletedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [contentVisits.studentId, contentVisits.courseId, contentVisits.sessionId],
      set: { videosCompletedAt: sql`coalesce(${contentVisits.videosCompletedAt}, now())` },
    });
}

export async function saveProgress(
  db: Exec,
  p: { studentId: number; itemId: number; opened?: boolean; completed?: boolean; positionSeconds?: number },
) {
  const now = sql`now()`;
  const [row] = await db
    .insert(contentProgress)
    .values({
      studentId: p.studentId,
      itemId: p.itemId,
      openedAt: now,
      completedAt: p.completed ? now : null,
      positionSeconds: p.positionSeconds ?? null,
    })
    .onConflictDoUpdate({
      target: [contentProgress.studentId, contentProgress.itemId],
      set: {
        openedAt: sql`coalesce(${contentProgress.openedAt}, now())`,
        ...(p.completed ? { completedAt: sql`coalesce(${contentProgress.completedAt}, now())` } : {}),
        ...(p.positionSeconds !== undefined ? { positionSeconds: p.positionSeconds } : {}),
        updatedAt: now,
      },
    })
    .returning();
  return row!;
}

/** Per offering of a student: published visible items, new since the last visit, completed. */
export async function studentCounts(
  db: Exec,
  studentId: number,
  offerings: readonly { courseId: number; sessionId: number }[],
) {
  if (offerings.length === 0) return [];
  const courseIds = [...new Set(offerings.map((o) => o.courseId))];
  const sessionIds = [...new Set(offerings.map((o) => o.sessionId))];
  return db
    .select({
      courseId: contentItems.courseId,
      sessionId: contentItems.sessionId,
      items: countSql(),
      fresh: sql<number>`count(*) filter (where ${contentVisits.lastVisitedAt} is null or ${contentItems.publishedAt} > ${contentVisits.lastVisitedAt})::int`,
      completed: sql<number>`count(${contentProgress.completedAt})::int`,
      lastVisitedAt: sql<Date | null>`max(${contentVisits.lastVisitedAt})`,
    })
    .from(contentItems)
    .innerJoin(
      contentSections,
      and(eq(contentSections.id, contentItems.sectionId), eq(contentSections.published, true)),
    )
    .leftJoin(
      contentVisits,
      and(
        eq(contentVisits.studentId, studentId),
        eq(contentVisits.courseId, contentItems.courseId),
        eq(contentVisits.sessionId, contentItems.sessionId),
      ),
    )
    .leftJoin(
      contentProgress,
      and(eq(contentProgress.itemId, contentItems.id), eq(contentProgress.studentId, studentId)),
    )
    .where(
      and(
        inArray(contentItems.courseId, courseIds),
        inArray(contentItems.sessionId, sessionIds),
        eq(contentItems.state, 'published'),
      ),
    )
    .groupBy(contentItems.courseId, contentItems.sessionId);
}

export async function visitsOf(db: Exec, studentId: number, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(contentVisits)
    .where(and(eq(contentVisits.studentId, studentId), inArray(contentVisits.sessionId, [...sessionIds])));
}

/** Opened and completed counts per item of an offering among these students. */
export async function progressByItem(
  db: Exec,
  courseId: number,
  sessionId: number,
  studentIds: readonly number[],
) {
  if (studentIds.length === 0) return [];
  const ids = `{${studentIds.join(',')}}`;
  return db
    .select({
      itemId: contentProgress.itemId,
      opened: sql<number>`count(${contentProgress.openedAt})::int`,
      completed: sql<number>`count(${contentProgress.completedAt})::int`,
    })
    .from(contentProgress)
    .innerJoin(contentItems, eq(contentItems.id, contentProgress.itemId))
    .where(
      and(
        eq(contentItems.courseId, courseId),
        eq(contentItems.sessionId, sessionId),
        sql`${contentProgress.studentId} = any(${ids}::int[])`,
      ),
    )
    .groupBy(contentProgress.itemId);
}

/** Per student of an offering: items opened and completed, the last opening, videosCompleted. */
export async function progressByStudent(db: Exec, courseId: number, sessionId: number) {
  const [rows, visits] = await Promise.all([
    db
      .select({
        studentId: contentProgress.studentId,
        opened: sql<number>`count(${contentProgress.openedAt})::int`,
        completed: sql<number>`count(${contentProgress.completedAt})::int`,
        lastOpenedAt: sql<Date | string | null>`max(${contentProgress.updatedAt})`,
      })
      .from(contentProgress)
      .innerJoin(contentItems, eq(contentItems.id, contentProgress.itemId))
      .where(
        and(
          eq(contentItems.courseId, courseId),
          eq(contentItems.sessionId, sessionId),
          eq(contentItems.state, 'published'),
        ),
      )
      .groupBy(contentProgress.studentId),
    db
      .select({ studentId: contentVisits.studentId })
      .from(contentVisits)
      .where(
        and(
          eq(contentVisits.courseId, courseId),
          eq(contentVisits.sessionId, sessionId),
          sql`${contentVisits.videosCompletedAt} is not null`,
        ),
      ),
  ]);
  return { rows, videosCompleted: new Set(visits.map((v) => v.studentId)) };
}

export async function countPublished(db: Exec, courseId: number, sessionId: number) {
  const [row] = await db
    .select({ n: countSql() })
    .from(contentItems)
    .innerJoin(contentSections, eq(contentSections.id, contentItems.sectionId))
    .where(
      and(
        eq(contentItems.courseId, courseId),
        eq(contentItems.sessionId, sessionId),
        eq(contentItems.state, 'published'),
        eq(contentSections.published, true),
      ),
    );
  return row?.n ?? 0;
}
