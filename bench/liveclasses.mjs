// 500 students joining one live class in the same minute, on PostgreSQL, through the built-in sandbox
// meeting engine (issue 26's figure). N copies of DIT/2024/0005 (registered for CSC 101) are made in
// the database with their sessions; the lecturer schedules a class five minutes ahead and starts it;
// each student arrives once, at a moment spread over the window, asks for their join link (POST
// /api/student/liveclasses/:id/join) and follows it (the portal records the join and sends them to
// the engine's room) — "the join answer" is those two portal calls. Then everyone leaves, the lecturer
// ends the class, and the attendance must add up: every student once, one join each, minutes > 0.
// Prints p50, p95, p99 and the worst join answer, the failures, and the totals' checks.
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_STUDENTS=500   students          BENCH_WINDOW=60   seconds the arrivals are spread over
//   BENCH_PORT=8199      the portal's port BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres
import { onClassroomBench, printTimes, signIn, spreadOver } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 8199);
const MODEL = 'DIT/2024/0005';

const failedChecks = await onClassroomBench(
  { port: PORT, prefix: 'LIVE', count: STUDENTS, model: MODEL },
  async ({ base, students, offering, lecturer, check }) => {
    // The lecturer schedules a class five minutes ahead and starts it (joining as moderator).
    const post = (path, headers, body) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const scheduled = await post(
      `/api/admin/liveclasses/offerings/${offering.courseId}/${offering.sessionId}`,
      lecturer,
      {
        Title: 'Bench: everyone at once',
        StartsAt: new Date(Date.now() + 5 * 60_000).toISOString(),
        DurationMinutes: 60,
        Record: false,
      },
    );
    const classId = (await scheduled.json()).Data[0].Id;
    const started = await (await post(`/api/admin/liveclasses/${classId}/start`, lecturer)).json();
    const enter = async (link) => {
      const go = await fetch(link, { redirect: 'manual' });
      if (go.status !== 302) return null;
      const room = await fetch(go.headers.get('location'), { redirect: 'manual' });
      return room.status === 302 ? room.headers.get('location') : null;
    };
    await enter(started.Data.Url);

    const joinTimes = [];
    const rooms = [];
    let failed = 0;
    async function arrive(student) {
      const t0 = performance.now();
      const answer = await post(`/api/student/liveclasses/${classId}/join`, {
        authorization: `Bearer ${student.token}`,
      });
      const link = answer.ok ? (await answer.json()).Data.Url : null;
      const go = link ? await fetch(link, { redirect: 'manual' }) : null;
      if (!go || go.status !== 302) {
        failed += 1;
        return;
      }
      joinTimes.push(performance.now() - t0);
      const room = await fetch(go.headers.get('location'), { redirect: 'manual' });
      if (room.status === 302) rooms.push(room.headers.get('location'));
      else failed += 1;
    }

    console.log(
      `${students.length} students (copies of ${MODEL}, registered for CSC 101) joining over ${WINDOW} s\n`,
    );
    const begun = performance.now();
    await spreadOver(students, WINDOW, arrive);
    printTimes('join answer (POST join + the link)', joinTimes, failed, begun);

    // Everyone in the room, then everyone leaves and the lecturer ends the class.
    const during = await (
      await fetch(`${base}/api/admin/liveclasses/${classId}/attendance`, { headers: lecturer })
    ).json();
    check(
      during.Data.Attendees.filter((a) => a.Kind === 'Student' && a.Present).length === students.length,
      `while running: ${students.length} students present`,
    );
    await Promise.all(rooms.map((room) => fetch(`${room}/leave`, { method: 'POST', redirect: 'manual' })));
    await post(`/api/admin/liveclasses/${classId}/end`, lecturer);
    const after = (
      await (await fetch(`${base}/api/admin/liveclasses/${classId}/attendance`, { headers: lecturer })).json()
    ).Data;
    const attendees = after.Attendees.filter((a) => a.Kind === 'Student');
    check(
      attendees.length === students.length,
      `after: ${attendees.length} students in the attendance (expected ${students.length})`,
    );
    check(
      attendees.every((a) => a.Joins === 1),
      'every join counted once',
    );
    check(
      attendees.every((a) => !a.Present),
      'nobody still inside after the end',
    );
    const minutes = attendees.reduce((sum, a) => sum + a.Minutes, 0);
    check(minutes > 0, `total minutes ${minutes.toFixed(1)}`);
    const review = await (
      await fetch(`${base}/api/admin/liveclasses/review?pageSize=5`, {
        headers: (await signIn(base, 'Admin', 'admin@demo.edu.ng')).headers,
      })
    ).json();
    const row = review.Data.find((r) => r.Id === classId);
    check(row?.Attended === students.length, `the review counts ${row?.Attended} attended`);
  },
);
process.exit(failedChecks ? 1 : 0);
