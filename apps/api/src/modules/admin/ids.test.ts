import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RECORD_ID, REGISTRY_SPECS, recordId, resourcePath } from '@portal/contracts';
import type { RouteAccess } from '../../platform/auth.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Ids out of range (issue 11, item 13): every id is an int4 key, so an id above 2,147,483,647 (or
 * below 1, or not a number) is refused with 400 or answered 404 — never a 500 from an integer
 * column overflowing. Every route is found by walking the app's route table, so a new one is covered
 * without touching this file: its numeric path and query-string ids must be the shared `recordId`
 * schema (issue 22, item 5), and 2^31 or 2^53 in any of them answers no 5xx.
 */
type Headers = Record<string, string>;
type Route = {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  params?: unknown;
  querystring?: unknown;
};

/** 2^31 (one past int4) and 2^53 (past what a double holds exactly). */
const HUGE_IDS = [String(2 ** 31), String(2 ** 53)];
const BAD_IDS = [...HUGE_IDS, '-1', 'abc'];

/** A parameter named as an id: `id`, `sessionId`, `ApplicantID`… (public ids are strings, checked by their own rule). */
const ID_NAME = /(^id|Id|ID)$/;
type ZodDef = { type: string; innerType?: unknown; out?: unknown; shape?: Record<string, unknown> };
const defOf = (schema: unknown): ZodDef | undefined => (schema as { _zod?: { def: ZodDef } })?._zod?.def;
/** A schema without its optional / nullable / default / preprocess wrappers. */
function unwrap(schema: unknown): unknown {
  for (let s = schema; ;) {
    const def = defOf(s);
    if (s === recordId || !def) return s;
    if (def.innerType) s = def.innerType;
    else if (def.type === 'pipe') s = def.out;
    else return s;
  }
}
/** The id-named fields of a route's params or query-string schema (a zod object), with their schemas. */
function idFields(schema: unknown): [string, unknown][] {
  const shape = defOf(schema)?.shape;
  return shape ? Object.entries(shape).filter(([name]) => ID_NAME.test(name)) : [];
}
/** Who may call a route: the super admin, and each mode it names. */
const callersOf = (route: Route) =>
  typeof route.access === 'object' && route.access !== null && 'modes' in route.access
    ? [...new Set(['Admin', ...route.access.modes])]
    : ['Admin'];
/** What a bad id may get: refused, not found, or (for a caller who may not) not signed in / not allowed. */
const REFUSED = [400, 401, 403, 404];
/** Multipart routes refuse a JSON body before they look at it. */
const REFUSED_UPLOAD = [...REFUSED, 406, 415];

const withParam = (url: string, value: string) =>
  url.replace(/:[A-Za-z_]+/g, encodeURIComponent(value)).replace(/\*$/, 'x');

