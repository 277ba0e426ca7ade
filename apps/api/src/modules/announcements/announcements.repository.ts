import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { announcements, departments, faculties, levels } from '../../db/schema/index.js';

export type AnnouncementRow = typeof announcements.$inferSelect;
export type NewAnnouncement = typeof announcements.$inferInsert;

export async function insert(db: Exec, row: NewAnnouncement): Promise<AnnouncementRow> {
  const [created] = await db.insert(announcements).values(row).returning();
  return created!;
}

export async function update(
  db: Exec,
  id: number,
  patch: Partial<NewAnnouncement>,
): Promise<AnnouncementRow> {
  const [changed] = await db
    .update(announcements)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(announcements.id, id))
    .returning();
  return changed!;
}

/** The row, locked for the change (an edit and a withdrawal never cross). */
export async function byIdForUpdate(db: Exec, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row;
}

export interface ListedAnnouncement extends AnnouncementRow {
  facultyName: string | null;
  departmentName: string | null;
  levelName: string | null;
}

const listed = {
  facultyName: faculties.name,
  departmentName: departments.name,
  levelName: levels.name,
};

/** Newest publish time first, with the names of its narrowing. */
export async function page(db: Exec, limit: number, offset: number): Promise<ListedAnnouncement[]> {
  const rows = await db
    .select({ a: announcements, ...listed })
    .from(announcements)
    .leftJoin(faculties, eq(faculties.id, announcements.facultyId))
    .leftJoin(departments, eq(departments.id, announcements.departmentId))
    .leftJoin(levels, eq(levels.id, announcements.levelId))
    .orderBy(desc(announcements.publishAt), desc(announcements.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ a, ...names }) => ({ ...a, ...names }));
}

export async function total(db: Exec): Promise<number> {
  const [row] = await db.select({ n: count() }).from(announcements);
  return row?.n ?? 0;
}

export async function withNames(db: Exec, id: number): Promise<ListedAnnouncement | undefined> {
  const [row] = await db
    .select({ a: announcements, ...listed })
    .from(announcements)
    .leftJoin(faculties, eq(faculties.id, announcements.facultyId))
    .leftJoin(departments, eq(departments.id, announcements.departmentId))
    .leftJoin(levels, eq(levels.id, announcements.levelId))
    .where(eq(announcements.id, id));
  if (!row) return undefined;
  const { a, ...names } = row;
  return { ...a, ...names };
}

/** Who is looking: a student (narrowing applies to them), an applicant, a member of staff. */
export type Viewer = { audience: 'students'; studentId: number } | { audience: 'applicants' | 'staff' };

/** The announcements shown to the viewer now: published, not expired, not withdrawn, theirs. */
export async function currentFor(db: Exec, viewer: Viewer, limit: number): Promise<AnnouncementRow[]> {
  const narrowing: SQL =
    viewer.audience === 'students'
      ? sql`(${announcements.facultyId} is null and ${announcements.departmentId} is null and ${announcements.levelId} is null)
          or exists (select 1 from students s join departments d on d.id = s.department_id
            where s.id = ${viewer.studentId}
              and (${announcements.facultyId} is null or d.faculty_id = ${announcements.facultyId})
              and (${announcements.departmentId} is null or s.department_id = ${announcements.departmentId})
              and (${announcements.levelId} is null or s.level_id = ${announcements.levelId}))`
      : sql`true`;
  return db
    .select()
    .from(announcements)
    .where(
      and(
        isNull(announcements.withdrawnAt),
        sql`${announcements.publishAt} <= now()`,
        sql`(${announcements.expiresAt} is null or ${announcements.expiresAt} > now())`,
        sql`${announcements.audience} in ('everyone', ${viewer.audience})`,
        sql`(${narrowing})`,
      ),
    )
    .orderBy(desc(announcements.publishAt), desc(announcements.id))
    .limit(limit);
}
