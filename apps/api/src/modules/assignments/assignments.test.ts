import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSIGNMENTS_API as API,
  ASSIGNMENT_PAGE,
  OFFERINGS_API,
  NOTIFICATIONS_API,
  SCORE_PROPOSALS_API,
  type AssignmentInput,
  type StudentAssignment,
} from '@portal/contracts';
import { academicSessions, assignmentSubmissions, courses, semesters } from '../../db/schema/index.js';
import { login, startTestApp, type TestApp } from '../../../test/helpers.js';
import { makeAdmin } from '../admin/test-support.js';

type Auth = Record<string, string>;
const HOUR = 3600_000;
const PDF: Buffer = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n${' '.repeat(200)}`);

/** A multipart/form-data body: text fields and at most one file (field `file`). */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
  const boundary = `----assign${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Assignments with the README's demo data: lecturer@demo.edu.ng teaches CSC 101 of 2024/2025;
 * DIT/2024/0005 is registered for it; DIT/2024/0004 (student4) is not.
 */
describe('assignments', () => {
  let t: TestApp;
  let lecturer: Auth;
  let plain: Auth;
  let s5: Auth;
  let s4: Auth;
  let csc101: number;
  let session: number;
  let semesterId: number;
  let ca1: { Id: number; Max: number };

  beforeAll(async () => {
    t = await startTestApp();
    lecturer = (await login(t.app, 'Admin', 'lecturer@demo.edu.ng')).auth;
    plain = (await makeAdmin(t.app, t.database.db, 'plain', [])).headers;
    s5 = (await login(t.app, 'Student', 'DIT/2024/0005')).auth;
    s4 = (await login(t.app, 'Student', 'student4@demo.edu.ng')).auth;
    const db = t.database.db;
    csc101 = (await db.select().from(courses).where(eq(courses.code, 'CSC 101')))[0]!.id;
    session = (await db.select().from(academicSessions).where(eq(academicSessions.name, '2024/2025')))[0]!.id;
  }, 120_000);
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
  const upload = (
    url: string,
    headers: Auth,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer },
  ) => {
    const body = form(fields, file);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': body.type },
      payload: body.payload,
    });
  };
  const count = async (auth: Auth) =>
    (await ok('GET', NOTIFICATIONS_API.counts, auth)).Data.assignments as number;
  const mine = async (auth: Auth, id: number): Promise<StudentAssignment | undefined> =>
    (await ok('GET', API.student, auth)).Data.Assignments.find((a: StudentAssignment) => a.Id === id);
  const input = (over: Partial<AssignmentInput> = {}): AssignmentInput => ({
    Title: 'Loops',
    Instructions: 'Write a loop that prints 1 to 10.',
    OpensAt: new Date(Date.now() - HOUR).toISOString(),
    DueAt: new Date(Date.now() + 24 * HOUR).toISOString(),
    LatePolicy: 'refuse',
    MaxScore: 10,
    ScoreItemId: ca1.Id,
    ...over,
  });
  const create = async (over: Partial<AssignmentInput> = {}, publish = true) => {
    const id = (await ok('POST', API.offering(csc101, session), lecturer, input(over))).Data.Id as number;
    if (publish) await ok('POST', API.publish(id), lecturer);
    return id;
  };

  it('shows the seeded assignments: one open, one returned with its grade', async () => {
    const list = (await ok('GET', API.student, s5)).Data.Assignments as StudentAssignment[];
    const open = list.find((a) => a.Title === 'Assignment 2: Flowcharts');
    const past = list.find((a) => a.Title === 'Assignment 1: Number systems');
    expect(open).toMatchObject({ State: 'open', CanSubmit: true });
    expect(past).toMatchObject({ State: 'graded', CanSubmit: false });
    expect(past!.Submission).toMatchObject({ Score: 8 });
    expect(past!.Submission!.Comment).toBeTruthy();
    expect(await count(s5)).toBeGreaterThanOrEqual(1);
  });

  it('runs the life cycle: set, attach, publish, submit, replace, zip, grade, return, propose', async () => {
    const items = (await ok('GET', API.scoreItems, lecturer)).Data as {
      Id: number;
      Name: string;
      Max: number;
    }[];
    ca1 = items.find((i) => i.Name === 'CA 1')!;
    expect(ca1).toBeTruthy();
    const offerings = (await ok('GET', OFFERINGS_API.staff(ASSIGNMENT_PAGE), lecturer)).Data as {
      Code: string;
    }[];
    expect(offerings.map((o) => o.Code)).toContain('CSC 101');

    const id = await create({}, false);
    // A draft is not the students'.
    expect(await mine(s5, id)).toBeUndefined();
    const attached = await upload(API.files(id), lecturer, {}, { name: 'brief.pdf', data: PDF });
    expect(attached.statusCode, attached.body).toBe(200);
    const fileId = attached.json().Data.Id as number;

    const before = await count(s5);
    await ok('POST', API.publish(id), lecturer);
    expect(await count(s5)).toBe(before + 1);
    expect((await send('POST', API.publish(id), lecturer)).statusCode).toBe(409);

    const seen = await mine(s5, id);
    expect(seen).toMatchObject({ State: 'dueSoon', CanSubmit: true, WouldBeLate: false, ScoreItem: 'CA 1' });
    expect(seen!.Files).toHaveLength(1);
    const brief = await send('GET', API.studentFile(fileId), s5);
    expect(brief.statusCode).toBe(200);
    expect(brief.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Submit text and a file: the receipt's hash is the SHA-256 of the text then the file.
    const text = 'for (let i = 1; i <= 10; i++) console.log(i);';
    const first = await upload(API.submit(id), s5, { Text: text }, { name: 'answer.pdf', data: PDF });
    expect(first.statusCode, first.body).toBe(200);
    const receipt = first.json().Data;
    expect(receipt.Sha256).toBe(createHash('sha256').update(text).update(PDF).digest('hex'));
    expect(receipt).toMatchObject({ Late: false, Penalty: 0, FileName: 'answer.pdf', FileSize: PDF.length });
    expect(Math.abs(Date.parse(receipt.ReceivedAt) - Date.now())).toBeLessThan(60_000);

    // Two replacements at once leave one submission, whose hash is one of the two receipts.
    const [a, b] = await Promise.all([
      upload(API.submit(id), s5, { Text: 'answer A' }),
      upload(API.submit(id), s5, { Text: 'answer B' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.database.db
      .select()
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.assignmentId, id));
    expect(rows).toHaveLength(1);
    expect([a.json().Data.Sha256, b.json().Data.Sha256]).toContain(rows[0]!.sha256);
    expect(rows[0]!.sha256).toBe(createHash('sha256').update(rows[0]!.text).digest('hex'));
    const final = await upload(API.submit(id), s5, { Text: text }, { name: 'answer.pdf', data: PDF });
    expect(final.statusCode).toBe(200);
    expect((await mine(s5, id))!.State).toBe('submitted');

    // The zip: a folder per student with the file and the text, and the list.
    const zip = await send('GET', API.zip(id), lecturer);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    const names = Object.keys(entries);
    expect(names).toContain('submissions.csv');
    const answer = names.find((n) => n.endsWith('/answer.txt'))!;
    expect(answer).toMatch(/^DIT_2024_0005 /);
    expect(Buffer.from(entries[answer]!).toString()).toBe(text);
    const pdf = names.find((n) => n.endsWith('/answer.pdf'))!;
    expect(Buffer.from(entries[pdf]!).equals(PDF)).toBe(true);
    expect(Buffer.from(entries['submissions.csv']!).toString()).toContain(final.json().Data.Sha256);

    // Grade: above the maximum is refused; the student sees nothing until it is returned.
    const detail = (await ok('GET', API.assignment(id), lecturer)).Data;
    const subId = detail.Submissions[0].Id as number;
    const above = await send('PUT', API.grade(subId), lecturer, { Score: 11, Comment: '' });
    expect(above.statusCode).toBe(400);
    expect(above.json().Message).toBe('A grade is at most the maximum score, 10.');
    await ok('PUT', API.grade(subId), lecturer, { Score: 8, Comment: 'Neat loop.' });
    expect((await mine(s5, id))!.Submission!.Score).toBeNull();

    const notified = await count(s5);
    await ok('POST', API.return(id), lecturer);
    expect(await count(s5)).toBe(notified + 1);
    expect((await send('POST', API.return(id), lecturer)).statusCode).toBe(409);
    const graded = await mine(s5, id);
    expect(graded).toMatchObject({ State: 'graded' });
    expect(graded!.Submission).toMatchObject({ Score: 8, Comment: 'Neat loop.' });

    // The grade is proposed to CSC 101's score sheet: 8/10 of CA 1's maximum.
    const db = t.database.db;
    semesterId = (
      await db
        .select({ id: semesters.id })
        .from(semesters)
        .where(and(eq(semesters.sessionId, session), eq(semesters.isCurrent, true)))
    )[0]!.id;
    const list = () =>
      ok('GET', `${SCORE_PROPOSALS_API.list}?courseId=${csc101}&semesterId=${semesterId}`, lecturer);
    const proposal = (await list()).Data.find((p: { SourceId: number }) => p.SourceId === id);
    expect(proposal).toMatchObject({
      State: 'pending',
      Score: (8 / 10) * ca1.Max,
      ScoreItem: 'CA 1',
      Source: 'Loops',
    });

    // A mark already entered stays: the proposal is set aside and says so.
    const sheet = (
      await ok('GET', `/api/admin/results/sheet?courseId=${csc101}&semesterId=${semesterId}`, lecturer)
    ).Data;
    const row = sheet.Rows.find((r: { MatricNo: string }) => r.MatricNo === 'DIT/2024/0005');
    expect(row.Scores[String(ca1.Id)]).toBeNull();
    await ok('PUT', '/api/admin/results/sheet/scores', lecturer, {
      CourseId: csc101,
      SemesterId: semesterId,
      ExpectedVersion: sheet.Version,
      Rows: [{ MatricNo: 'DIT/2024/0005', Scores: { [String(ca1.Id)]: 5 } }],
    });
    const kept = await ok('POST', SCORE_PROPOSALS_API.accept(proposal.Id), lecturer);
    expect(kept.Data).toMatchObject({ State: 'kept', CurrentMark: 5 });
    expect(kept.Message).toMatch(/already entered/);
    expect((await send('POST', SCORE_PROPOSALS_API.accept(proposal.Id), lecturer)).statusCode).toBe(409);
    const after = (
      await ok('GET', `/api/admin/results/sheet?courseId=${csc101}&semesterId=${semesterId}`, lecturer)
    ).Data;
    expect(
      after.Rows.find((r: { MatricNo: string }) => r.MatricNo === 'DIT/2024/0005').Scores[String(ca1.Id)],
    ).toBe(5);

    // An empty mark is filled: clear it, regrade and return again (proposed again), accept.
    await ok('PUT', '/api/admin/results/sheet/scores', lecturer, {
      CourseId: csc101,
      SemesterId: semesterId,
      ExpectedVersion: after.Version,
      Rows: [{ MatricNo: 'DIT/2024/0005', Scores: { [String(ca1.Id)]: null } }],
    });
    await ok('PUT', API.grade(subId), lecturer, { Score: 9, Comment: 'Better.' });
    await ok('POST', API.return(id), lecturer);
    const again = (await list()).Data.find((p: { SourceId: number }) => p.SourceId === id);
    expect(again).toMatchObject({ State: 'pending', Score: (9 / 10) * ca1.Max, CurrentMark: null });
    const accepted = await ok('POST', SCORE_PROPOSALS_API.accept(again.Id), lecturer);
    expect(accepted.Data).toMatchObject({ State: 'accepted', CurrentMark: (9 / 10) * ca1.Max });
    const filled = (
      await ok('GET', `/api/admin/results/sheet?courseId=${csc101}&semesterId=${semesterId}`, lecturer)
    ).Data;
    expect(
      filled.Rows.find((r: { MatricNo: string }) => r.MatricNo === 'DIT/2024/0005').Scores[String(ca1.Id)],
    ).toBe((9 / 10) * ca1.Max);

    // Delete: gone with its submissions.
    await ok('DELETE', API.assignment(id), lecturer);
    expect((await send('GET', API.assignment(id), lecturer)).statusCode).toBe(404);
    expect(await mine(s5, id)).toBeUndefined();
  });

  it('applies the late policies: refused after the due time, or accepted late with the penalty until the limit', async () => {
    const past = {
      OpensAt: new Date(Date.now() - 48 * HOUR).toISOString(),
      DueAt: new Date(Date.now() - HOUR).toISOString(),
    };
    const refused = await create({ ...past, LatePolicy: 'refuse' });
    expect(await mine(s5, refused)).toMatchObject({ State: 'closed', CanSubmit: false });
    const no = await upload(API.submit(refused), s5, { Text: 'too late' });
    expect(no.statusCode).toBe(409);
    expect(no.json().Message).toBe(
      'The due time has passed: this assignment accepts no late submissions. Nothing was saved.',
    );
    const none = await t.database.db
      .select()
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.assignmentId, refused));
    expect(none).toHaveLength(0);

    const late = await create({
      ...past,
      LatePolicy: 'accept',
      LateUntil: new Date(Date.now() + HOUR).toISOString(),
      LatePenalty: 20,
    });
    expect(await mine(s5, late)).toMatchObject({ State: 'late', CanSubmit: true, WouldBeLate: true });
    const taken = await upload(API.submit(late), s5, { Text: 'late answer' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().Data).toMatchObject({ Late: true, Penalty: 20 });
    expect(taken.json().Message).toBe('Submission received late: a penalty of 20% applies.');
    expect((await upload(API.submit(late), s5, { Text: 'again' })).statusCode).toBe(409);

    const closed = await create({
      OpensAt: new Date(Date.now() - 48 * HOUR).toISOString(),
      DueAt: new Date(Date.now() - 3 * HOUR).toISOString(),
      LatePolicy: 'accept',
      LateUntil: new Date(Date.now() - HOUR).toISOString(),
      LatePenalty: 20,
    });
    expect((await upload(API.submit(closed), s5, { Text: 'x' })).statusCode).toBe(409);

    const future = await create({
      OpensAt: new Date(Date.now() + HOUR).toISOString(),
      DueAt: new Date(Date.now() + 2 * HOUR).toISOString(),
    });
    expect(await mine(s5, future)).toMatchObject({ State: 'upcoming', CanSubmit: false });
    expect((await upload(API.submit(future), s5, { Text: 'early' })).statusCode).toBe(409);
  });

  it('withdraws the pending proposals of a deleted assignment', async () => {
    const id = await create({ Title: 'Withdrawn' });
    expect((await upload(API.submit(id), s5, { Text: 'answer' })).statusCode).toBe(200);
    const subId = (await ok('GET', API.assignment(id), lecturer)).Data.Submissions[0].Id as number;
    await ok('PUT', API.grade(subId), lecturer, { Score: 5, Comment: '' });
    await ok('POST', API.return(id), lecturer);
    const url = `${SCORE_PROPOSALS_API.list}?courseId=${csc101}&semesterId=${semesterId}`;
    const pending = async () =>
      (await ok('GET', url, lecturer)).Data.filter((p: { SourceId: number }) => p.SourceId === id);
    expect(await pending()).toHaveLength(1);
    await ok('DELETE', API.assignment(id), lecturer);
    expect(await pending()).toHaveLength(0);
  });

  it('refuses others and bad input: not registered, not the lecturer, ids past 2^31, bad times, empty, oversized', async () => {
    const id = await create();
    // A student of another offering: 403 on the submission, the files and a guessed id; not listed.
    expect(await mine(s4, id)).toBeUndefined();
    const other = await upload(API.submit(id), s4, { Text: 'mine' });
    expect(other.statusCode).toBe(403);
    expect(other.json().Message).toBe('You are not registered for this course in this session.');
    expect((await upload(API.submit(2_000_000_000), s5, { Text: 'x' })).statusCode).toBe(403);
    // Staff without the page, or not the lecturer.
    expect((await send('GET', API.assignment(id), plain)).statusCode).toBe(403);
    // Ids past 2^31: 400.
    for (const url of [API.assignment(2 ** 31), API.zip(2 ** 31), API.offering(csc101, 2 ** 31)])
      expect((await send('GET', url, lecturer)).statusCode, url).toBe(400);
    for (const url of [API.studentFile(2 ** 31), API.ownFile(2 ** 31)])
      expect((await send('GET', url, s5)).statusCode, url).toBe(400);
    expect((await send('PUT', API.grade(2 ** 31), lecturer, { Score: 1 })).statusCode).toBe(400);
    expect((await upload(API.submit(2 ** 31), s5, { Text: 'x' })).statusCode).toBe(400);
    // Bad times and terms.
    const bad = (over: Partial<AssignmentInput>) =>
      send('POST', API.offering(csc101, session), lecturer, input(over));
    expect((await bad({ DueAt: new Date(Date.now() - 2 * HOUR).toISOString() })).statusCode).toBe(400);
    expect((await bad({ LatePolicy: 'accept' })).statusCode).toBe(400);
    expect((await bad({ ScoreItemId: 2 ** 31 })).statusCode).toBe(400);
    expect((await bad({ ScoreItemId: 999_999 })).statusCode).toBe(400);
    expect((await bad({ MaxScore: 0 })).statusCode).toBe(400);
    // An empty submission, a file of a kind not taken, an oversized file: refused, nothing saved.
    expect((await upload(API.submit(id), s5, { Text: '  ' })).statusCode).toBe(400);
    const exe = await upload(
      API.submit(id),
      s5,
      {},
      { name: 'x.exe', data: Buffer.concat([Buffer.from('MZ'), randomBytes(5000)]) },
    );
    expect(exe.statusCode).toBe(415);
    const big = await upload(
      API.submit(id),
      s5,
      {},
      { name: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().Message).toBe('The file is larger than the 20 MB allowed.');
    const bigAttachment = await upload(
      API.files(id),
      lecturer,
      {},
      { name: 'big.pdf', data: Buffer.concat([PDF, Buffer.alloc(21 * 1024 * 1024)]) },
    );
    expect(bigAttachment.statusCode).toBe(413);
    const rows = await t.database.db
      .select()
      .from(assignmentSubmissions)
      .where(eq(assignmentSubmissions.assignmentId, id));
    expect(rows).toHaveLength(0);
  });
});
