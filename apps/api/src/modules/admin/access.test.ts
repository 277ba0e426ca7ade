import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRoles, pages, rolePages } from '../../db/schema/index.js';
import type { RouteAccess } from '../../platform/auth.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from './test-support.js';

/**
 * The authorisation table (ARCHITECTURE §8): every admin route — found by walking the app's
 * route table, so a new one is covered without touching this file — against anonymous, an
 * applicant, a student, an admin without the route's page and an admin holding only that page.
 */
type Headers = Record<string, string>;
type PageRoute = { method: string; url: string; access: { page: string | readonly string[] } };

const OWN_PREFIXES = ['/api/admin/', '/api/AdminRole/', '/api/Admin/'];

function concreteUrl(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '999999').replace(/\*$/, 'x');
}

describe('admin route × role authorisation table', { timeout: 60_000 }, () => {
  let t: TestApp;
  let routes: PageRoute[];
  const callers: Record<string, Headers> = {};
  const holders = new Map<string, Headers>();

  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT_LOGIN_PER_ADDRESS: '100000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000' },
      { jobs: false },
    );
    routes = t.app.routeAccessTable.filter(
      (r): r is PageRoute =>
        typeof r.access === 'object' && r.access !== null && 'page' in (r.access as RouteAccess & object),
    );
    callers.anonymous = {};
    callers.applicant = (await login(t.app, 'Applicant', 'applicant1@demo.edu.ng')).auth;
    callers.student = (await login(t.app, 'Student', 'student1@demo.edu.ng')).auth;
    // An admin whose one role grants no page at all.
    callers.adminWithout = (await makeAdmin(t.app, t.database.db, 'without', [])).headers;
    for (const route of routes) {
      const wanted = typeof route.access.page === 'string' ? [route.access.page] : [...route.access.page];
      const key = wanted[0]!;
      if (!holders.has(key)) holders.set(key, (await makeAdmin(t.app, t.database.db, key, [key])).headers);
    }
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  it('finds the admin routes, and every route declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = t.app.routeAccessTable
      .filter((r) => r.url.startsWith('/api/') && !r.access)
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses anonymous (401), applicants, students and admins without the page (403) on every admin route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const url = concreteUrl(route.url);
      for (const [who, expected] of [
        ['anonymous', 401],
        ['applicant', 403],
        ['student', 403],
        ['adminWithout', 403],
      ] as const) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: callers[who],
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        if (response.statusCode !== expected)
          failures.push(`${who} ${route.method} ${route.url}: ${response.statusCode} (wanted ${expected})`);
        else expect(response.json().Status).toEqual(expected === 401 ? 'Unauthorized' : 'Forbidden');
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets an admin holding only the page through (2xx, or a 4xx about the input — never 401/403)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const wanted = typeof route.access.page === 'string' ? route.access.page : route.access.page[0]!;
      const url = concreteUrl(route.url);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: holders.get(wanted)!,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      const own = OWN_PREFIXES.some((p) => route.url.startsWith(p));
      if ([401, 403].includes(response.statusCode) || (own && response.statusCode >= 500)) {
        failures.push(`${route.method} ${route.url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('denies a removed permission on the very next request, and a deactivated admin at once', async () => {
    const holder = await makeAdmin(t.app, t.database.db, 'revoked', ['AuditTrail']);
    const call = () => t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: holder.headers });
    expect((await call()).statusCode).toBe(200);
    const [page] = await t.database.db.select().from(pages).where(eq(pages.page, 'AuditTrail'));
    await t.database.db
      .delete(rolePages)
      .where(and(eq(rolePages.roleId, holder.roleId), eq(rolePages.pageId, page!.id)));
    expect((await call()).statusCode).toBe(403);

    // Through the API: the super admin takes the role away, then deactivates the admin.
    const superAdmin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const other = await makeAdmin(t.app, t.database.db, 'deactivated', ['AuditTrail']);
    const otherCall = () => t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: other.headers });
    expect((await otherCall()).statusCode).toBe(200);
    const save = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/Admin/CreateUserAsync', headers: superAdmin, payload });
    const base = { UserId: other.id, Email: other.email, FirstName: 'Test', LastName: 'deactivated' };
    expect((await save({ ...base, RoleIds: [] })).json()).toMatchObject({
      Status: 'Ok',
      Message: 'user updated successfully',
    });
    expect((await otherCall()).statusCode).toBe(403);
    await t.database.db.insert(adminRoles).values({ adminId: other.id, roleId: other.roleId });
    expect((await otherCall()).statusCode).toBe(200);
    expect((await save({ ...base, RoleIds: [other.roleId], IsActive: false })).statusCode).toBe(200);
    const afterDeactivation = await otherCall();
    expect(afterDeactivation.statusCode).toBe(401);
    // …and even a mode-only route refuses the deactivated admin.
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/Account/ChangePassword',
      headers: other.headers,
      payload: { currentPassword: 'x', newPassword: 'y' },
    });
    expect(change.statusCode).toBe(401);
    const stillRoles = await t.database.db
      .select()
      .from(adminRoles)
      .where(inArray(adminRoles.adminId, [other.id]));
    expect(stillRoles).toHaveLength(1);
  });
});
