import { createServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIVE_CLASS_API as API,
  LIVE_CLASS_MESSAGES as M,
  NOTIFICATIONS_API,
  type LiveClass,
} from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  courses,
  liveClassAttendance,
  liveClasses,
} from '../../db/schema/index.js';
import {
  createMeetingEngine,
  signRecordingReady,
  sandboxMeetingSecret,
} from '../../platform/meetings/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import * as live from './liveclasses.service.js';

type Auth = Record<string, string>;
const MINUTE = 60_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Live classes with the README's demo data, the app listening on a real port so the adapter reaches
 * the built-in sandbox engine over HTTP (as it would a BigBlueButton server): lecturer@demo.edu.ng
 * teaches CSC 101 (2024/2025), DIT/2024/0005 is registered for it, DIT/2024/0004 is not.
 */
describe('live classes', () => {
  let t: TestApp;
  let url: string;
  let lecturer: Auth;
  let admin: Auth;
  let s5: Auth;
  let s4: Auth;
  let s5Id: number;
  let csc101: number;
  let session: number;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    t = await startTestApp({ PUBLIC_URL: url, LIVE_CLASS_MAX_MINUTES: '180' }, { jobs: false });
    await t.app.listen({ port, host: '127.0.0.1' });
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    const s = await login(t.app, 'Student', 'DIT/2024/0005');
    s5 = s.auth;
    s5Id = s.body.Data?.StudID ?? s.body.StudID;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    const db = t.database.db;
    csc101 = (await db.select().from(courses).where(eq(courses.code, 'CSC 101')))[0]!.id;
    session = (await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!.id;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const send = (method: 'GET' | 'POST' | 'PUT', path: string, headers: Auth = {}, payload?: unknown) =>
    t.app.inject({
      method,
      url: path,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const ok = async (method: 'GET' | 'POST' | 'PUT', path: string, headers: Auth, payload?: unknown) => {
    const res = await send(method, path, headers, payload);
    expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(200);
    return res.json();
  };
  const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();
  const schedule = (body: Record<string, unknown>, auth = lecturer) =>
    send('POST', API.offering(csc101, session), auth, { Record: true, DurationMinutes: 60, ...body });
  const liveCount = async () => (await ok('GET', NOTIFICATIONS_API.counts, s5)).Data.liveClassRoom as number;
  const db = () => t.database.db;

  describe('the adapter against the sandbox engine over HTTP', () => {
    it('creates (idempotently), joins through the signed URL, lists attendees, ends', async () => {
      const { engine, sandbox } = createMeetingEngine(t.config);
      expect(sandbox).toBe(true);
      const meeting = {
        meetingId: `adapter-${Date.now()}`,
        name: 'Adapter test',
        record: false,
        durationMinutes: 30,
        logoutUrl: url,
        endCallbackUrl: `${url}/nowhere`,
        recordingReadyUrl: `${url}/nowhere`,
      };
      await engine.create(meeting);
      await engine.create(meeting);
      expect(await engine.isMeetingRunning(meeting.meetingId)).toBe(false);
      const join = await fetch(
        engine.joinUrl({
          meetingId: meeting.meetingId,
          fullName: 'Ada Obi',
          userId: 'Student:1',
          role: 'VIEWER',
        }),
        { redirect: 'manual' },
      );
      expect(join.status).toBe(302);
      const room = await fetch(join.headers.get('location')!);
      expect(await room.text()).toContain('Ada Obi');
      expect(await engine.isMeetingRunning(meeting.meetingId)).toBe(true);
      const info = await engine.getMeetingInfo(meeting.meetingId);
      expect(info?.attendees).toEqual([
        { userId: 'Student:1', fullName: 'Ada Obi', role: 'VIEWER', listenOnly: false },
      ]);
      await engine.end(meeting.meetingId);
      expect(await engine.getMeetingInfo(meeting.meetingId)).toBeNull();
      await engine.end(meeting.meetingId);
      expect(await engine.getRecordings(meeting.meetingId)).toEqual([]);
    });

    it('the sandbox refuses a call signed with another secret, as the engine does', async () => {
      const { BigBlueButtonEngine } = await import('../../platform/meetings/index.js');
      const wrong = new BigBlueButtonEngine({
        url: `${url}/api/sandbox/bbb`,
        secret: 'not-the-secret',
        timeoutMs: 5000,
      });
      await expect(wrong.isMeetingRunning('x')).rejects.toMatchObject({
        kind: 'refused',
        messageKey: 'checksumError',
      });
    });
  });

  describe('scheduling', () => {
    it('refuses a class in the past, one longer than the setting, one overlapping the lecturer’s own', async () => {
      const past = await schedule({ Title: 'Too late', StartsAt: inMinutes(-5) });
      expect(past.statusCode).toBe(400);
      expect(past.json().Message).toBe(M.inPast);
      const long = await schedule({ Title: 'Too long', StartsAt: inMinutes(600), DurationMinutes: 181 });
      expect(long.statusCode).toBe(400);
      expect(long.json().Message).toBe(M.tooLong(180));
      // Clear of the demo class the seed gives this lecturer tomorrow at 10:00 Lagos (at most 34 hours on).
      const first = await schedule({ Title: 'Overlap base', StartsAt: inMinutes(3000) });
      expect(first.statusCode).toBe(200);
      const clash = await schedule({ Title: 'Clash', StartsAt: inMinutes(3030) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().Message).toContain('Overlap base');
      const nextDoor = await schedule({ Title: 'Right after', StartsAt: inMinutes(3060) });
      expect(nextDoor.statusCode).toBe(200);
      const bad = await schedule({ Title: '', StartsAt: 'tomorrow' });
      expect(bad.statusCode).toBe(400);
    });

    it('repeats weekly, tells the students, and refuses a whole series that meets a clash', async () => {
      const before = await liveCount();
      const res = await schedule({ Title: 'Weekly tutorial', StartsAt: inMinutes(30_000), RepeatWeeks: 3 });
      expect(res.statusCode).toBe(200);
      const made: LiveClass[] = res.json().Data;
      expect(made).toHaveLength(3);
      expect(new Date(made[2]!.StartsAt).getTime() - new Date(made[0]!.StartsAt).getTime()).toBe(
        14 * 24 * 60 * MINUTE,
      );
      expect(await liveCount()).toBe(before + 1);
      // Its first week is free; its second meets the first class of the other series.
      const clash = await schedule({
        Title: 'Other weekly',
        StartsAt: inMinutes(30_000 - 7 * 24 * 60 + 30),
        RepeatWeeks: 3,
      });
      expect(clash.statusCode).toBe(409);
      const rows = await db().select().from(liveClasses).where(eq(liveClasses.title, 'Other weekly'));
      expect(rows).toHaveLength(0);
    });

    it('edits and cancels (students told, audited); only lecturers of the offering or the page’s administrator', async () => {
      const made: LiveClass = (await schedule({ Title: 'To change', StartsAt: inMinutes(5000) })).json()
        .Data[0];
      const before = await liveCount();
      const changed = await ok('PUT', API.liveClass(made.Id), lecturer, {
        Title: 'Changed',
        StartsAt: inMinutes(5100),
        DurationMinutes: 45,
        Record: false,
      });
      expect(changed.Data).toMatchObject({ Title: 'Changed', DurationMinutes: 45, Record: false });
      const cancelled = await ok('POST', API.cancel(made.Id), lecturer);
      expect(cancelled.Data.State).toBe('cancelled');
      expect(await liveCount()).toBe(before + 2);
      expect((await send('POST', API.cancel(made.Id), lecturer)).statusCode).toBe(409);
      const trail = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'live_class'), eq(auditLog.entityId, String(made.Id))));
      expect(trail.map((a) => a.action).sort()).toEqual(['cancel', 'create', 'update']);
      expect((await send('GET', API.offering(csc101, session), s5)).statusCode).toBe(403);
      expect((await send('PUT', API.liveClass(2 ** 31), lecturer, {})).statusCode).toBe(400);
      expect((await send('GET', API.attendance('99999999999'), lecturer)).statusCode).toBe(400);
      expect((await send('POST', API.studentJoin(2 ** 31), s5)).statusCode).toBe(400);
    });
  });

  describe('a class from start to attendance', () => {
    let cls: LiveClass;

    it('students see upcoming classes; Join opens 10 minutes before; a student not registered is refused', async () => {
      const later = (await schedule({ Title: 'Later class', StartsAt: inMinutes(60) })).json()
        .Data[0] as LiveClass;
      cls = (await schedule({ Title: 'Live now', StartsAt: inMinutes(5), DurationMinutes: 30 })).json()
        .Data[0];
      const mine = (await ok('GET', API.student, s5)).Data;
      const seen = mine.Upcoming.find((c: LiveClass) => c.Id === cls.Id);
      expect(seen).toMatchObject({ Title: 'Live now', CanJoin: true, State: 'scheduled' });
      expect(mine.Upcoming.find((c: LiveClass) => c.Id === later.Id).CanJoin).toBe(false);
      const early = await send('POST', API.studentJoin(later.Id), s5);
      expect(early.statusCode).toBe(409);
      expect(early.json().Message).toBe(M.joinTooEarly);
      const notYet = await send('POST', API.studentJoin(cls.Id), s5);
      expect(notYet.json().Message).toBe(M.notStarted);
      expect((await send('POST', API.studentJoin(cls.Id), s4)).statusCode).toBe(403);
      expect((await ok('GET', API.student, s4)).Data.Upcoming.some((c: LiveClass) => c.Id === cls.Id)).toBe(
        false,
      );
    });

    it('the lecturer starts it; a student’s join link is theirs alone and short-lived; joins are counted once', async () => {
      const start = await ok('POST', API.start(cls.Id), lecturer);
      const moderator = await fetch(start.Data.Url, { redirect: 'manual' });
      expect(moderator.status).toBe(302);
      const engineJoin = moderator.headers.get('location')!;
      expect(engineJoin).toContain('role=MODERATOR');
      const lecturerRoom = (await fetch(engineJoin, { redirect: 'manual' })).headers.get('location')!;

      const link = (await ok('POST', API.studentJoin(cls.Id), s5)).Data.Url as string;
      const u = new URL(link);
      expect(u.searchParams.get('u')).toBe(`Student:${s5Id}`);
      // Passed on with another name, or changed in any way: refused.
      const forged = new URL(link);
      forged.searchParams.set('u', 'Student:1');
      expect((await fetch(forged, { redirect: 'manual' })).status).toBe(403);
      const stale = new URL(link);
      stale.searchParams.set('exp', '1000');
      expect((await fetch(stale, { redirect: 'manual' })).status).toBe(403);

      for (let i = 0; i < 3; i += 1) {
        const go = await fetch(link, { redirect: 'manual' });
        expect(go.status).toBe(302);
        const room = await fetch(go.headers.get('location')!, { redirect: 'manual' });
        expect(room.status).toBe(302);
      }
      const open = await db()
        .select()
        .from(liveClassAttendance)
        .where(and(eq(liveClassAttendance.classId, cls.Id), eq(liveClassAttendance.userKind, 'Student')));
      expect(open).toHaveLength(1);
      const page = await fetch(lecturerRoom);
      const html = await page.text();
      expect(html).toContain('Okafor');
      expect(html).toContain('End class');
    });

    it('a forged or replayed meeting-ended callback changes nothing', async () => {
      const row = (await db().select().from(liveClasses).where(eq(liveClasses.id, cls.Id)))[0]!;
      const forged = await fetch(
        `${url}${API.endedCallback}?c=${cls.Id}&sig=AAAA&meetingID=${row.meetingId}`,
      );
      expect(forged.status).toBe(401);
      const unknown = await fetch(`${url}${API.endedCallback}?c=99999999999&sig=x`);
      expect(unknown.status).toBe(401);
      // The genuine URL, replayed while the meeting runs: the engine says it runs, so nothing ends.
      const genuine = new URL(row.meetingId ? `${url}${API.endedCallback}` : '');
      const { createHmac } = await import('node:crypto');
      genuine.searchParams.set('c', String(cls.Id));
      genuine.searchParams.set(
        'sig',
        createHmac('sha256', t.config.JWT_SECRET).update(`ended:${row.meetingId}`).digest('base64url'),
      );
      expect((await fetch(genuine)).status).toBe(200);
      const recording = await fetch(`${url}${API.recordingCallback}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          signed_parameters: signRecordingReady(row.meetingId, 'r', 'wrong-secret'),
        }),
      });
      expect(recording.status).toBe(401);
      const after = (await db().select().from(liveClasses).where(eq(liveClasses.id, cls.Id)))[0]!;
      expect(after.endedAt).toBeNull();
      expect(after.recordingUrl).toBeNull();
    });

    it('attendance adds up, is exported as CSV, and the recording arrives by the engine’s callback', async () => {
      const during = (await ok('GET', API.attendance(cls.Id), lecturer)).Data;
      expect(during.Attendees.map((a: { Kind: string; Present: boolean }) => [a.Kind, a.Present])).toEqual([
        ['Admin', true],
        ['Student', true],
      ]);
      await new Promise((r) => setTimeout(r, 1200));
      const ended = await ok('POST', API.end(cls.Id), lecturer);
      expect(ended.Message).toBe(M.ended);
      const after = (await ok('GET', API.attendance(cls.Id), lecturer)).Data;
      const student = after.Attendees.find((a: { Kind: string }) => a.Kind === 'Student');
      expect(student).toMatchObject({ MatricNo: 'DIT/2024/0005', Present: false, Joins: 1 });
      expect(student.Minutes).toBeGreaterThanOrEqual(0);
      const rows = await db()
        .select()
        .from(liveClassAttendance)
        .where(eq(liveClassAttendance.classId, cls.Id));
      const seconds = rows.reduce((sum, r) => sum + (r.leftAt!.getTime() - r.joinedAt.getTime()) / 1000, 0);
      expect(seconds).toBeGreaterThan(1);
      const csv = await send('GET', API.attendanceCsv(cls.Id), lecturer);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('DIT/2024/0005');
      expect(csv.body.split('\r\n')[0]).toContain('Minutes');
      // The sandbox processes the recording and calls back, signed with the shared secret.
      let recorded = null;
      for (let i = 0; i < 40 && !recorded; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
        recorded = (await db().select().from(liveClasses).where(eq(liveClasses.id, cls.Id)))[0]!.recordingUrl;
      }
      expect(recorded).toContain('/api/sandbox/bbb/playback/');
      const past = (await ok('GET', API.student, s5)).Data.Past.find((c: LiveClass) => c.Id === cls.Id);
      expect(past.Recording.FileUrl).toContain('audio.wav');
      expect((await send('POST', API.studentJoin(cls.Id), s5)).json().Message).toBe(M.ended);
      // A second end is refused; the recording callback replayed changes nothing more.
      expect((await send('POST', API.end(cls.Id), lecturer)).statusCode).toBe(409);
      const replay = await fetch(`${url}${API.recordingCallback}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          signed_parameters: signRecordingReady('lc-unknown', 'r', sandboxMeetingSecret(t.config)),
        }),
      });
      expect(replay.status).toBe(404);
    });

    it('the classroom review lists classes with rate, duration, recording and never-started flags', async () => {
      expect((await send('GET', API.review, lecturer)).statusCode).toBe(403);
      const rows = (await ok('GET', `${API.review}?pageSize=100`, admin)).Data;
      const mine = rows.find((r: { Id: number }) => r.Id === cls.Id);
      expect(mine).toMatchObject({ Recording: true, NeverStarted: false, Attended: 1 });
      expect(mine.AttendanceRate).toBeGreaterThan(0);
      const seededPast = rows.find((r: { Title: string }) => r.Title === 'Introduction: what is a computer?');
      expect(seededPast).toMatchObject({ RanMinutes: 60, Recording: true, Attended: 1 });
      const perStudent = (await ok('GET', API.offeringAttendance(csc101, session), lecturer)).Data;
      expect(
        perStudent.Students.find((s: { MatricNo: string }) => s.MatricNo === 'DIT/2024/0005').ClassesAttended,
      ).toBe(2);
    });
  });

  it('the reminder goes out once, 15 minutes before, however many runs race for it', async () => {
    const made: LiveClass = (await schedule({ Title: 'Reminded', StartsAt: inMinutes(240) })).json().Data[0];
    const before = await liveCount();
    const d: live.LiveClassDeps = {
      db: db(),
      engine: createMeetingEngine(t.config).engine,
      config: t.config,
      log: t.app.log,
    };
    const at = new Date(new Date(made.StartsAt).getTime() - 14 * MINUTE);
    await Promise.all([live.tick(d, at), live.tick(d, at), live.tick(d, at)]);
    expect(await liveCount()).toBe(before + 1);
    await live.tick(d, at);
    expect(await liveCount()).toBe(before + 1);
  });

  it('an engine that is down: a clear message and nothing started', async () => {
    const down = await startTestApp(
      { PUBLIC_URL: url, BBB_URL: 'http://127.0.0.1:9/bigbluebutton', BBB_SECRET: 'x', BBB_TIMEOUT: '2s' },
      { jobs: false, sameDatabaseAs: t },
    );
    try {
      const made: LiveClass = (
        await schedule({ Title: 'Engine down', StartsAt: inMinutes(7), DurationMinutes: 15 })
      ).json().Data[0];
      const auth = (await login(down.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
      const res = await down.app.inject({ method: 'POST', url: API.start(made.Id), headers: auth });
      expect(res.statusCode).toBe(503);
      expect(res.json().Message).toBe(M.engineDown);
      const row = (await db().select().from(liveClasses).where(eq(liveClasses.id, made.Id)))[0]!;
      expect(row.startedAt).toBeNull();
    } finally {
      await down.close();
    }
  });
});
