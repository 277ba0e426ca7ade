import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENTS_API as API,
  ANNOUNCEMENT_MESSAGES as M,
  NOTIFICATIONS_API,
  type AnnouncementItem,
  type CurrentAnnouncement,
} from '@portal/contracts';
import { auditLog, students } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';

type Auth = Record<string, string>;

/** Announcements: the admin page, the audience's dashboards, their notification (type 6), bad input. */
describe('announcements', () => {
  let t: TestApp;
  let admin: Auth;
  let s5: Auth;
  let s4: Auth;
  let applicant: Auth;
  let s5Department: number;
  let s5Level: number;

  beforeAll(async () => {
    t = await startTestApp();
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    applicant = (await login(t.app, 'Applicant', 'applicant1@demo.edu.ng')).auth;
    const [row] = await t.database.db
      .select({ departmentId: students.departmentId, levelId: students.levelId })
      .from(students)
      .where(eq(students.matricNo, 'DIT/2024/0005'));
    s5Department = row!.departmentId!;
    s5Level = row!.levelId!;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });
  const create = async (payload: Record<string, unknown>) => {
    const res = await send('POST', API.admin, admin, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data as AnnouncementItem;
  };
  const current = async (auth: Auth) => {
    const res = await send('GET', API.current, auth);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().Data as CurrentAnnouncement[]).map((a) => a.Title);
  };
  const announcementsCount = async (auth: Auth) =>
    (await send('GET', NOTIFICATIONS_API.counts, auth)).json().Data.announcements as number;

  it('shows an announcement to its audience only, sanitised, and counts it once per user', async () => {
    const before = { s5: await announcementsCount(s5), applicant: await announcementsCount(applicant) };
    const item = await create({
      Title: 'Library hours',
      Body: '<p onclick="steal()">Open late <a href="javascript:alert(1)">here</a><script>alert(1)</script><img src=x onerror="alert(1)"></p>',
      Audience: 'students',
      DepartmentId: s5Department,
      LevelId: s5Level,
    });
    expect(item.State).toBe('current');
    expect(item.Body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(item.Body).toContain('Open late');
    expect(item.AudienceDetail).not.toBe('');
    expect(await current(s5)).toContain('Library hours');
    expect(await current(applicant)).not.toContain('Library hours');
    expect(await current(admin)).not.toContain('Library hours');
    expect(await announcementsCount(s5)).toBe(before.s5 + 1);
    expect(await announcementsCount(applicant)).toBe(before.applicant);

    // Audited.
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'announcement'), eq(auditLog.entityId, String(item.Id))));
    expect(trail.map((r) => r.action)).toEqual(['create']);

    // Staff only: the admin sees it, students do not.
    await create({ Title: 'Staff meeting', Body: 'Friday at 10', Audience: 'staff' });
    expect(await current(admin)).toContain('Staff meeting');
    expect(await current(s4)).not.toContain('Staff meeting');

    // Withdrawn: gone from the dashboard and the count.
    const withdrawn = await send('POST', API.withdraw(item.Id), admin);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().Data.State).toBe('withdrawn');
    expect(await current(s5)).not.toContain('Library hours');
    expect(await announcementsCount(s5)).toBe(before.s5);
    const edit = await send('PUT', API.one(item.Id), admin, {
      Title: 'Again',
      Body: 'x',
      Audience: 'everyone',
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().Message).toBe(M.withdrawn);
  });

  it('shows a scheduled announcement from its time and an expiring one until its expiry', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    const scheduled = await create({
      Title: 'Later on',
      Body: 'Soon',
      Audience: 'everyone',
      PublishAt: soon,
    });
    expect(scheduled.State).toBe('scheduled');
    const expiring = await create({
      Title: 'Short lived',
      Body: 'Brief',
      Audience: 'everyone',
      ExpiresAt: new Date(Date.now() + 1500).toISOString(),
    });
    expect(await current(s4)).toEqual(expect.arrayContaining(['Short lived']));
    expect(await current(s4)).not.toContain('Later on');
    const count = await announcementsCount(applicant);
    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await current(s4)).toContain('Later on');
    expect(await current(s4)).not.toContain('Short lived');
    expect(await announcementsCount(applicant)).toBe(count); // one appeared, one expired

    // Edited: the new text and audience, the notification replaced.
    const edited = await send('PUT', API.one(expiring.Id), admin, {
      Title: 'Back again',
      Body: 'Longer',
      Audience: 'applicants',
      ExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await current(applicant)).toContain('Back again');
    expect(await current(s4)).not.toContain('Back again');

    const list = await send('GET', `${API.admin}?pageSize=100`, admin);
    expect(list.statusCode).toBe(200);
    expect(list.json().Data.map((a: AnnouncementItem) => a.Title)).toEqual(
      expect.arrayContaining(['Later on', 'Back again']),
    );
  });

  it('refuses bad input with a clear message and nothing saved', async () => {
    const total = (await send('GET', API.admin, admin)).json().Total as number;
    const refused = async (payload: Record<string, unknown>, message: string, status = 400) => {
      const res = await send('POST', API.admin, admin, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.body).toContain(message);
    };
    await refused({ Title: 'Big', Body: 'x'.repeat(20_001), Audience: 'everyone' }, M.bodyTooLong);
    await refused(
      { Title: 'Only a script', Body: '<script>alert(1)</script>', Audience: 'everyone' },
      M.bodyEmpty,
    );
    await refused(
      { Title: 'Narrowed', Body: 'x', Audience: 'staff', DepartmentId: s5Department },
      M.narrowingForStudents,
    );
    await refused(
      { Title: 'Id', Body: 'x', Audience: 'students', DepartmentId: 2 ** 31 },
      'An id is a whole number',
    );
    await refused({ Title: 'Unknown', Body: 'x', Audience: 'students', DepartmentId: 999_999 }, M.audience);
    await refused(
      {
        Title: 'Backwards',
        Body: 'x',
        Audience: 'everyone',
        ExpiresAt: new Date(Date.now() - 1000).toISOString(),
      },
      M.expiryBeforePublish,
    );
    expect((await send('POST', API.withdraw(2 ** 31), admin)).statusCode).toBe(400);
    expect((await send('POST', API.withdraw(999_999), admin)).statusCode).toBe(404);
    expect(
      (await send('POST', API.admin, s5, { Title: 'Mine', Body: 'x', Audience: 'everyone' })).statusCode,
    ).toBe(403);
    expect((await send('GET', API.admin, admin)).json().Total).toBe(total);
  });
});
