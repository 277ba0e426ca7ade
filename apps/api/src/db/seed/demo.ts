import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { academicSessions, departments, levels, pages, rolePages, roles } from '../schema/index.js';

/** What the demo's seeds share: the session they fill and the lookups of rows seeded before them. */

export const DEMO_SESSION = '2024/2025';
export const LEVELS = ['100 Level', '200 Level', '300 Level', '400 Level'] as const;
export type Level = (typeof LEVELS)[number];

/** The demo session's row, or null before the institution's seed has made it. */
export async function demoSession(db: Db) {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  return session ?? null;
}

/** Level name → id, for the four demo levels. */
export async function levelIds(db: Db): Promise<(name: string) => number> {
  const rows = await db
    .select()
    .from(levels)
    .where(inArray(levels.name, [...LEVELS]));
  return (name) => rows.find((l) => l.name === name)!.id;
}

/** Department code → id. */
export async function departmentIds(db: Db): Promise<(code: string) => number> {
  const rows = await db.select().from(departments);
  return (code) => rows.find((d) => d.code === code)!.id;
}

/** Gives a role a page (both seeded before), once: the demo roles gain each feature's page this way. */
export async function grantPage(db: Db, roleName: string, page: string) {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
  const [row] = await db.select({ id: pages.id }).from(pages).where(eq(pages.page, page));
  if (role && row)
    await db.insert(rolePages).values({ roleId: role.id, pageId: row.id }).onConflictDoNothing();
}
