import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { adminRoles, admins, pages, rolePages, roles } from '../../db/schema/index.js';
import { hashPassword } from '../../platform/passwords.js';

/** Test helper: the password of every admin made by `makeAdmin`. */
export const TEST_ADMIN_PASSWORD = 'Tested-Admin-2025!';
let cachedHash: Promise<string> | undefined;

/**
 * Creates a role granting exactly `pageNames` and an active admin holding only that role, straight
 * in the database (tests only), and signs the admin in through the public API.
 */
export async function makeAdmin(app: FastifyInstance, db: Db, label: string, pageNames: readonly string[]) {
  cachedHash ??= hashPassword(TEST_ADMIN_PASSWORD);
  const suffix = `${label}-${Math.random().toString(36).slice(2, 8)}`
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-');
  const [role] = await db
    .insert(roles)
    .values({ name: `Test role ${suffix}`, description: 'test' })
    .returning();
  if (pageNames.length) {
    const pageRows = await db
      .select({ id: pages.id })
      .from(pages)
      .where(inArray(pages.page, [...pageNames]));
    if (pageRows.length !== pageNames.length) throw new Error(`unknown page in ${pageNames.join(', ')}`);
    await db.insert(rolePages).values(pageRows.map((p) => ({ roleId: role!.id, pageId: p.id })));
  }
  const email = `${suffix}@staff.test`;
  const [admin] = await db
    .insert(admins)
    .values({
      email,
      firstName: 'Test',
      lastName: label,
      passwordHash: await cachedHash,
      isFirstLogin: false,
    })
    .returning();
  await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role!.id });
  const response = await app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { Username: email, Password: TEST_ADMIN_PASSWORD, userMode: 'Admin', schoolId: 1 },
  });
  const body = response.json();
  if (body.Status !== 'Ok') throw new Error(`admin login failed: ${response.body}`);
  return {
    id: admin!.id,
    roleId: role!.id,
    email,
    headers: { authorization: `Bearer ${body.LoginToken as string}` },
  };
}
