import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COURSE_REGISTRATION_MESSAGES as CM,
  HOSTEL_MESSAGES as HM,
  SCHOOL_ID,
  type CourseRegistrationPage,
  type HostelRound,
} from '@portal/contracts';
import {
  academicSessions,
  hostelAllocations,
  hostelRounds,
  semesterRegistrations,
  semesters,
} from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';
import { hostelCalls, paidStudent, seededRound } from '../hostels/test-support.js';

// The school's switches on /app/setup-config (issue 28): late registration and the hostel ballot,
// each changed through the registry's school-settings resource. Off, each changes what students
// and the registry may do; turning one off while work that depends on it runs is refused (409,
// naming that work, nothing changed, nothing audited); turning it on is always allowed. The clock
// moves as the other suites move it: the semester's window and the round's allocations are dated.

type Auth = Record<string, string>;
type Settings = Record<string, unknown> & { id: number };
const SETTINGS = `/api/admin/school-settings/${SCHOOL_ID}`;
const REGISTRATION = '/api/student/course-registration';
const ROUNDS = '/api/admin/hostel-rounds';
const DAY_MS = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY_MS).toISOString().slice(0, 10);

describe('the school’s switches', () => {
  let t: TestApp;
  let admin: Auth;
  let holder: Auth;
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: false });
    admin = (await login(t.app, 'Admin', 'admin@demo.edu.ng')).auth;
    // An admin given only the /app console's setup-config page changes the switches there.
    holder = (await makeAdmin(t.app, db(), 'setup-config', ['setup-config'])).headers;
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  const db = () => t.database.db;
  const { get, post, page: hostelPage } = hostelCalls(() => t.app);

  const settings = async (): Promise<Settings> => {
    const res = await get(SETTINGS, holder);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data;
  };
  /** The form's replace, as setup-config sends it: every field as it is, one switch changed. */
  const change = async (values: Record<string, boolean>) => {
    const { id: _id, ...current } = await settings();
    return t.app.inject({
      method: 'PUT',
      url: SETTINGS,
      headers: holder,
      payload: { ...current, ...values },
    });
  };
  const trail = async () => {
    const res = await get(`/api/admin/audit?entity=school-settings&entityId=${SCHOOL_ID}&pageSize=50`, admin);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().Data as { action: string; actorEmail: string; before: Settings; after: Settings }[];
  };
  /** A refusal: 409 with the message, the switch as it was, no audit entry. */
  async function expectRefused(values: Record<string, boolean>, message: string) {
    const before = await settings();
    const entries = (await trail()).length;
    const res = await change(values);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().Message).toBe(message);
    expect(await settings()).toEqual(before);
    expect(await trail()).toHaveLength(entries);
  }

  describe('late registration', () => {
    let semesterId: number;
    let student: Auth;
    const window = (dates: Partial<typeof semesterRegistrations.$inferInsert>) =>
      db().update(semesterRegistrations).set(dates).where(eq(semesterRegistrations.semesterId, semesterId));
    const registration = async (): Promise<CourseRegistrationPage> => {
      // The semester asked for: with its window closed, the page would open on the next one.
      const res = await get(`${REGISTRATION}?semesterId=${semesterId}`, student);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Data;
    };
    const startLateFee = () => post('/api/AddPayeePaymentMonnify?payType=4', student);

    beforeAll(async () => {
      const [first] = await db()
        .select()
        .from(semesters)
        .where(eq(semesters.name, '2024/2025 First Semester'));
      semesterId = first!.id;
      // Fees paid, no registration: one the late days would ask for the late fee.
      student = (
        await paidStudent(t.app, db(), {
          matricNo: 'DIT/2024/7001',
          email: 'late7001@demo.edu.ng',
          gender: 'Female',
        })
      ).auth;
    });

    it('is refused off while a semester is in its late days, naming the semester and the day they end', async () => {
      await window({
        opensOn: inDays(-30),
        closesOn: inDays(-2),
        lateClosesOn: inDays(10),
        addDropClosesOn: null,
      });
      expect((await registration()).Window).toMatchObject({ State: 'late', LateFee: 5000 });
      await expectRefused(
        { lateRegistrationEnabled: false },
        CM.lateSwitchBusy('2024/2025 First Semester', inDays(10)),
      );
    });

    it('off, closes registration at the window’s own closing day: no late days, no late fee; on again, they return', async () => {
      // Before the late days the switch goes off.
      await window({ opensOn: inDays(-30), closesOn: inDays(5), lateClosesOn: inDays(15) });
      const off = await change({ lateRegistrationEnabled: false });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().Data.lateRegistrationEnabled).toBe(false);
      const [entry] = await trail();
      expect(entry).toMatchObject({ action: 'update', actorEmail: expect.stringContaining('setup-config') });
      expect(entry!.before.lateRegistrationEnabled).toBe(true);
      expect(entry!.after.lateRegistrationEnabled).toBe(false);

      // The days the late days would have been: registration is closed, said plainly.
      await window({ closesOn: inDays(-2), lateClosesOn: inDays(10) });
      const closed = await registration();
      expect(closed.Window).toMatchObject({ State: 'closed', LateClosesOn: null, LateFee: 0 });
      expect(closed.CanSubmit).toBe(false);
      expect(closed.Reason).toBe(CM.closed(inDays(-2)));
      const fee = await startLateFee();
      expect(fee.statusCode).toBe(409);
      expect(fee.json().Message).toBe(CM.lateNotOpen);

      // Turning it on is allowed at any time, in the late days too.
      const on = await change({ lateRegistrationEnabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect((await registration()).Window).toMatchObject({
        State: 'late',
        LateClosesOn: inDays(10),
        LateFee: 5000,
      });
      expect((await trail())[0]!.after.lateRegistrationEnabled).toBe(true);
    });
  });

  describe('the hostel ballot', () => {
    let roundId: number;
    let amina: number;
    let student: Auth;
    let studentId: number;
    const roundAction = (id: number, action: 'publish' | 'close' | 'draw') =>
      post(`${ROUNDS}/${id}/${action}`, admin);
    const round = async (id: number): Promise<HostelRound> => {
      const res = await get(ROUNDS, admin);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().Data as HostelRound[]).find((r) => r.Id === id)!;
    };
    /** A draft round of a new session, opening in 30 days: its id. */
    const draftRound = async (sessionName: string): Promise<number> => {
      const [session] = await db().insert(academicSessions).values({ name: sessionName }).returning();
      const created = await post(ROUNDS, admin, {
        SessionId: session!.id,
        Name: `${sessionName} Hostel Allocation`,
        OpensAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
        ClosesAt: new Date(Date.now() + 60 * DAY_MS).toISOString(),
        PaymentDays: 14,
        FeeRule: 'full',
        LevelIds: [],
        Quotas: [],
        Fees: [{ HostelId: amina, Amount: 99000 }],
      });
      expect(created.statusCode, created.body).toBe(200);
      return created.json().Data.Id as number;
    };

    beforeAll(async () => {
      ({ roundId, amina } = await seededRound(db()));
      const made = await paidStudent(t.app, db(), {
        matricNo: 'DIT/2024/7002',
        email: 'hall7002@demo.edu.ng',
        gender: 'Female',
      });
      student = made.auth;
      studentId = made.id;
    });

    it('is refused off while a round takes applications, awaits its draw or has beds awaiting payment', async () => {
      // The seeded round is open: the student applies.
      const applied = await post('/api/student/hostel/application', student, {
        RoundId: roundId,
        HostelIds: [amina],
      });
      expect(applied.statusCode, applied.body).toBe(200);
      const { closesAt, name } = (
        await db().select().from(hostelRounds).where(eq(hostelRounds.id, roundId))
      )[0]!;
      await expectRefused({ hostelBallotEnabled: false }, HM.ballotBusyOpen(name, closesAt));

      expect((await roundAction(roundId, 'close')).statusCode).toBe(200);
      await expectRefused({ hostelBallotEnabled: false }, HM.ballotBusyDraw(name));

      const drawn = await roundAction(roundId, 'draw');
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect(drawn.json().Data).toMatchObject({ Allocated: 1, Waiting: 0 });
      const [allocation] = await db()
        .select()
        .from(hostelAllocations)
        .where(eq(hostelAllocations.studentId, studentId));
      await expectRefused({ hostelBallotEnabled: false }, HM.ballotBusyLapses(name, 1, allocation!.payBy!));
    });

    it('off (once the last unpaid bed has lapsed): the student is told applications are not in use; no round opens or is drawn', async () => {
      await db()
        .update(hostelAllocations)
        .set({ payBy: new Date(Date.now() - 60_000) })
        .where(eq(hostelAllocations.studentId, studentId));
      expect((await post('/api/admin/hostel-allocations/lapse', admin)).json().Data).toMatchObject({
        Lapsed: 1,
      });

      const off = await change({ hostelBallotEnabled: false });
      expect(off.statusCode, off.body).toBe(200);
      const [entry] = await trail();
      expect(entry!.before.hostelBallotEnabled).toBe(true);
      expect(entry!.after.hostelBallotEnabled).toBe(false);

      // A student with nothing in the round is told plainly, and cannot apply.
      const other = (
        await paidStudent(t.app, db(), {
          matricNo: 'DIT/2024/7003',
          email: 'hall7003@demo.edu.ng',
          gender: 'Female',
        })
      ).auth;
      const p = await hostelPage(other);
      expect(p.CanApply).toBe(false);
      expect(p.Reasons).toEqual([HM.ballotOff]);
      const dashboard = await get('/api/student/dashboard', other);
      expect(dashboard.json().Data.Hostel).toMatchObject({ CanApply: false, Reason: HM.ballotOff });
      const applied = await post('/api/student/hostel/application', other, {
        RoundId: roundId,
        HostelIds: [amina],
      });
      expect(applied.statusCode).toBe(409);
      expect(applied.json().Message).toBe(HM.ballotOff);

      // The registry may still set a round up, but cannot publish it: the round says why.
      const nextId = await draftRound('2025/2026');
      expect((await round(nextId)).Reason).toBe(HM.ballotOffRound);
      const published = await roundAction(nextId, 'publish');
      expect(published.statusCode).toBe(409);
      expect(published.json().Message).toBe(HM.ballotOffRound);
      expect((await round(nextId)).State).toBe('draft');

      // A round published by another process as the switch went off (the switch's row, held by both,
      // lets only one of them through) would not be drawn either.
      await db()
        .update(hostelRounds)
        .set({
          state: 'published',
          closesAt: new Date(Date.now() - 60_000),
          opensAt: new Date(Date.now() - DAY_MS),
        })
        .where(eq(hostelRounds.id, nextId));
      const draw = await roundAction(nextId, 'draw');
      expect(draw.statusCode).toBe(409);
      expect(draw.json().Message).toBe(HM.ballotOffRound);
      await db()
        .update(hostelRounds)
        .set({
          state: 'draft',
          opensAt: new Date(Date.now() + 30 * DAY_MS),
          closesAt: new Date(Date.now() + 60 * DAY_MS),
        })
        .where(eq(hostelRounds.id, nextId));

      // On again (always allowed): the round is published, and says nothing against it.
      const on = await change({ hostelBallotEnabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect((await round(nextId)).Reason).toBeNull();
      expect((await roundAction(nextId, 'publish')).statusCode).toBe(200);
      expect((await hostelPage(other)).Reasons).not.toContain(HM.ballotOff);
      await expectRefused(
        { hostelBallotEnabled: false },
        HM.ballotBusyUpcoming('2025/2026 Hostel Allocation', (await round(nextId)).OpensAt),
      );
    });

    it('never lets the switch go off and a round be published at the same moment', async () => {
      // No round at work: the published one goes back to a draft, and another waits as a draft.
      await db()
        .update(hostelRounds)
        .set({ state: 'draft', publishedAt: null })
        .where(eq(hostelRounds.state, 'published'));
      const id = await draftRound('2026/2027');
      const [off, published] = await Promise.all([
        change({ hostelBallotEnabled: false }),
        roundAction(id, 'publish'),
      ]);
      // One of the two goes through; the other is refused with its reason.
      expect([off.statusCode, published.statusCode].sort()).toEqual([200, 409]);
      if (off.statusCode === 200) expect(published.json().Message).toBe(HM.ballotOffRound);
      else expect(off.json().Message).toMatch(/^The hostel ballot cannot be turned off now: 2026\/2027/);
      expect((await change({ hostelBallotEnabled: true })).statusCode).toBe(200);
    });
  });
});
