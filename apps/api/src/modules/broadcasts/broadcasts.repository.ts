import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Exec } from '../../platform/db.js';
import { broadcasts, departments, faculties, levels } from '../../db/schema/index.js';

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type NewBroadcast = typeof broadcasts.$inferInsert;

export async function insert(db: Exec, row: NewBroadcast): Promise<BroadcastRow> {
  const [created] = await db.insert(broadcasts).values(row).returning();
  return created!;
}

export async function update(db: Exec, id: number, patch: Partial<NewBroadcast>): Promise<void> {
  await db.update(broadcasts).set(patch).where(eq(broadcasts.id, id));
}

export interface ListedBroadcast extends BroadcastRow {
  facultyName: string | null;
  departmentName: string | null;
  levelName: string | null;
}

function listQuery(db: Exec) {
  return db
    .select({
      b: broadcasts,
      facultyName: faculties.name,
      departmentName: departments.name,
      levelName: levels.name,
    })
    .from(broadcasts)
    .leftJoin(faculties, eq(faculties.id, broadcasts.facultyId))
    .leftJoin(departments, eq(departments.id, broadcasts.departmentId))
    .leftJoin(levels, eq(levels.id, broadcasts.levelId));
}

export async function page(db: Exec, limit: number, offset: number): Promise<ListedBroadcast[]> {
  const rows = await listQuery(db).orderBy(desc(broadcasts.id)).limit(limit).offset(offset);
  return rows.map(({ b, ...names }) => ({ ...b, ...names }));
}

export async function byId(db: Exec, id: number): Promise<ListedBroadcast | undefined> {
  const [row] = await listQuery(db).where(eq(broadcasts.id, id));
  if (!row) return undefined;
  const { b, ...names } = row;
  return { ...b, ...names };
}

export async function total(db: Exec): Promise<number> {
  const [row] = await db.select({ n: count() }).from(broadcasts);
  return row?.n ?? 0;
}

export interface Group {
  audience: 'everyone' | 'students' | 'applicants' | 'staff';
  facultyId: number | null;
  departmentId: number | null;
  levelId: number | null;
}

/**
 * The group's e-mail addresses with the message, as the mail outbox's `INSERT … SELECT` reads them
 * (`to_address`, `subject`, `body_text`, `body_html`): students (narrowed by faculty, department,
 * level), applicants, active staff, or all three.
 */
export function recipients(group: Group, mail: { subject: string; text: string; html: string }): SQL {
  const message = sql`${mail.subject}::text as subject, ${mail.text}::text as body_text, ${mail.html}::text as body_html`;
  const studentsOf = sql`select s.email as to_address, ${message} from students s
    left join departments d on d.id = s.department_id
    where (${group.facultyId}::int is null or d.faculty_id = ${group.facultyId})
      and (${group.departmentId}::int is null or s.department_id = ${group.departmentId})
      and (${group.levelId}::int is null or s.level_id = ${group.levelId})`;
  const applicantsAll = sql`select a.email as to_address, ${message} from applicants a`;
  const staffAll = sql`select m.email as to_address, ${message} from admins m where m.is_active`;
  switch (group.audience) {
    case 'students':
      return studentsOf;
    case 'applicants':
      return applicantsAll;
    case 'staff':
      return staffAll;
    default:
      return sql`${studentsOf} union all ${applicantsAll} union all ${staffAll}`;
  }
}
