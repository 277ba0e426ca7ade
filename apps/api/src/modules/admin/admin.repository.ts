import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { adminRoles, admins, auditLog, pages, rolePages, roles } from '../../db/schema/index.js';
import { countSql, likeEscape, type Exec } from '../../platform/db.js';

// ─────────────── pages ───────────────

export function listPages(db: Exec) {
  return db
    .select({
      PageId: pages.id,
      Menu_Id: pages.menuId,
      Menu_Name: pages.menuName,
      Menu_Icon: pages.menuIcon,
      Page: pages.page,
    })
    .from(pages)
    .orderBy(asc(pages.menuId), asc(pages.id));
}

export async function countPages(db: Exec, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: countSql() }).from(pages).where(inArray(pages.id, ids));
  return row?.n ?? 0;
}

// ─────────────── roles ───────────────

export function listRoles(db: Exec, ids?: number[]) {
  return db
    .select({ id: roles.id, name: roles.name, description: roles.description })
    .from(roles)
    .where(ids ? inArray(roles.id, ids.length ? ids : [-1]) : undefined)
    .orderBy(asc(roles.name));
}

export function pagesOfRoles(db: Exec, roleIds: number[]) {
  return db
    .select({
      roleId: rolePages.roleId,
      PageId: pages.id,
      Menu_Id: pages.menuId,
      Menu_Name: pages.menuName,
      Menu_Icon: pages.menuIcon,
      Page: pages.page,
    })
    .from(rolePages)
    .innerJoin(pages, eq(pages.id, rolePages.pageId))
    .where(inArray(rolePages.roleId, roleIds.length ? roleIds : [-1]))
    .orderBy(asc(pages.menuId), asc(pages.id));
}

export function userCountsOfRoles(db: Exec, roleIds: number[]) {
  return db
    .select({ roleId: adminRoles.roleId, n: countSql() })
    .from(adminRoles)
    .where(inArray(adminRoles.roleId, roleIds.length ? roleIds : [-1]))
    .groupBy(adminRoles.roleId);
}

export async function findRole(db: Exec, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  return row;
}

export async function findRoleByName(db: Exec, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptId ? ne(roles.id, exceptId) : undefined),
    )
    .limit(1);
  return row;
}

export async function insertRole(db: Exec, values: { name: string; description: string }) {
  const [row] = await db.insert(roles).values(values).returning();
  return row!;
}

export async function updateRole(db: Exec, id: number, values: { name: string; description: string }) {
  await db.update(roles).set(values).where(eq(roles.id, id));
}

export async function deleteRole(db: Exec, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function replaceRolePages(db: Exec, roleId: number, pageIds: number[]) {
  await db.delete(rolePages).where(eq(rolePages.roleId, roleId));
  if (pageIds.length) await db.insert(rolePages).values(pageIds.map((pageId) => ({ roleId, pageId })));
}

export async function countRoles(db: Exec, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db.select({ n: countSql() }).from(roles).where(inArray(roles.id, ids));
  return row?.n ?? 0;
}

/** How many active admins hold a page through their roles. */
export async function activeAdminsWithPage(db: Exec, page: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${admins.id})::int` })
    .from(admins)
    .innerJoin(adminRoles, eq(adminRoles.adminId, admins.id))
    .innerJoin(rolePages, eq(rolePages.roleId, adminRoles.roleId))
    .innerJoin(pages, eq(pages.id, rolePages.pageId))
    .where(and(eq(admins.isActive, true), eq(pages.page, page)));
  return row?.n ?? 0;
}

// ─────────────── admin users ───────────────

function userFilter(search?: string, isActive?: boolean): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (search) {
    const term = `%${likeEscape(search)}%`;
    conditions.push(
      or(ilike(admins.email, term), ilike(admins.firstName, term), ilike(admins.lastName, term)),
    );
  }
  if (isActive !== undefined) conditions.push(eq(admins.isActive, isActive));
  return and(...conditions);
}

export async function listAdmins(
  db: Exec,
  q: { page: number; pageSize: number; search?: string; isActive?: boolean },
) {
  const where = userFilter(q.search, q.isActive);
  const [total] = await db.select({ n: countSql() }).from(admins).where(where);
  const rows = await db
    .select()
    .from(admins)
    .where(where)
    .orderBy(asc(admins.lastName), asc(admins.firstName), asc(admins.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return { rows, total: total?.n ?? 0 };
}

export async function findAdmin(db: Exec, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

export async function findAdminByEmail(db: Exec, email: string, exceptId?: number) {
  const [row] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(
        eq(sql`lower(${admins.email})`, email.toLowerCase()),
        exceptId ? ne(admins.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertAdmin(
  db: Exec,
  values: { email: string; firstName: string; lastName: string; passwordHash: string; isActive: boolean },
) {
  const [row] = await db
    .insert(admins)
    .values({ ...values, isFirstLogin: true })
    .returning();
  return row!;
}

export async function updateAdmin(
  db: Exec,
  id: number,
  values: { email: string; firstName: string; lastName: string; isActive: boolean },
) {
  await db.update(admins).set(values).where(eq(admins.id, id));
}

export async function replaceAdminRoles(db: Exec, adminId: number, roleIds: number[]) {
  await db.delete(adminRoles).where(eq(adminRoles.adminId, adminId));
  if (roleIds.length) await db.insert(adminRoles).values(roleIds.map((roleId) => ({ adminId, roleId })));
}

export function rolesOfAdmins(db: Exec, adminIds: number[]) {
  return db
    .select({ adminId: adminRoles.adminId, RoleId: roles.id, RoleName: roles.name })
    .from(adminRoles)
    .innerJoin(roles, eq(roles.id, adminRoles.roleId))
    .where(inArray(adminRoles.adminId, adminIds.length ? adminIds : [-1]))
    .orderBy(asc(roles.name));
}

export function pageNamesOfAdmins(db: Exec, adminIds: number[]) {
  return db
    .selectDistinct({ adminId: adminRoles.adminId, page: pages.page, menuId: pages.menuId, pageId: pages.id })
    .from(adminRoles)
    .innerJoin(rolePages, eq(rolePages.roleId, adminRoles.roleId))
    .innerJoin(pages, eq(pages.id, rolePages.pageId))
    .where(inArray(adminRoles.adminId, adminIds.length ? adminIds : [-1]))
    .orderBy(asc(pages.menuId), asc(pages.id));
}

// ─────────────── audit trail ───────────────

export interface AuditFilter {
  actorId?: number;
  actor?: string;
  pageName?: string;
  action?: string;
  entity?: string;
  entityId?: string;
  start?: Date;
  end?: Date;
}

export async function listAudit(db: Exec, f: AuditFilter, page: number, pageSize: number) {
  const where = and(
    f.actorId ? eq(auditLog.actorAdminId, f.actorId) : undefined,
    f.actor ? ilike(auditLog.actorEmail, `%${likeEscape(f.actor)}%`) : undefined,
    f.pageName ? eq(auditLog.page, f.pageName) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.start ? gte(auditLog.at, f.start) : undefined,
    f.end ? lt(auditLog.at, f.end) : undefined,
  );
  const [total] = await db.select({ n: countSql() }).from(auditLog).where(where);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows, total: total?.n ?? 0 };
}
