import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Sign-in throttling: per account and address, a slower ceiling per account, per address; counted
 * in the database, so every instance of the application shares the counts and a restart keeps them.
 */

const attempt = (
  t: TestApp,
  { user, password = 'Wrong@2025', ip = '10.20.0.1', forwardedFor, mode = 'Applicant' }: AttemptOptions,
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/Account/Login',
    payload: { Username: user, Password: password, userMode: mode, schoolId: 1 },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    remoteAddress: ip,
  });

interface AttemptOptions {
  user: string;
  password?: string;
  ip?: string;
  forwardedFor?: string;
  mode?: string;
}

async function codes(t: TestApp, count: number, options: AttemptOptions): Promise<number[]> {
  const result = [];
  for (let i = 0; i < count; i += 1) result.push((await attempt(t, options)).statusCode);
  return result;
}

const repeat = (code: number, count: number) => Array<number>(count).fill(code);

/**
 * Where PostgreSQL runs the whole file too (CI), PGlite runs only what differs on it: two instances
 * on its one handle, and a restart on the same database. The counting rules are the same SQL on both.
 */
const onlyWhatDiffers = process.env.TEST_DB_DRIVER === 'pglite' && Boolean(process.env.TEST_DATABASE_URL);

describe('sign-in throttling', () => {
  describe.skipIf(onlyWhatDiffers)('with the default limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp({}, { jobs: false });
    });
    afterAll(() => t.close());

    it('ten wrong passwords from one address do not lock the account out from another', async () => {
      const user = 'applicant5@demo.edu.ng';
      expect(await codes(t, 10, { user, ip: '198.51.100.1' })).toEqual(repeat(401, 10));
      // The guessing address is stopped, even with the right password…
      const blocked = await attempt(t, { user, password: 'Portal@2025', ip: '198.51.100.1' });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ Status: 'TooManyRequests' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // …while the owner, elsewhere, signs in.
      const owner = await attempt(t, { user, password: 'Portal@2025', ip: '203.0.113.7' });
      expect(owner.statusCode).toBe(200);
      expect(owner.json().Status).toBe('Ok');
    });

    it('does not count a successful sign-in', async () => {
      const user = 'applicant6@demo.edu.ng';
      const ip = '198.51.100.2';
      for (let i = 0; i < 15; i += 1) {
        expect((await attempt(t, { user, password: 'Portal@2025', ip })).statusCode).toBe(200);
      }
      expect(await codes(t, 11, { user, ip })).toEqual([...repeat(401, 10), 429]);
    });

    it('counts an IPv6 client by its /64', async () => {
      const user = 'applicant7@demo.edu.ng';
      const spread = [];
      for (let i = 0; i < 11; i += 1) {
        spread.push((await attempt(t, { user, ip: `2001:db8:1:2::${(i + 1).toString(16)}` })).statusCode);
      }
      expect(spread).toEqual([...repeat(401, 10), 429]);
      const elsewhere = await attempt(t, { user, password: 'Portal@2025', ip: '2001:db8:1:3::1' });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('sweeps the rows of ended windows', async () => {
      await codes(t, 2, { user: 'sweep-me@demo.edu.ng', ip: '198.51.100.3' });
      const count = async (pattern: string) => {
        const result = (await t.database.db.execute(
          sql`select count(*)::int as n from rate_limits where key like ${pattern}`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n;
      };
      expect(await count('%sweep-me@%')).toBe(2);
      await t.database.db.execute(
        sql`update rate_limits set reset_at = now() - interval '1 second' where key like '%sweep-me@%'`,
      );
      expect(await t.app.deps.rateLimits.sweep()).toBeGreaterThanOrEqual(2);
      expect(await count('%sweep-me@%')).toBe(0);
      // Windows still running are kept.
      expect(await count('%applicant5@%')).toBeGreaterThan(0);
    });
  });

  it.skipIf(onlyWhatDiffers)(
    'keeps a per-account ceiling that stops guessing spread over many addresses',
    async () => {
      const t = await startTestApp(
        { RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '3', RATE_LIMIT_LOGIN_PER_ACCOUNT: '6' },
        { jobs: false },
      );
      try {
        const user = 'applicant2@demo.edu.ng';
        expect(await codes(t, 3, { user, ip: '198.51.100.10' })).toEqual(repeat(401, 3));
        // Refused attempts count nowhere: hammering on from the blocked address spends none of the ceiling.
        expect(await codes(t, 5, { user, ip: '198.51.100.10' })).toEqual(repeat(429, 5));
        expect(await codes(t, 3, { user, ip: '198.51.100.11' })).toEqual(repeat(401, 3));
        // Six failures in all: now every address is refused, the right password too.
        const third = await attempt(t, { user, password: 'Portal@2025', ip: '198.51.100.12' });
        expect(third.statusCode).toBe(429);
        // Another account is not affected.
        const other = await attempt(t, { user: 'applicant3@demo.edu.ng', password: 'Portal@2025' });
        expect(other.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );

  it('lets exactly the limit through when many attempts race on two instances sharing the database', async () => {
    const limits = { RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '5' };
    const a = await startTestApp(limits, { jobs: false });
    const b = await startTestApp(limits, { jobs: false, sameDatabaseAs: a });
    try {
      const user = 'applicant1@demo.edu.ng';
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(i % 2 === 0 ? a : b, { user, ip: '198.51.100.20' })),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([...repeat(401, 5), ...repeat(429, 35)]);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it('keeps the counts across a restart', async () => {
    const limits = { RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '5' };
    const first = await startTestApp(limits, { jobs: false });
    const user = 'applicant1@demo.edu.ng';
    let restarted: TestApp | undefined;
    try {
      expect(await codes(first, 3, { user })).toEqual(repeat(401, 3));
      await first.app.close();
      restarted = await startTestApp(limits, { jobs: false, sameDatabaseAs: first });
      expect(await codes(restarted, 3, { user })).toEqual([401, 401, 429]);
    } finally {
      await restarted?.close();
      await first.close();
    }
  });

  describe.skipIf(onlyWhatDiffers)('client address behind a proxy', () => {
    const limits = { RATE_LIMIT_LOGIN_PER_ADDRESS: '3' };
    /** Four sign-ins from `ip`, each claiming another client address in X-Forwarded-For. */
    const spoofed = (t: TestApp, ip: string, claimed = '192.0.2') =>
      Promise.all(
        [1, 2, 3, 4].map((i) =>
          attempt(t, { user: `nobody${i}@demo.edu.ng`, ip, forwardedFor: `${claimed}.${i}` }).then(
            (r) => r.statusCode,
          ),
        ),
      );

    it('ignores X-Forwarded-For by default', async () => {
      const t = await startTestApp(limits, { jobs: false });
      try {
        expect((await spoofed(t, '10.30.0.1')).sort()).toEqual([401, 401, 401, 429]);
      } finally {
        await t.close();
      }
    });

    it('believes X-Forwarded-For only from the proxies named in TRUST_PROXY', async () => {
      const t = await startTestApp({ ...limits, TRUST_PROXY: '10.30.0.1, 10.40.0.0/16' }, { jobs: false });
      try {
        expect(await spoofed(t, '10.30.0.1')).toEqual(repeat(401, 4));
        // Proxies in a named range are believed too…
        expect(await spoofed(t, '10.40.3.3', '198.18.0')).toEqual(repeat(401, 4));
        // …but anyone else's header is ignored: all four count against the sender's own address.
        expect((await spoofed(t, '10.30.0.2')).sort()).toEqual([401, 401, 401, 429]);
      } finally {
        await t.close();
      }
    });

    it('refuses a TRUST_PROXY entry that is not an address or range', () => {
      const env = { DATA_DIR: '/tmp/portal-config-test', NODE_ENV: 'test' };
      expect(loadConfig({ ...env }).TRUST_PROXY).toEqual([]);
      expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
        '10.0.0.1',
        'fd00::/8',
        'loopback',
      ]);
      expect(() => loadConfig({ ...env, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
      expect(() => loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    });
  });
});