describe('ids out of range', { timeout: 120_000 }, () => {
  let t: TestApp;
  let routes: Route[];
  const callers: Record<string, Headers> = {};

  beforeAll(async () => {
    t = await startTestApp(
      { RATE_LIMIT_LOGIN_PER_ADDRESS: '100000', RATE_LIMIT_LOGIN_PER_ACCOUNT: '100000' },
      { jobs: false },
    );
    routes = t.app.routeAccessTable.filter((r) => r.url.startsWith('/api/') && /:[A-Za-z_]/.test(r.url));
    callers.Admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    callers.Applicant = (await login(t.app, 'Applicant', 'applicant1@demo.edu.ng')).auth;
    callers.Student = (await login(t.app, 'Student', 'student1@demo.edu.ng')).auth;
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  it('bounds the shared id schema to the int4 range', () => {
    expect(recordId.parse('2147483647')).toBe(MAX_RECORD_ID);
    expect(recordId.parse(1)).toBe(1);
    for (const bad of [...BAD_IDS, '0', '1.5', '', '9007199254740993', '1e10'])
      expect(recordId.safeParse(bad).success, bad).toBe(false);
  });

  it('parses every numeric id of every route (path and query string) with the one shared schema', () => {
    const all = t.app.routeAccessTable.filter((r) => r.url.startsWith('/api/'));
    const numericIds = all.flatMap((route) =>
      [...idFields(route.params), ...idFields(route.querystring)]
        .filter(([, schema]) => defOf(unwrap(schema))?.type === 'number' || unwrap(schema) === recordId)
        .map(([name, schema]) => ({
          route: `${route.method} ${route.url} ${name}`,
          shared: unwrap(schema) === recordId,
        })),
    );
    expect(numericIds.length).toBeGreaterThan(40);
    expect(numericIds.filter((id) => !id.shared).map((id) => id.route)).toEqual([]);
  });

  it('answers no 5xx for 2^31 or 2^53 in any id of any query string', async () => {
    const withQueryIds = t.app.routeAccessTable.filter(
      (r) => r.url.startsWith('/api/') && idFields(r.querystring).length > 0,
    );
    expect(withQueryIds.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of withQueryIds) {
      const url = withParam(route.url, '1');
      for (const [name] of idFields(route.querystring)) {
        for (const caller of callersOf(route)) {
          for (const huge of HUGE_IDS) {
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: `${url}?${name}=${huge}`,
              headers: callers[caller],
              payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
            });
            if (response.statusCode >= 500)
              failures.push(
                `${caller} ${route.method} ${url}?${name}=${huge}: ${response.statusCode} ${response.body}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 or 404 (never 500) on every route with a :param, as the super admin and the right mode', async () => {
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of routes) {
      const who = callersOf(route);
      const upload =
        /multipart|\/file$|documents\/:kind$|\/import$/.test(route.url) && route.method !== 'GET';
      for (const caller of who) {
        for (const bad of BAD_IDS) {
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: withParam(route.url, bad),
            headers: callers[caller],
            payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          });
          const allowed = upload ? REFUSED_UPLOAD : REFUSED;
          if (!allowed.includes(response.statusCode))
            failures.push(
              `${caller} ${route.method} ${route.url} with ${bad}: ${response.statusCode} ${response.body}`,
            );
          else if (response.statusCode === 400) expect(response.json().Status).toBe('Invalid');
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the named out-of-range ids with 400 in the { Status, Message } envelope', async () => {
    const big = MAX_RECORD_ID + 1;
    const cases: [string, 'GET' | 'DELETE', string][] = [
      ['Admin', 'GET', `/api/admin/admission-sessions/${big}`],
      ['Admin', 'GET', `/api/AdminRole/GetRolesIDAsync/${big}`],
      ['Admin', 'GET', `/api/admin/lgas?stateId=${big}`],
      ['Admin', 'GET', `/api/admin/states/options?ids=1,${big}`],
      ['Admin', 'GET', `/api/admin/applications/all?departmentId=${big}`],
      ['Admin', 'GET', `/api/admin/applications/report?admissionSessionId=${big}`],
      ['Admin', 'GET', `/api/admin/admission-list/publication?admissionSessionId=${big}`],
      ['Admin', 'GET', `/api/admin/audit?actorId=${big}`],
      ['Applicant', 'DELETE', `/api/OResults/DeleteOResult/?olevelresultId=${big}`],
      ['Applicant', 'DELETE', `/api/OResults/DeleteOResult?olevelresultId=-1`],
      ['Applicant', 'GET', `/api/OResults/NewhasOlevelResult?applicantId=${big}`],
      ['Applicant', 'GET', `/api/OResults/hasOlevelResult?applicantId=${big}`],
      ['Applicant', 'GET', `/api/Applicants/GetApplicantRecordById?ApplicantID=${big}`],
      ['Applicant', 'GET', `/api/Applicants/SubmitReg?applicantId=${big}`],
      ['Applicant', 'GET', `/api/ApplicantAcceptancePaymentHistory?payeeId=${big}`],
      ['Applicant', 'GET', `/api/AdmissionFeeSchedule?applicantId=${big}`],
      ['Applicant', 'GET', `/api/reference/states?countryId=${big}`],
      ['Applicant', 'GET', `/api/reference/lgas?stateId=${big}`],
      ['Applicant', 'GET', `/api/listofforms?type=${big}`],
      ['Admin', 'GET', `/api/ActiveSessions?schId=${big}`],
    ];
    const failures: string[] = [];
    for (const [caller, method, url] of cases) {
      const response = await t.app.inject({ method, url, headers: callers[caller] });
      if (response.statusCode !== 400)
        failures.push(`${method} ${url}: ${response.statusCode} ${response.body}`);
      else {
        const body = response.json();
        expect(body.Status).toBe('Invalid');
        expect(typeof body.Message).toBe('string');
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an out-of-range id filter on every registry list, and one in a body', async () => {
    const failures: string[] = [];
    for (const spec of REGISTRY_SPECS) {
      const idFilter = Object.entries(spec.fields).find(([, f]) => f.kind === 'ref')?.[0];
      if (!idFilter) continue;
      const response = await t.app.inject({
        method: 'GET',
        url: `${resourcePath(spec)}?${idFilter}=${MAX_RECORD_ID + 1}`,
        headers: callers.Admin,
      });
      if (response.statusCode >= 500) failures.push(`${spec.name} ${idFilter}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);

    const rejected = await t.app.inject({
      method: 'POST',
      url: '/api/admin/applications/reject',
      headers: callers.Admin,
      payload: { ids: [MAX_RECORD_ID + 1], reason: 'Out of range' },
    });
    expect(rejected.statusCode).toBe(400);
    const role = await t.app.inject({
      method: 'POST',
      url: '/api/AdminRole/CreateAdminRolesAsync',
      headers: callers.Admin,
      payload: { RoleId: MAX_RECORD_ID + 1, RoleName: 'Too far', PageIds: [] },
    });
    expect(role.statusCode).toBe(400);
  });
});
