import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { FEW_MATCHES } from './admissions.repository.js';

/**
 * The lists' pages of a search, whichever way they are read: a search matching few applicants (by
 * its total) is read matches first, one matching more as PostgreSQL plans it. Both must give the
 * page the sort says, which this file works out on its own from the rows it made.
 */
describe('admissions lists: a search pages alike however many it matches', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const COUNT = 1_200;
  type Made = {
    id: number;
    jamb: string;
    last: string;
    score: number;
    created: number;
    registered: number | null;
  };
  let made: Made[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    // Zuri Kaya<two letters>: every name lower-case letters of one length, so any collation sorts them alike.
    await t.database.db.execute(sql`
      insert into applicants (public_id, jamb_reg_no, email, password_hash, first_name, last_name,
                              utme_score, created_at, registered_at)
      select 'lists-test-' || g, '2099' || lpad(((g * 7) % ${COUNT})::text, 8, '0') || 'ZZ',
             'zuri' || g || '@lists.test', '!', 'Zuri',
             'Kaya' || chr(97 + (g * 11) % 26) || chr(97 + (g * 5) % 26),
             100 + (g * 37) % 300,
             timestamptz '2026-01-01 00:00:00+00' + ((g * 7919) % ${COUNT}) * interval '1 second',
             case when g % 2 = 0 then timestamptz '2026-02-01 00:00:00+00' + ((g * 13) % 97) * interval '1 minute' end
      from generate_series(1, ${COUNT}) g`);
    const rows = (await t.database.db.execute(sql`
      select id, jamb_reg_no as jamb, last_name as last, utme_score as score,
             (extract(epoch from created_at) * 1000)::float8 as created,
             (extract(epoch from registered_at) * 1000)::float8 as registered
      from applicants where public_id like 'lists-test-%'`)) as unknown as {
      rows: {
        id: number;
        jamb: string;
        last: string;
        score: number;
        created: number;
        registered: number | null;
      }[];
    };
    made = rows.rows.map((r) => ({
      id: Number(r.id),
      jamb: r.jamb,
      last: r.last.toLowerCase(),
      score: Number(r.score),
      created: Number(r.created),
      registered: r.registered === null ? null : Number(r.registered),
    }));
    expect(made).toHaveLength(COUNT);
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const byNumber = (a: number | null, b: number | null, dir: 1 | -1) =>
    a === b ? 0 : a === null ? 1 : b === null ? -1 : (a - b) * dir;
  const sorts: Record<string, (a: Made, b: Made) => number> = {
    'createdAt&order=desc': (a, b) => b.created - a.created || b.id - a.id,
    'name&order=asc': (a, b) => (a.last < b.last ? -1 : a.last > b.last ? 1 : a.id - b.id),
    'name&order=desc': (a, b) => (a.last < b.last ? 1 : a.last > b.last ? -1 : b.id - a.id),
    'score&order=desc': (a, b) => b.score - a.score || b.id - a.id,
    'jambRegNo&order=asc': (a, b) => (a.jamb < b.jamb ? -1 : 1),
    'registeredAt&order=asc': (a, b) => byNumber(a.registered, b.registered, 1) || a.id - b.id,
  };

  const page = async (view: string, search: string, sort: string, pageNo: number, pageSize: number) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${view}?search=${encodeURIComponent(search)}&sort=${sort}&page=${pageNo}&pageSize=${pageSize}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { Total: number; Data: { id: number }[] };
    return { total: body.Total, ids: body.Data.map((a) => a.id) };
  };

  const cases: [view: string, search: string, matches: (m: Made) => boolean][] = [
    // More than FEW_MATCHES: as PostgreSQL plans it.
    ['all', 'zuri', () => true],
    ['all', 'kaya zuri', () => true],
    // Fewer: matches first.
    ['completed', 'zuri', (m) => m.registered !== null],
    ['all', 'kayab', (m) => m.last.startsWith('kayab')],
    ['all', 'ayalf', (m) => m.last === 'kayalf'],
  ];
  it.each(cases)('%s?search=%s', async (view, search, matches) => {
    const expected = made.filter(matches);
    expect(expected.length > FEW_MATCHES).toBe(view === 'all' && search.includes('zuri'));
    for (const [sort, compare] of Object.entries(sorts)) {
      const ordered = [...expected].sort(compare).map((m) => m.id);
      for (const [pageNo, pageSize] of [
        [1, 20],
        [7, 20],
        [3, 100],
      ] as const) {
        const got = await page(view, search, sort, pageNo, pageSize);
        expect(got.total, `${view} ${search} ${sort}`).toBe(expected.length);
        expect(got.ids, `${view} ${search} ${sort} page ${pageNo} of ${pageSize}`).toEqual(
          ordered.slice((pageNo - 1) * pageSize, pageNo * pageSize),
        );
      }
    }
  });
});
