import { eq, inArray, notInArray } from 'drizzle-orm';
import { ADMIN_MENUS, WORKING_PAGES } from '@portal/contracts';
import type { Db } from '../client.js';
import { pages, rolePages, roles } from '../schema/index.js';

/**
 * The pages stored for roles and the sidebar: the specification's menus (ADMIN_MENUS in the
 * contract), keeping only the pages that work — registry resources and built workflow screens.
 */
export const SEEDED_MENUS = ADMIN_MENUS.map(
  ([menuId, menuName, icon, list]) =>
    [menuId, menuName, icon, list.filter((page) => WORKING_PAGES.has(page))] as const,
).filter(([, , , list]) => list.length > 0);

export const SUPER_ADMIN_ROLE = 'Super Admin';
export const ADMISSIONS_ROLE = 'Admissions Officer';

export async function seedPages(db: Db): Promise<void> {
  // A page that no longer works (or never did) leaves the list, and with it every role's grant.
  await db.delete(pages).where(notInArray(pages.page, [...WORKING_PAGES]));
  await db
    .insert(pages)
    .values(
      SEEDED_MENUS.flatMap(([menuId, menuName, menuIcon, list]) =>
        list.map((page) => ({ menuId, menuName, menuIcon, page })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values([
      { name: SUPER_ADMIN_ROLE, description: 'Every admin page' },
      { name: ADMISSIONS_ROLE, description: 'The admissions pages' },
    ])
    .onConflictDoNothing();
  const allPages = await db.select({ id: pages.id, menuId: pages.menuId }).from(pages);
  const roleRows = await db
    .select()
    .from(roles)
    .where(inArray(roles.name, [SUPER_ADMIN_ROLE, ADMISSIONS_ROLE]));
  const superRole = roleRows.find((r) => r.name === SUPER_ADMIN_ROLE)!;
  const admissionsRole = roleRows.find((r) => r.name === ADMISSIONS_ROLE)!;
  // The super admin role always holds every page, including pages added by later releases.
  await db
    .insert(rolePages)
    .values(allPages.map((p) => ({ roleId: superRole.id, pageId: p.id })))
    .onConflictDoNothing();
  const existing = await db.select().from(rolePages).where(eq(rolePages.roleId, admissionsRole.id)).limit(1);
  if (existing.length === 0) {
    await db
      .insert(rolePages)
      .values(
        allPages.filter((p) => p.menuId === 2).map((p) => ({ roleId: admissionsRole.id, pageId: p.id })),
      )
      .onConflictDoNothing();
  }
}
