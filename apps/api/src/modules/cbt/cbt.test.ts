import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CBT_API as API,
  CBT_LIMITS,
  CBT_MESSAGES as M,
  NOTIFICATIONS_API,
  RECORD_ID_MESSAGE,
  SCORE_PROPOSALS_API,
  canonicalAnswersText,
  type AnswerValue,
  type AttemptView,
  type ExamInput,
  type PaperQuestion,
  type StudentExam,
} from '@portal/contracts';
import {
  academicSessions,
  auditLog,
  cbtAnswerLog,
  cbtAttemptEvents,
  cbtAttempts,
  cbtExams,
  cbtQuestions,
  courseLecturers,
  courses,
  semesters,
  staff,
} from '../../db/schema/index.js';
import { pdfTextContent } from '../../platform/pdf.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';
import { TINY_JPEG } from '../applicants/test-support.js';
import * as service from './cbt.service.js';

type Auth = Record<string, string>;
const MINUTE = 60_000;
const PAST_ID = 2_147_483_648;

/** A multipart/form-data body: text fields and a file in the field `file`. */
function formBody(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const boundary = `----cbt${randomBytes(8).toString('hex')}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return {
    payload: Buffer.concat([
      Buffer.from(
        `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A right answer to a paper question, from the bank's key (read through the staff route). */
function rightAnswer(key: {
  Kind: string;
  Options: { Id: number; Correct: boolean }[];
  Answer: boolean | null;
  Value: number | null;
}): AnswerValue {
  if (key.Kind === 'truefalse') return { True: key.Answer! };
  if (key.Kind === 'numeric') return { Number: key.Value! };
  return { Choices: key.Options.filter((o) => o.Correct).map((o) => o.Id) };
}

/**
 * CBT with the README's demo data: lecturer@demo.edu.ng teaches CSC 101 of 2024/2025 and holds the
 * cbt page; DIT/2024/0005 is registered for it and has not started 'CSC 101 Test 1'; DIT/2024/0004
 * (student4) is not registered.
 */
describe('cbt', () => {
  let t: TestApp;
  let lecturer: Auth;
  let plain: Auth;
  let otherLecturer: Auth;
  let s5: Auth;
  let s4: Auth;
  let csc101: number;
  let session: number;
  const M1 = 'machine-one-0001';
  const M2 = 'machine-two-0002';
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await startTestApp();
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    plain = (await makeAdmin(t.app, db(), 'plain', [])).headers;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    csc101 = (await db().select().from(courses).where(eq(courses.code, 'CSC 101')))[0]!.id;
    session = (await db().select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!
      .id;
    // A lecturer of another course (CHM 101) holding the cbt page: not CSC 101's.
    const other = await makeAdmin(t.app, db(), 'chemist', ['cbt']);
    const [member] = await db()
      .insert(staff)
      .values({
        staffNumber: `T-${randomBytes(3).toString('hex')}`,
        title: 'Dr',
        firstName: 'Ada',
        lastName: 'Chem',
        email: other.email,
      })
      .returning();
    const [chm] = await db().select().from(courses).where(eq(courses.code, 'CHM 101'));
    await db()
      .insert(courseLecturers)
      .values({ courseId: chm!.id, staffId: member!.id, sessionId: session, role: 'Lead' });
    otherLecturer = other.headers;
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Auth, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Auth,
    payload?: unknown,
  ) => {
    const res = await send(method, url, headers, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const as = (auth: Auth, machine: string) => ({ ...auth, 'x-machine-id': machine });
  const myExams = async (auth: Auth) => (await ok('GET', API.student, auth)).Data.Exams as StudentExam[];
  const examNamed = async (title: string) =>
    (await db().select().from(cbtExams).where(eq(cbtExams.title, title)))[0]!;
  const keyOf = async (questionId: number) => (await ok('GET', API.question(questionId), lecturer)).Data;
  const answer = (seq: number, q: PaperQuestion, value: AnswerValue, givenAt = new Date()) => ({
    Seq: seq,
    QuestionId: q.QuestionId,
    Answer: value,
    GivenAt: givenAt.toISOString(),
  });
  const post = (
    attemptId: number,
    machine: string,
    Answers: unknown[],
    extra: Record<string, unknown> = {},
    auth = s5,
  ) => send('POST', API.answers(attemptId), as(auth, machine), { Answers, ...extra });
  const topics = async () =>
    (await ok('GET', API.topics(csc101), lecturer)).Data as { Id: number; Name: string; Questions: number }[];
  const examInput = (over: Partial<ExamInput> = {}, topicIds?: number[]): ExamInput => ({
    Title: 'Extra test',
    OpensAt: new Date(Date.now() - 10 * MINUTE).toISOString(),
    ClosesAt: new Date(Date.now() + 24 * 60 * MINUTE).toISOString(),
    DurationMinutes: 20,
    Sections: [{ TopicIds: topicIds ?? [], Count: 5 }],
    PassMark: 50,
    ...over,
  });

  it('has the demo bank, the open test and the past quiz with its item analysis', async () => {
    const list = await topics();
    expect(list.map((x) => x.Questions)).toEqual([10, 10, 10]);
    const mine = await myExams(s5);
    expect(mine.find((e) => e.Title === 'CSC 101 Test 1')).toMatchObject({
      State: 'open',
      Questions: 10,
      DurationMinutes: 15,
      AttemptId: null,
      Hall: 'ICT Centre Hall A',
    });
    expect(mine.find((e) => e.Title === 'CSC 101 Quiz 0: Foundations')).toMatchObject({
      State: 'submitted',
      Released: true,
      CanReview: true,
    });
    // The released review: the paper as sat, with the keys and the marks earned.
    const sat = mine.find((e) => e.Title === 'CSC 101 Quiz 0: Foundations')!;
    const reviewed = (await ok('GET', API.review(sat.AttemptId!), as(s5, M1))).Data;
    expect(reviewed.Questions.length).toBeGreaterThan(0);
    expect(reviewed.Questions.map((q: { Number: number }) => q.Number)).toEqual(
      reviewed.Questions.map((_: unknown, i: number) => i + 1),
    );
    const choice = reviewed.Questions.find((q: { Kind: string }) => q.Kind === 'single');
    expect(choice.Options.filter((o: { Correct: boolean }) => o.Correct)).toHaveLength(1);
    expect(reviewed.Score).toBe(
      reviewed.Questions.reduce((sum: number, q: { Earned: number }) => sum + q.Earned, 0),
    );
    const test1 = (await ok('GET', API.offering(csc101, session), lecturer)).Data.find(
      (e: { Title: string }) => e.Title === 'CSC 101 Test 1',
    );
    expect(test1).toMatchObject({ ScoreItem: 'CA 2', State: 'published' });
    const past = await examNamed('CSC 101 Quiz 0: Foundations');
    const analysis = (await ok('GET', API.analysis(past.id), lecturer)).Data;
    expect(analysis.Submitted).toBe(5);
    const figures = analysis.Questions.filter((q: { Candidates: number }) => q.Candidates >= 2);
    expect(figures.length).toBeGreaterThan(0);
    for (const q of figures) {
      expect(q.Facility).toBeGreaterThanOrEqual(0);
      expect(q.Facility).toBeLessThanOrEqual(1);
    }
  });

  it('refuses other students, unregistered students, other staff and ids past 2^31', async () => {
    const test1 = await examNamed('CSC 101 Test 1');
    const refused = await send('POST', API.open(test1.id), as(s4, M1));
    expect(refused.statusCode).toBe(403);
    // An exam that does not exist is the same 403 to a student.
    expect((await send('POST', API.open(999_999), as(s4, M1))).statusCode).toBe(403);
    expect((await send('GET', API.candidates(test1.id), plain)).statusCode).toBe(403);
    const notHis = await send('GET', API.candidates(test1.id), otherLecturer);
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json().Message).toBe(M.notInvigilator);
    expect((await send('GET', API.topics(csc101), otherLecturer)).statusCode).toBe(403);
    for (const url of [
      API.exam(PAST_ID),
      API.topics(PAST_ID),
      API.question(PAST_ID),
      API.analysis(PAST_ID),
    ]) {
      const res = await send('GET', url, lecturer);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().Message).toContain(RECORD_ID_MESSAGE);
    }
    expect((await send('POST', API.open(PAST_ID), as(s5, M1))).statusCode).toBe(400);
    expect((await send('POST', API.answers(PAST_ID), as(s5, M1), { Answers: [] })).statusCode).toBe(400);
    // No machine id: a clear 400.
    const noMachine = await send('POST', API.open(test1.id), s5);
    expect(noMachine.statusCode).toBe(400);
    expect(noMachine.json().Message).toContain(M.machineRequired);
  });

  describe('a sitting', () => {
    let view: AttemptView;
    let keys: Map<number, AnswerValue>;
    const sent = new Map<number, AnswerValue>();

    it('starts inside the window with the paper and no answer keys, the clock from the server', async () => {
      const test1 = await examNamed('CSC 101 Test 1');
      const res = await send('POST', API.open(test1.id), as(s5, M1));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('Correct');
      view = res.json().Data;
      expect(view.Paper).toHaveLength(10);
      expect(new Set(view.Paper.map((q) => q.QuestionId)).size).toBe(10);
      expect(Date.parse(view.EndsAt) - Date.parse(view.StartedAt)).toBe(15 * MINUTE);
      expect(Math.abs(Date.parse(view.ServerNow) - Date.now())).toBeLessThan(5000);
      expect(view).toMatchObject({
        State: 'inProgress',
        LastSeq: 0,
        Position: 0,
        Superseded: false,
        Answers: [],
      });
      keys = new Map();
      for (const q of view.Paper) keys.set(q.QuestionId, rightAnswer(await keyOf(q.QuestionId)));
      // The options carry ids: every id of the question, in some order.
      const choice = view.Paper.find((q) => q.Kind === 'single')!;
      expect([...choice.Options.map((o) => o.Id)].sort()).toEqual([0, 1, 2, 3]);
      // The paper is the one stored with the attempt's seed.
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, view.AttemptId));
      expect(row!.seed).toMatch(/^[0-9a-f]{32}$/);
      expect(row!.paper.map((p) => p.q)).toEqual(view.Paper.map((q) => q.QuestionId));
      expect((await myExams(s5)).find((e) => e.ExamId === test1.id)).toMatchObject({
        State: 'inProgress',
        AttemptId: view.AttemptId,
      });
    });

    it('acknowledges answers by Seq, replays idempotently, refuses out of order, foreign questions and bad shapes whole', async () => {
      const [q1, q2, q3, q4] = view.Paper;
      const batch = [
        answer(1, q1!, keys.get(q1!.QuestionId)!),
        answer(2, q2!, keys.get(q2!.QuestionId)!),
        answer(3, q3!, null),
      ];
      const first = await post(view.AttemptId, M1, batch, { Position: 2 });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().Data).toMatchObject({
        Accepted: [1, 2, 3],
        LastSeq: 3,
        Position: 2,
        Answered: 2,
        EndsAt: view.EndsAt,
      });
      sent.set(q1!.QuestionId, keys.get(q1!.QuestionId)!);
      sent.set(q2!.QuestionId, keys.get(q2!.QuestionId)!);
      // The same answers again (the network dropped the ack): acknowledged again, nothing added.
      const replay = await post(view.AttemptId, M1, batch.slice(1));
      expect(replay.json().Data).toMatchObject({ Accepted: [2, 3], LastSeq: 3 });
      const logRows = () =>
        db().select().from(cbtAnswerLog).where(eq(cbtAnswerLog.attemptId, view.AttemptId));
      expect(await logRows()).toHaveLength(3);
      // An older Seq with other content, a gap, a question not in the paper, a wrong shape: 409/400, nothing saved.
      const changed = await post(view.AttemptId, M1, [answer(2, q2!, null)]);
      expect(changed.statusCode).toBe(409);
      expect(changed.json().Message).toBe(M.outOfOrder(2, 3));
      const gap = await post(view.AttemptId, M1, [answer(5, q4!, null)]);
      expect(gap.statusCode).toBe(409);
      expect(gap.json().Message).toBe(M.outOfOrder(5, 3));
      const foreignId = (
        await db().select().from(cbtQuestions).where(eq(cbtQuestions.courseId, csc101))
      ).find((q) => !view.Paper.some((p) => p.QuestionId === q.id))!.id;
      const foreign = await post(view.AttemptId, M1, [
        answer(4, q4!, keys.get(q4!.QuestionId)!),
        { Seq: 5, QuestionId: foreignId, Answer: null, GivenAt: new Date().toISOString() },
      ]);
      expect(foreign.statusCode).toBe(409);
      expect(foreign.json().Message).toBe(M.notInPaper(foreignId));
      // An answer of another kind's shape (the drawn paper need not hold a true/false question).
      const wrongShape: AnswerValue = q4!.Kind === 'truefalse' ? { Number: 1 } : { True: true };
      const shape = await post(view.AttemptId, M1, [answer(4, q4!, wrongShape)]);
      expect(shape.statusCode).toBe(400);
      expect(shape.json().Message).toBe(M.answerShape(4));
      const unordered = await post(view.AttemptId, M1, [answer(5, q4!, null), answer(4, q4!, null)]);
      expect(unordered.statusCode).toBe(400);
      expect(await logRows()).toHaveLength(3);
      // Another candidate's attempt: 403 whatever they send.
      const other = await post(view.AttemptId, M1, [answer(4, q4!, null)], {}, s4);
      expect(other.statusCode).toBe(403);
      expect(other.json().Message).toBe(M.notYourAttempt);
      expect((await send('GET', API.sitting(view.AttemptId), as(s4, M1))).statusCode).toBe(403);
      expect(await logRows()).toHaveLength(3);
    });

    it('clamps a time given in the future and refuses one given after the end', async () => {
      const q4 = view.Paper[3]!;
      const ahead = await post(view.AttemptId, M1, [
        answer(4, q4, keys.get(q4.QuestionId)!, new Date(Date.now() + 3 * 3600_000)),
      ]);
      expect(ahead.statusCode, ahead.body).toBe(200);
      sent.set(q4.QuestionId, keys.get(q4.QuestionId)!);
      const [stored] = await db()
        .select()
        .from(cbtAnswerLog)
        .where(and(eq(cbtAnswerLog.attemptId, view.AttemptId), eq(cbtAnswerLog.seq, 4)));
      expect(stored!.givenAt.getTime()).toBeLessThanOrEqual(Date.now());
      // The end passed 10 s ago (within the grace): an answer given before it counts, one after does not.
      const realEnd = new Date(view.EndsAt);
      await db()
        .update(cbtAttempts)
        .set({ endsAt: new Date(Date.now() - 10_000) })
        .where(eq(cbtAttempts.id, view.AttemptId));
      const q5 = view.Paper[4]!;
      const late = await post(view.AttemptId, M1, [answer(5, q5, null, new Date(Date.now() - 2000))]);
      expect(late.statusCode).toBe(409);
      expect(late.json().Message).toBe(M.givenAfterEnd(5));
      const inTime = await post(view.AttemptId, M1, [
        answer(5, q5, keys.get(q5.QuestionId)!, new Date(Date.now() - 20_000)),
      ]);
      expect(inTime.statusCode, inTime.body).toBe(200);
      sent.set(q5.QuestionId, keys.get(q5.QuestionId)!);
      await db().update(cbtAttempts).set({ endsAt: realEnd }).where(eq(cbtAttempts.id, view.AttemptId));
    });

    it('resumes on the same machine with every acknowledged answer and the position; another machine takes over', async () => {
      const resumed = (await ok('GET', API.sitting(view.AttemptId), as(s5, M1))).Data as AttemptView;
      expect(resumed.LastSeq).toBe(5);
      expect(resumed.Position).toBe(2);
      expect(resumed.Answers.map((a) => a.QuestionId).sort()).toEqual(
        view.Paper.slice(0, 5)
          .map((q) => q.QuestionId)
          .sort(),
      );
      expect(resumed.Paper.map((q) => q.QuestionId)).toEqual(view.Paper.map((q) => q.QuestionId));
      expect(resumed.EndsAt).toBe(view.EndsAt);
      const test1 = await examNamed('CSC 101 Test 1');
      const taken = (await ok('POST', API.open(test1.id), as(s5, M2))).Data as AttemptView;
      expect(taken.AttemptId).toBe(view.AttemptId);
      expect(taken.LastSeq).toBe(5);
      expect(taken.Superseded).toBe(false);
      const q6 = view.Paper[5]!;
      const fromFirst = await post(view.AttemptId, M1, [answer(6, q6, null)]);
      expect(fromFirst.statusCode).toBe(409);
      expect(fromFirst.json().Message).toBe(M.superseded);
      expect((await ok('GET', API.sitting(view.AttemptId), as(s5, M1))).Data.Superseded).toBe(true);
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, view.AttemptId));
      expect(row!.machineChanges).toBe(1);
      const events = await db()
        .select()
        .from(cbtAttemptEvents)
        .where(eq(cbtAttemptEvents.attemptId, view.AttemptId));
      expect(events.map((e) => e.kind)).toEqual(['start', 'takeover']);
      const candidates = (await ok('GET', API.candidates(test1.id), lecturer)).Data.Candidates;
      expect(candidates.find((c: { MatricNo: string }) => c.MatricNo === 'DIT/2024/0005')).toMatchObject({
        State: 'inProgress',
        Answered: 4,
        MachineChanges: 1,
        Offline: false,
      });
    });

    it('takes two identical batches sent at once as one (the attempt row is held)', async () => {
      const [, , , , , q6, q7] = view.Paper;
      const batch = [answer(6, q6!, keys.get(q6!.QuestionId)!), answer(7, q7!, keys.get(q7!.QuestionId)!)];
      const [a, b] = await Promise.all([post(view.AttemptId, M2, batch), post(view.AttemptId, M2, batch)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().Data.Accepted).toEqual([6, 7]);
      expect(b.json().Data.Accepted).toEqual([6, 7]);
      sent.set(q6!.QuestionId, keys.get(q6!.QuestionId)!);
      sent.set(q7!.QuestionId, keys.get(q7!.QuestionId)!);
      const rows = await db().select().from(cbtAnswerLog).where(eq(cbtAnswerLog.attemptId, view.AttemptId));
      expect(rows.map((r) => r.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('keeps the answer log append-only in the database', async () => {
      await expect(
        db().execute(sql`update cbt_answer_log set flagged = true where attempt_id = ${view.AttemptId}`),
      ).rejects.toThrow();
      await expect(
        db().execute(sql`delete from cbt_answer_log where attempt_id = ${view.AttemptId}`),
      ).rejects.toThrow();
      await expect(db().execute(sql`truncate cbt_answer_log`)).rejects.toThrow();
      expect(
        await db().select().from(cbtAnswerLog).where(eq(cbtAnswerLog.attemptId, view.AttemptId)),
      ).toHaveLength(7);
    });

    it('the invigilator extends the time; the time-up job is queued for the new end', async () => {
      const test1 = await examNamed('CSC 101 Test 1');
      const before = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, view.AttemptId));
      const res = await ok('POST', API.extend(test1.id), lecturer, {
        AttemptId: view.AttemptId,
        Minutes: 5,
        Reason: 'Power cut in hall A',
      });
      expect(res.Message).toBe(M.extended(1, 5));
      const after = (await ok('GET', API.sitting(view.AttemptId), as(s5, M2))).Data as AttemptView;
      expect(Date.parse(after.EndsAt) - before[0]!.endsAt.getTime()).toBe(5 * MINUTE);
      expect(after.ExtraMinutes).toBe(5);
      const jobs = (await db().execute(
        sql`select start_after from pgboss.job where name = 'cbt.time-up' and (data->>'attemptId')::int = ${view.AttemptId} order by start_after`,
      )) as unknown as { rows: { start_after: string | Date }[] };
      expect(jobs.rows).toHaveLength(2);
      expect(new Date(jobs.rows[1]!.start_after).getTime()).toBeGreaterThanOrEqual(
        Date.parse(after.EndsAt) + CBT_LIMITS.graceSeconds * 1000,
      );
      const trail = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.page, 'cbt'), eq(auditLog.action, 'extend')));
      expect(trail).toHaveLength(1);
      view = after;
    });

    it('submits: marks, proposes the score to CA 2 and gives a receipt that verifies', async () => {
      const res = await send('POST', API.submit(view.AttemptId), as(s5, M2));
      expect(res.statusCode, res.body).toBe(200);
      const receipt = res.json().Data;
      expect(receipt.PublicId).toMatch(/^[0-9a-f]{32}$/);
      expect(receipt).toMatchObject({ Answers: 6, Questions: 10, SubmitReason: 'candidate' });
      const text = canonicalAnswersText(
        [...sent.entries()].map(([QuestionId, Answer]) => ({ QuestionId, Answer })),
      );
      expect(receipt.Sha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
      // Again: the same receipt. Answers after it: refused.
      expect((await ok('POST', API.submit(view.AttemptId), as(s5, M2))).Data.PublicId).toBe(receipt.PublicId);
      const more = await post(view.AttemptId, M2, [answer(8, view.Paper[7]!, null)]);
      expect(more.statusCode).toBe(409);
      expect(more.json().Message).toBe(M.alreadySubmitted);
      // Six right of ten, one mark each: 60 % of CA 2's maximum, proposed on the sheet.
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, view.AttemptId));
      expect([row!.score, row!.maxScore]).toEqual([6, 10]);
      const semesterId = (
        await db()
          .select({ id: semesters.id })
          .from(semesters)
          .where(and(eq(semesters.sessionId, session), eq(semesters.isCurrent, true)))
      )[0]!.id;
      const items = (await ok('GET', API.scoreItems, lecturer)).Data as {
        Id: number;
        Name: string;
        Max: number;
      }[];
      const ca2 = items.find((i) => i.Name === 'CA 2')!;
      const proposals = (
        await ok('GET', `${SCORE_PROPOSALS_API.list}?courseId=${csc101}&semesterId=${semesterId}`, lecturer)
      ).Data;
      expect(
        proposals.find(
          (p: { SourceKind: string; MatricNo: string }) =>
            p.SourceKind === 'cbt' && p.MatricNo === 'DIT/2024/0005',
        ),
      ).toMatchObject({
        State: 'pending',
        ScoreItem: 'CA 2',
        Score: 0.6 * ca2.Max,
        Source: 'CSC 101 Test 1',
      });
      // The receipt PDF carries the verification link its QR code encodes; the public route answers.
      const pdf = await send('GET', API.receiptPdf(view.AttemptId), s5);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const pdfText = await pdfTextContent(pdf.rawPayload);
      expect(pdfText).toContain('EXAM SUBMISSION RECEIPT');
      expect(pdfText).toContain(`/portal/ExamReceipt?id=${receipt.PublicId}`);
      expect(pdfText.replace(/\s+/g, '')).toContain(receipt.Sha256);
      expect(receipt.VerifyUrl).toContain(`/portal/ExamReceipt?id=${receipt.PublicId}`);
      const verified = await send('GET', `${API.verify}?id=${receipt.PublicId}`, {});
      expect(verified.statusCode).toBe(200);
      expect(verified.json().Data).toMatchObject({
        MatricNo: 'DIT/2024/0005',
        Exam: 'CSC 101 Test 1',
        Answers: 6,
        Sha256: receipt.Sha256,
        Intact: true,
      });
      expect((await send('GET', `${API.verify}?id=${'0'.repeat(32)}`, {})).statusCode).toBe(404);
      expect((await send('GET', API.receiptPdf(view.AttemptId), s4)).statusCode).toBe(403);
    });
  });

  describe('another exam', () => {
    let examId: number;
    let topicIds: number[];
    /** The attempt of the exam that counts answers. */
    let counting: number;

    it('is set, refused when a section asks too much, published with type 7, and started once by two requests at once', async () => {
      topicIds = (await topics()).map((x) => x.Id);
      const tooMany = await send(
        'POST',
        API.offering(csc101, session),
        lecturer,
        examInput({ Sections: [{ TopicIds: [topicIds[0]!], Count: 11 }] }),
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().Message).toBe(M.sectionTooFew(11, 10));
      examId = (await ok('POST', API.offering(csc101, session), lecturer, examInput({}, topicIds))).Data.Id;
      const count = async () => (await ok('GET', NOTIFICATIONS_API.counts, s5)).Data.exams as number;
      const before = await count();
      await ok('POST', API.publish(examId), lecturer);
      expect(await count()).toBe(before + 1);
      const [a, b] = await Promise.all([
        send('POST', API.open(examId), as(s5, M1)),
        send('POST', API.open(examId), as(s5, M1)),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json().Data.AttemptId).toBe(b.json().Data.AttemptId);
      const rows = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, examId));
      expect(rows).toHaveLength(1);
      // Once started, the exam cannot change.
      const edit = await send('PUT', API.exam(examId), lecturer, examInput({ Title: 'Changed' }, topicIds));
      expect(edit.statusCode).toBe(409);
      expect(edit.json().Message).toBe(M.examHasAttempts);
    });

    it('is submitted by the time-up job once, however many runs race, and the sweep finds nothing left', async () => {
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, examId));
      const view = (await ok('GET', API.sitting(row!.id), as(s5, M1))).Data as AttemptView;
      expect((await post(row!.id, M1, [answer(1, view.Paper[0]!, null)])).statusCode).toBe(200);
      // Not yet due: nothing happens.
      expect(await service.timeUp(db(), row!.id)).toBeNull();
      await db()
        .update(cbtAttempts)
        .set({ endsAt: new Date(Date.now() - (CBT_LIMITS.graceSeconds + 5) * 1000) })
        .where(eq(cbtAttempts.id, row!.id));
      const runs = await Promise.all([
        service.timeUp(db(), row!.id),
        service.timeUp(db(), row!.id),
        service.sweep(db()),
      ]);
      const done = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, row!.id));
      expect(done[0]!.submitReason).toBe('timeUp');
      expect(done[0]!.receiptId).toMatch(/^[0-9a-f]{32}$/);
      const submits = await db()
        .select()
        .from(cbtAttemptEvents)
        .where(and(eq(cbtAttemptEvents.attemptId, row!.id), eq(cbtAttemptEvents.kind, 'submit')));
      expect(submits).toHaveLength(1);
      expect(runs.filter((r) => r !== null && r !== 0)).toHaveLength(1);
      expect(await service.sweep(db())).toBe(0);
      const late = await post(row!.id, M1, [answer(2, view.Paper[1]!, null)]);
      expect(late.statusCode).toBe(409);
      expect(late.json().Message).toBe(M.timeUp);
      expect((await ok('GET', API.sitting(row!.id), as(s5, M1))).Data.Receipt.SubmitReason).toBe('timeUp');
    });

    it('an invigilator allows a restart with a reason: a new attempt, the old one kept', async () => {
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, examId));
      const reasonless = await send('POST', API.restart(row!.id), lecturer, { Reason: ' ' });
      expect(reasonless.statusCode).toBe(400);
      await ok('POST', API.restart(row!.id), lecturer, { Reason: 'The machine froze at the start' });
      const again = (await ok('POST', API.open(examId), as(s5, M1))).Data as AttemptView;
      expect(again.AttemptId).not.toBe(row!.id);
      expect(again.LastSeq).toBe(0);
      const candidates = (await ok('GET', API.candidates(examId), lecturer)).Data.Candidates;
      expect(candidates.find((c: { MatricNo: string }) => c.MatricNo === 'DIT/2024/0005')).toMatchObject({
        State: 'inProgress',
        Restarts: 1,
      });
      await ok('POST', API.end(again.AttemptId), lecturer, { Reason: 'Caught with notes' });
      const [ended] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, again.AttemptId));
      expect(ended!.submitReason).toBe('ended');
      const actions = (await db().select().from(auditLog).where(eq(auditLog.page, 'cbt'))).map(
        (a) => a.action,
      );
      expect(actions).toEqual(expect.arrayContaining(['restart', 'end']));
    });

    it('counts the answered questions by the latest entry of each, within a batch and across batches', async () => {
      const id = (
        await ok(
          'POST',
          API.offering(csc101, session),
          lecturer,
          examInput(
            { Title: 'Counting test' },
            (await topics()).map((x) => x.Id),
          ),
        )
      ).Data.Id as number;
      await ok('POST', API.publish(id), lecturer);
      const sitting = (await ok('POST', API.open(id), as(s5, M1))).Data as AttemptView;
      counting = sitting.AttemptId;
      const [q1, q2, q3] = sitting.Paper;
      const right = async (q: PaperQuestion) => rightAnswer(await keyOf(q.QuestionId));
      const [a1, a2, a3] = [await right(q1!), await right(q2!), await right(q3!)];
      // q1 answered then cleared in the same batch, q2 answered: one answered.
      const first = await post(
        sitting.AttemptId,
        M1,
        [answer(1, q1!, a1), answer(2, q2!, a2), answer(3, q1!, null)],
        {
          Position: 1,
        },
      );
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().Data).toMatchObject({ Accepted: [1, 2, 3], LastSeq: 3, Answered: 1, Position: 1 });
      // q2 cleared, q3 and q1 answered: two.
      const second = [answer(4, q2!, null), answer(5, q3!, a3), answer(6, q1!, a1)];
      const res = await post(sitting.AttemptId, M1, second, { Position: 2 });
      expect(res.json().Data).toMatchObject({ LastSeq: 6, Answered: 2, Position: 2 });
      // The ack lost and the batch sent again: acknowledged, nothing added, the count the same.
      expect((await post(sitting.AttemptId, M1, second)).json().Data).toMatchObject({
        LastSeq: 6,
        Answered: 2,
      });
      // The heartbeat saves the position only.
      expect((await post(sitting.AttemptId, M1, [], { Position: 4 })).json().Data).toMatchObject({
        LastSeq: 6,
        Answered: 2,
        Position: 4,
      });
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, sitting.AttemptId));
      expect(row).toMatchObject({ lastSeq: 6, answered: 2, position: 4, machineId: M1 });
      const log = await db()
        .select()
        .from(cbtAnswerLog)
        .where(eq(cbtAnswerLog.attemptId, sitting.AttemptId))
        .orderBy(cbtAnswerLog.seq);
      expect(log.map((l) => [l.seq, l.questionId, l.answer])).toEqual([
        [1, q1!.QuestionId, a1],
        [2, q2!.QuestionId, a2],
        [3, q1!.QuestionId, null],
        [4, q2!.QuestionId, null],
        [5, q3!.QuestionId, a3],
        [6, q1!.QuestionId, a1],
      ]);
      // A batch arrives at one moment, from one machine.
      expect(new Set(log.slice(3).map((l) => l.receivedAt.getTime())).size).toBe(1);
      expect(log.every((l) => l.machineId === M1)).toBe(true);
      // A cleared answer is no answer in the database either.
      const { rows } = (await db().execute(
        sql`select count(*)::int as n from cbt_answer_log where attempt_id = ${sitting.AttemptId} and answer is null`,
      )) as unknown as { rows: { n: number }[] };
      expect(Number(rows[0]!.n)).toBe(2);
      const live = (await ok('GET', API.candidates(id), lecturer)).Data.Candidates;
      expect(live.find((c: { MatricNo: string }) => c.MatricNo === 'DIT/2024/0005')).toMatchObject({
        Answered: 2,
      });
    });

    it('takes racing batches for the same Seq one after the other: one stored, its copies acknowledged, the others refused', async () => {
      const sitting = (await ok('GET', API.sitting(counting), as(s5, M1))).Data as AttemptView;
      expect(sitting.LastSeq).toBe(6);
      const q = sitting.Paper[3]!;
      const plain = answer(7, q, null);
      const flagged = { ...answer(7, q, null), Flagged: true };
      const replies = await Promise.all(
        [plain, flagged, plain, flagged, plain, flagged, plain, flagged].map((a) => post(counting, M1, [a])),
      );
      const won = replies.find((r) => r.statusCode === 200)!.json().Data as { LastSeq: number };
      expect(won.LastSeq).toBe(7);
      const [entry, ...more] = await db()
        .select()
        .from(cbtAnswerLog)
        .where(and(eq(cbtAnswerLog.attemptId, counting), eq(cbtAnswerLog.seq, 7)));
      expect(more).toHaveLength(0);
      // Every copy of what was stored is acknowledged; every other content is refused as out of order.
      replies.forEach((r, i) => {
        const same = (i % 2 === 1) === entry!.flagged;
        expect(r.statusCode, r.body).toBe(same ? 200 : 409);
        if (!same) expect(r.json().Message).toBe(M.outOfOrder(7, 7));
      });
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, counting));
      expect(row!.lastSeq).toBe(7);
    });

    it('answers each sitting request with the stored end and its own clock as it answers (time left = EndsAt − ServerNow)', async () => {
      const [row] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.id, counting));
      const within = (reply: { EndsAt: string; ServerNow: string }, from: number, to: number) => {
        expect(reply.EndsAt).toBe(row!.endsAt.toISOString());
        expect(Date.parse(reply.ServerNow)).toBeGreaterThanOrEqual(from);
        expect(Date.parse(reply.ServerNow)).toBeLessThanOrEqual(to);
      };
      for (const call of [
        () => ok('GET', API.sitting(counting), as(s5, M1)),
        () => ok('POST', API.open(row!.examId), as(s5, M1)),
        () => ok('POST', API.answers(counting), as(s5, M1), { Answers: [], Position: 0 }),
      ]) {
        const from = Date.now();
        const reply = (await call()).Data as { EndsAt: string; ServerNow: string };
        within(reply, from, Date.now());
      }
    });
  });

  it('withdraws a question after the fact: every attempt re-marked', async () => {
    const past = await examNamed('CSC 101 Quiz 0: Foundations');
    const before = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, past.id));
    const target = before[0]!.paper[0]!.q;
    const res = await ok('POST', API.withdraw(past.id), lecturer, {
      QuestionId: target,
      Reason: 'Two right answers',
    });
    expect(res.Message).toBe(M.questionWithdrawn(5));
    const after = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, past.id));
    for (const a of after) {
      const b = before.find((x) => x.id === a.id)!;
      const held = b.paper.some((p) => p.q === target);
      expect(a.maxScore).toBe(held ? b.maxScore! - 1 : b.maxScore);
      expect(a.score).toBe(held ? b.score! - (b.marks![String(target)] ?? 0) : b.score);
    }
    const analysis = (await ok('GET', API.analysis(past.id), lecturer)).Data;
    expect(analysis.Questions.find((q: { QuestionId: number }) => q.QuestionId === target).Withdrawn).toBe(
      true,
    );
    expect(
      (await send('POST', API.withdraw(past.id), lecturer, { QuestionId: target, Reason: 'again' }))
        .statusCode,
    ).toBe(409);
  });

  it('imports all or nothing with problems by line, and exports', async () => {
    const bad = [
      'What is 2 + 2?',
      'A. 3',
      'B. 4',
      'ANSWER: B',
      '',
      'No answer line here',
      'A. x',
      'B. y',
      '',
      'Bad letter',
      'A. x',
      'B. y',
      'ANSWER: Q',
    ].join('\n');
    const topicId = (await topics())[0]!.Id;
    const countQuestions = async () =>
      (await db().select().from(cbtQuestions).where(eq(cbtQuestions.courseId, csc101))).length;
    const before = await countQuestions();
    const upload = (fields: Record<string, string>, data: Buffer, name = 'bank.txt') => {
      const body = formBody(fields, { name, data });
      return t.app.inject({
        method: 'POST',
        url: API.import(csc101),
        headers: { ...lecturer, 'content-type': body.type },
        payload: body.payload,
      });
    };
    const refused = await upload({ format: 'aiken', topicId: String(topicId) }, Buffer.from(bad));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toBe(M.importProblems(2));
    expect(refused.json().Errors).toEqual([
      { path: '6', message: M.lineNoAnswer },
      { path: '13', message: M.lineBadAnswer('Q') },
    ]);
    expect(await countQuestions()).toBe(before);
    const gift = '$CATEGORY: Imported topic\n\n::a:: Pi? {#3.14:0.01}\n\n::b:: Sky is blue {T}\n';
    const imported = await upload({ format: 'gift' }, Buffer.from(gift));
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().Data).toMatchObject({ Imported: 2, TopicsCreated: ['Imported topic'] });
    expect(await countQuestions()).toBe(before + 2);
    expect((await upload({ format: 'csv' }, Buffer.from(gift))).statusCode).toBe(400);
    const exported = await send('GET', `${API.export(csc101)}?format=gift`, lecturer);
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('$CATEGORY: Imported topic');
    const sheet = await send('GET', `${API.export(csc101)}?format=xlsx`, lecturer);
    expect(sheet.statusCode).toBe(200);
    // The exported sheet imports back (here into a fresh course's view: same rows, no problem).
    const back = await upload({ format: 'xlsx' }, sheet.rawPayload, 'bank.xlsx');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().Data.Imported).toBe(before + 2);
    expect((await send('GET', API.template, lecturer)).statusCode).toBe(200);
  });

  it('keeps a question’s image, checked by content, for its staff', async () => {
    const topicId = (await topics())[0]!.Id;
    const made = (
      await ok('POST', API.questions(csc101), lecturer, {
        TopicId: topicId,
        Kind: 'truefalse',
        Text: 'This picture shows a keyboard.',
        Answer: true,
      })
    ).Data;
    const put = (data: Buffer, name: string) => {
      const body = formBody({}, { name, data });
      return t.app.inject({
        method: 'POST',
        url: API.questionImage(made.Id),
        headers: { ...lecturer, 'content-type': body.type },
        payload: body.payload,
      });
    };
    expect((await put(Buffer.from('not a picture at all'), 'x.png')).statusCode).toBe(415);
    const saved = await put(TINY_JPEG, 'keyboard.jpg');
    expect(saved.statusCode, saved.body).toBe(200);
    const image = await send('GET', API.questionImage(made.Id), lecturer);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(Buffer.compare(image.rawPayload, TINY_JPEG)).toBe(0);
    expect((await ok('GET', API.question(made.Id), lecturer)).Data.HasImage).toBe(true);
    expect((await send('GET', API.questionImage(made.Id), otherLecturer)).statusCode).toBe(403);
  });

  it('a question in a sat paper is retired, not deleted, and cannot be changed', async () => {
    const past = await examNamed('CSC 101 Quiz 0: Foundations');
    const [a] = await db().select().from(cbtAttempts).where(eq(cbtAttempts.examId, past.id));
    const id = a!.paper[1]!.q;
    const q = (await ok('GET', API.question(id), lecturer)).Data;
    const change = await send('PUT', API.question(id), lecturer, {
      ...q,
      Text: 'Changed',
      TopicId: q.TopicId,
      Options: q.Options,
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().Message).toBe(M.questionInUse);
    expect((await ok('DELETE', API.question(id), lecturer)).Message).toBe(M.questionRetired);
    expect((await ok('GET', API.question(id), lecturer)).Data.Retired).toBe(true);
  });
});
