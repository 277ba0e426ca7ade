import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import { academicSessions, admins, courseLecturers, courses, staff } from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';

const name = sql<string>`trim(coalesce(${staff.title}, '') || ' ' || ${staff.firstName} || ' ' || ${staff.lastName})`;

/**
 * The lecturers of a session (the registry's CourseLecturers), paged by staff record, each with the
 * courses they teach and their admin account (the same e-mail).
 */
export async function lecturersOfSession(
  db: Exec,
  q: { sessionId: number; search?: string; limit: number; offset: number },
) {
  const pattern = q.search ? `%${likeEscape(q.search)}%` : null;
  const where = and(
    eq(courseLecturers.sessionId, q.sessionId),
    pattern
      ? or(
          ilike(staff.firstName, pattern),
          ilike(staff.lastName, pattern),
          ilike(staff.email, pattern),
          ilike(courses.code, pattern),
        )
      : undefined,
  );
  const [total] = await db
    .select({ n: sql<number>`count(distinct ${staff.id})::int` })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(courses, eq(courses.id, courseLecturers.courseId))
    .where(where);
  const rows = await db
    .select({
      staffId: staff.id,
      name: sql<string>`min(${name})`,
      email: staff.email,
      adminId: sql<number | null>`min(${admins.id})`,
      session: sql<string>`min(${academicSessions.name})`,
      offerings: sql<
        { CourseId: number; Code: string }[]
      >`json_agg(distinct jsonb_build_object('CourseId', ${courses.id}, 'Code', ${courses.code}))`,
    })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(courses, eq(courses.id, courseLecturers.courseId))
    .innerJoin(academicSessions, eq(academicSessions.id, courseLecturers.sessionId))
    .leftJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(where)
    .groupBy(staff.id)
    .orderBy(asc(staff.lastName), asc(staff.firstName), asc(staff.id))
    .limit(q.limit)
    .offset(q.offset);
  return { rows, total: total?.n ?? 0 };
}

/** Whether the admin lectures anything (in any session). */
export async function isLecturer(db: Exec, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: countSql() })
    .from(courseLecturers)
    .innerJoin(staff, eq(staff.id, courseLecturers.staffId))
    .innerJoin(admins, sql`lower(${admins.email}) = lower(${staff.email})`)
    .where(eq(admins.id, adminId));
  return (row?.n ?? 0) > 0;
}
