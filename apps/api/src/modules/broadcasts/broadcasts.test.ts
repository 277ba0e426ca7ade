import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_API,
  BROADCASTS_API as API,
  BROADCAST_MESSAGES as M,
  type BroadcastItem,
} from '@portal/contracts';
import { broadcasts, mailOutbox, students } from '../../db/schema/index.js';
import { login, startTestApp, statementsDuring, type TestApp } from '../../../test/helpers.js';

type Auth = Record<string, string>;

/** Broadcasts: e-mails queued in one statement with their counts, the in-app message, bad input. */
describe('broadcasts', () => {
  let t: TestApp;
  let admin: Auth;
  let s5: Auth;
  let department: number;
  let level: number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    const [row] = await t.database.db
      .select({ departmentId: students.departmentId, levelId: students.levelId })
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0005'));
    department = row!.departmentId!;
    level = row!.levelId!;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const send = (method: 'GET' | 'POST', url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });
  const scalar = async (query: ReturnType<typeof sql>) =>
    Number(((await t.database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

  it('queues one e-mail per member of the group in one statement, and counts sent and failed', async () => {
    const members = await scalar(
      sql`select count(*)::int as n from students where department_id = ${department} and level_id = ${level}`,
    );
    let item: BroadcastItem | undefined;
    const statements = await statementsDuring(t.database.db, async () => {
      const res = await send('POST', API.list, admin, {
        Subject: 'Exam timetable',
        Body: '<p>See the <a href="javascript:alert(1)">timetable</a> <b>now</b></p><script>x()</script>',
        Email: true,
        InApp: false,
        Audience: 'students',
        DepartmentId: department,
        LevelId: level,
      });
      expect(res.statusCode, res.body).toBe(200);
      item = res.json().Data;
    });
    expect(statements.filter((s) => /insert into "mail_outbox"/i.test(s))).toHaveLength(1);
    expect(item!.Queued).toBe(members);
    expect(item!.Queued).toBeGreaterThan(0);
    expect(item).toMatchObject({ Failed: 0, Email: true, InApp: false });

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.batch, `broadcast:${item!.Id}`));
    expect(mails).toHaveLength(members);
    const [stored] = await t.database.db.select().from(broadcasts).where(eq(broadcasts.id, item!.Id));
    expect(stored!.body).not.toMatch(/script|javascript:/i);
    expect(stored!.body).toContain('<b>now</b>');

    // The outbox delivers them (to the log, without SMTP): the counts follow it.
    const progress = async () => (await send('GET', API.one(item!.Id), admin)).json().Data as BroadcastItem;
    await expect.poll(async () => (await progress()).Sent, { timeout: 20_000, interval: 200 }).toBe(members);
    await t.database.db
      .update(mailOutbox)
      .set({ sentAt: null, lastError: 'mailbox full' })
      .where(eq(mailOutbox.id, mails[0]!.id));
    expect(await progress()).toMatchObject({ Sent: members - 1, Failed: 1 });
    const list = await send('GET', API.list, admin);
    expect(list.json().Data[0]).toMatchObject({ Id: item!.Id, Queued: members, Sent: members - 1 });
  });

  it('sends to everyone, and the in-app message reaches the dashboards', async () => {
    const everyone =
      (await scalar(sql`select count(*)::int as n from students`)) +
      (await scalar(sql`select count(*)::int as n from applicants`)) +
      (await scalar(sql`select count(*)::int as n from admins where is_active`));
    const res = await send('POST', API.list, admin, {
      Subject: 'Campus closed on Monday',
      Body: 'Public holiday.',
      Email: true,
      InApp: true,
      Audience: 'everyone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Data.Queued).toBe(everyone);
    const current = await send('GET', ANNOUNCEMENTS_API.current, s5);
    expect(current.json().Data.map((a: { Title: string }) => a.Title)).toContain('Campus closed on Monday');
  });

  it('refuses bad input and other users', async () => {
    const bad = await send('POST', API.list, admin, {
      Subject: 'Nothing',
      Body: 'x',
      Email: false,
      InApp: false,
      Audience: 'everyone',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(M.channelRequired);
    const big = await send('POST', API.list, admin, {
      Subject: 'Big',
      Body: 'x'.repeat(20_001),
      Email: true,
      InApp: false,
      Audience: 'staff',
    });
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain(M.bodyTooLong);
    expect((await send('GET', API.one(2 ** 31), admin)).statusCode).toBe(400);
    expect((await send('GET', API.one(999_999), admin)).statusCode).toBe(404);
    expect((await send('GET', API.list, s5)).statusCode).toBe(403);
  });
});
