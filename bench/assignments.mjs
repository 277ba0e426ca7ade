// 500 students submitting a 5 MB assignment in the last minute before its deadline, on PostgreSQL
// (issue 25's figure). N copies of DIT/2024/0005 (registered for CSC 101) are made in the database
// with their sessions; the lecturer sets an assignment due a little after the window ends, with
// late work refused, and publishes it; each student submits once, at a moment spread over the
// window, a 5 MB PDF of their own (multipart). Prints p50, p95, p99 and the worst submission
// answer and the failures, then checks what the database holds: every acknowledged submission
// stored once (none lost), its hash the receipt's and the bytes sent, none that arrived in time
// marked late.
// Needs a build (npm run build -w packages/contracts && npm run build -w apps/api) and PostgreSQL.
//   BENCH_STUDENTS=500   students          BENCH_WINDOW=60   seconds the submissions are spread over
//   BENCH_MB=5           megabytes each     BENCH_PORT=8198   the portal's port
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { onClassroomBench, printTimes, spreadOver } from './lib.mjs';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 500);
const WINDOW = Number(process.env.BENCH_WINDOW ?? 60);
const MB = Number(process.env.BENCH_MB ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 8198);
const MODEL = 'DIT/2024/0005';

/** One PDF body shared by every file (so the bench holds 5 MB, not 2.5 GB); each student's own tail makes it theirs. */
const BODY = Buffer.concat([
  Buffer.from('%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n'),
  randomBytes(MB * 1024 * 1024),
]);
const tailOf = (i) => Buffer.from(`\n% student ${i}\n%%EOF\n`);
const hashOf = (i) => createHash('sha256').update(BODY).update(tailOf(i)).digest('hex');

const failedChecks = await onClassroomBench(
  { port: PORT, prefix: 'ASG', count: STUDENTS, model: MODEL },
  async ({ base, databaseUrl, students, offering, lecturer, check }) => {
    // The lecturer sets the assignment: open now, due 20 s after the window ends, late work refused.
    const json = { ...lecturer, 'content-type': 'application/json' };
    const dueAt = new Date(Date.now() + (WINDOW + 20) * 1000);
    const created = await fetch(
      `${base}/api/admin/assignments/offerings/${offering.courseId}/${offering.sessionId}`,
      {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          Title: 'Bench: the last minute',
          OpensAt: new Date(Date.now() - 60_000).toISOString(),
          DueAt: dueAt.toISOString(),
          LatePolicy: 'refuse',
          MaxScore: 10,
        }),
      },
    );
    if (!created.ok) throw new Error(`creating the assignment: ${created.status} ${await created.text()}`);
    const assignmentId = (await created.json()).Data.Id;
    const published = await fetch(`${base}/api/admin/assignments/${assignmentId}/publish`, {
      method: 'POST',
      headers: lecturer,
    });
    if (!published.ok) throw new Error(`publishing: ${published.status} ${await published.text()}`);

    const times = [];
    const receipts = new Map();
    let failed = 0;
    async function submit(student, i) {
      const form = new FormData();
      form.append('file', new Blob([BODY, tailOf(i)], { type: 'application/pdf' }), `answer-${i}.pdf`);
      const t0 = performance.now();
      const answer = await fetch(`${base}/api/student/assignments/${assignmentId}/submission`, {
        method: 'POST',
        headers: { authorization: `Bearer ${student.token}` },
        body: form,
      });
      const body = await answer.json().catch(() => null);
      if (!answer.ok || !body?.Data) {
        failed += 1;
        if (failed <= 3) console.log(`failed: ${answer.status} ${body?.Message ?? ''}`);
        return;
      }
      times.push(performance.now() - t0);
      receipts.set(student.userId, { i, receipt: body.Data.Receipt ?? body.Data });
    }

    console.log(
      `${students.length} students (copies of ${MODEL}) each submitting ${MB} MB over ${WINDOW} s, due ${dueAt.toISOString()}\n`,
    );
    const begun = performance.now();
    await spreadOver(students, WINDOW, submit);
    printTimes(`submission answer (${MB} MB multipart)`, times, failed, begun);

    // What the database holds.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `select student_id, sha256, late, submitted_at from assignment_submissions where assignment_id = $1`,
        [assignmentId],
      );
      check(
        rows.length === receipts.size,
        `stored ${rows.length} submissions, acknowledged ${receipts.size} (none lost, none extra)`,
      );
      const stored = new Map(rows.map((r) => [r.student_id, r]));
      let mismatched = 0;
      for (const [studentId, { i, receipt }] of receipts) {
        const row = stored.get(studentId);
        if (!row || row.sha256 !== receipt.Sha256 || row.sha256 !== hashOf(i)) mismatched += 1;
      }
      check(mismatched === 0, `every stored hash is the receipt's and the bytes sent (${mismatched} differ)`);
      const lateInTime = rows.filter((r) => r.late && new Date(r.submitted_at) <= dueAt).length;
      check(lateInTime === 0, `none that arrived before the due time marked late (${lateInTime})`);
    } finally {
      await db.end();
    }
  },
);
process.exit(failedChecks ? 1 : 0);
