import { and, eq, inArray, isNull } from 'drizzle-orm';
import { CBT_PAGE, NOTIFICATION_TYPES, type AnswerValue } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  admins,
  cbtAnswerLog,
  cbtAttempts,
  cbtExams,
  cbtQuestions,
  cbtTopics,
  courses,
  notifications,
  scoreItems,
  scoreSchemes,
  students,
  type CbtOption,
} from '../schema/index.js';
import { submitIn } from '../../modules/cbt/cbt.service.js';
import { drawPaper } from '../../modules/cbt/marking.js';
import { STUDENT5 } from './course-content.js';
import { DEMO_SESSION, grantPage } from './demo.js';
import { LECTURER_ROLE } from './results.js';

/**
 * Computer-based tests' demo data (issue 27), in CSC 101 of 2024/2025 (lecturer@demo.edu.ng;
 * DIT/2024/0005 registered):
 * - the Lecturer role gains the `cbt` page;
 * - a bank of 30 questions in three topics (Computer basics, Number systems, Algorithms and
 *   flowcharts): single and multiple answers, true/false, numeric with a tolerance;
 * - 'CSC 101 Test 1', published, open from a day before the seed to 60 days after: 10 questions
 *   (4 + 3 + 3 from the three topics), 15 minutes, feeding CA 2, hall 'ICT Centre Hall A' invigilated
 *   by the lecturer; DIT/2024/0005 has not started it (an unread type-7 item tells them of it);
 * - 'CSC 101 Quiz 0: Foundations', a past exam (closed 20 days before the seed), released with review,
 *   with five marked attempts (DIT/2024/0005, 0001, 0002, 0004 and DIT/2023/0003), so its item
 *   analysis has figures.
 * Idempotent: made only when CSC 101 has no topic yet.
 */
const DAY = 86_400_000;
const MINUTE = 60_000;

type Q = {
  kind: 'single' | 'multiple' | 'truefalse' | 'numeric';
  text: string;
  options?: [string, boolean][];
  answer?: boolean;
  value?: number;
  tolerance?: number;
};

const BANK: [string, Q[]][] = [
  [
    'Computer basics',
    [
      {
        kind: 'single',
        text: 'Which part of a computer carries out instructions?',
        options: [
          ['CPU', true],
          ['Monitor', false],
          ['Keyboard', false],
          ['Hard disk', false],
        ],
      },
      {
        kind: 'single',
        text: 'What does RAM stand for?',
        options: [
          ['Random Access Memory', true],
          ['Read And Modify', false],
          ['Rapid Array Memory', false],
          ['Read Access Module', false],
        ],
      },
      {
        kind: 'multiple',
        text: 'Which of these are input devices?',
        options: [
          ['Keyboard', true],
          ['Mouse', true],
          ['Printer', false],
          ['Speaker', false],
        ],
      },
      {
        kind: 'multiple',
        text: 'Which of these are kinds of storage?',
        options: [
          ['Hard disk', true],
          ['Flash drive', true],
          ['Projector', false],
          ['Scanner', false],
        ],
      },
      { kind: 'truefalse', text: 'RAM keeps its contents when the power goes off.', answer: false },
      {
        kind: 'truefalse',
        text: 'An operating system manages the computer’s hardware and software.',
        answer: true,
      },
      {
        kind: 'single',
        text: 'Which of these is an operating system?',
        options: [
          ['Linux', true],
          ['Excel', false],
          ['Chrome', false],
          ['Python', false],
        ],
      },
      {
        kind: 'single',
        text: 'How many bits are in one byte?',
        options: [
          ['8', true],
          ['4', false],
          ['16', false],
          ['10', false],
        ],
      },
      {
        kind: 'numeric',
        text: 'How many kilobytes are in one megabyte (binary units)?',
        value: 1024,
        tolerance: 0,
      },
      { kind: 'truefalse', text: 'A compiler translates a whole program before it runs.', answer: true },
    ],
  ],
  [
    'Number systems',
    [
      {
        kind: 'single',
        text: 'What is 1010 in base 2 written in base 10?',
        options: [
          ['10', true],
          ['8', false],
          ['12', false],
          ['1010', false],
        ],
      },
      {
        kind: 'single',
        text: 'What is 255 in hexadecimal?',
        options: [
          ['FF', true],
          ['EF', false],
          ['F0', false],
          ['100', false],
        ],
      },
      { kind: 'numeric', text: 'Write 0x2D in base 10.', value: 45, tolerance: 0 },
      { kind: 'numeric', text: 'Give 1/3 as a decimal to two places.', value: 0.33, tolerance: 0.005 },
      { kind: 'truefalse', text: 'The octal digit 8 exists.', answer: false },
      {
        kind: 'single',
        text: 'What is the base of the octal system?',
        options: [
          ['8', true],
          ['2', false],
          ['10', false],
          ['16', false],
        ],
      },
      {
        kind: 'multiple',
        text: 'Which of these are valid binary numbers?',
        options: [
          ['1011', true],
          ['1002', false],
          ['0001', true],
          ['2110', false],
        ],
      },
      { kind: 'numeric', text: 'Compute 2^10.', value: 1024, tolerance: 0 },
      {
        kind: 'single',
        text: 'What is 11 + 01 in binary?',
        options: [
          ['100', true],
          ['12', false],
          ['110', false],
          ['011', false],
        ],
      },
      { kind: 'truefalse', text: 'Every hexadecimal digit stands for four bits.', answer: true },
    ],
  ],
  [
    'Algorithms and flowcharts',
    [
      {
        kind: 'single',
        text: 'Which flowchart symbol shows a decision?',
        options: [
          ['Diamond', true],
          ['Rectangle', false],
          ['Oval', false],
          ['Parallelogram', false],
        ],
      },
      {
        kind: 'single',
        text: 'Which flowchart symbol shows input or output?',
        options: [
          ['Parallelogram', true],
          ['Diamond', false],
          ['Circle', false],
          ['Rectangle', false],
        ],
      },
      { kind: 'truefalse', text: 'An algorithm must finish after a finite number of steps.', answer: true },
      {
        kind: 'multiple',
        text: 'Which are properties of a good algorithm?',
        options: [
          ['Definiteness', true],
          ['Finiteness', true],
          ['Ambiguity', false],
          ['Randomness', false],
        ],
      },
      {
        kind: 'single',
        text: 'Linear search on n items needs at most how many comparisons?',
        options: [
          ['n', true],
          ['log n', false],
          ['n^2', false],
          ['1', false],
        ],
      },
      {
        kind: 'numeric',
        text: 'How many times does "for i = 1 to 10" run its body?',
        value: 10,
        tolerance: 0,
      },
      {
        kind: 'truefalse',
        text: 'Pseudocode must follow the syntax of one programming language.',
        answer: false,
      },
      {
        kind: 'single',
        text: 'Which control structure repeats steps?',
        options: [
          ['Loop', true],
          ['Sequence', false],
          ['Comment', false],
          ['Declaration', false],
        ],
      },
      {
        kind: 'multiple',
        text: 'Which of these are sorting algorithms?',
        options: [
          ['Bubble sort', true],
          ['Merge sort', true],
          ['Binary search', false],
          ['Hashing', false],
        ],
      },
      {
        kind: 'numeric',
        text: 'Binary search on 1024 sorted items needs at most how many comparisons? (log2 of 1024)',
        value: 10,
        tolerance: 0,
      },
    ],
  ],
];

const PAST_CANDIDATES = ['DIT/2024/0005', 'DIT/2024/0001', 'DIT/2024/0002', 'DIT/2024/0004', 'DIT/2023/0003'];

export async function seedCbt(db: Db): Promise<void> {
  await grantPage(db, LECTURER_ROLE, CBT_PAGE);

  const [course] = await db.select().from(courses).where(eq(courses.code, 'CSC 101'));
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  const [student] = await db.select().from(students).where(eq(students.matricNo, STUDENT5.matricNo));
  const [lecturer] = await db.select().from(admins).where(eq(admins.email, 'lecturer@demo.edu.ng'));
  if (!course || !session || !student) return;
  const [existing] = await db
    .select({ id: cbtTopics.id })
    .from(cbtTopics)
    .where(eq(cbtTopics.courseId, course.id))
    .limit(1);
  if (existing) return;
  const [ca2] = await db
    .select({ id: scoreItems.id })
    .from(scoreItems)
    .innerJoin(scoreSchemes, eq(scoreSchemes.id, scoreItems.schemeId))
    .where(and(eq(scoreSchemes.isActive, true), eq(scoreItems.name, 'CA 2')));
  const now = Date.now();
  const createdBy = lecturer?.id ?? null;

  const topicIds: number[] = [];
  for (const [name, questions] of BANK) {
    const [t] = await db.insert(cbtTopics).values({ courseId: course.id, name }).returning();
    topicIds.push(t!.id);
    await db.insert(cbtQuestions).values(
      questions.map((q) => ({
        courseId: course.id,
        topicId: t!.id,
        kind: q.kind,
        text: q.text,
        options: (q.options ?? []).map(([text, correct]): CbtOption => ({ text, correct })),
        answerTrue: q.kind === 'truefalse' ? q.answer! : null,
        value: q.kind === 'numeric' ? q.value! : null,
        tolerance: q.kind === 'numeric' ? q.tolerance! : null,
        createdBy,
      })),
    );
  }
  const offering = { courseId: course.id, sessionId: session.id, createdBy };
  const sections = [
    { topicIds: [topicIds[0]!], count: 4 },
    { topicIds: [topicIds[1]!], count: 3 },
    { topicIds: [topicIds[2]!], count: 3 },
  ];
  await db.insert(cbtExams).values({
    ...offering,
    title: 'CSC 101 Test 1',
    instructions:
      'Answer all 10 questions. You have 15 minutes from when you start. Your answers are saved as you go; if the power or the network fails, sign in again on any computer to continue.',
    opensAt: new Date(now - DAY),
    closesAt: new Date(now + 60 * DAY),
    durationMinutes: 15,
    sections,
    passMark: 50,
    scoreItemId: ca2?.id ?? null,
    halls: lecturer ? [{ name: 'ICT Centre Hall A', capacity: 200, invigilatorIds: [lecturer.id] }] : [],
    publishedAt: new Date(now - DAY),
  });
  await db.insert(notifications).values({
    recipientKind: 'Student',
    recipientId: student.id,
    type: NOTIFICATION_TYPES.exams.type,
    title: 'New exam in CSC 101: CSC 101 Test 1',
    link: NOTIFICATION_TYPES.exams.path,
  });

  // The past exam and its marked attempts.
  const opened = now - 21 * DAY;
  const [past] = await db
    .insert(cbtExams)
    .values({
      ...offering,
      title: 'CSC 101 Quiz 0: Foundations',
      instructions: 'Ten questions, ten minutes.',
      opensAt: new Date(opened),
      closesAt: new Date(now - 20 * DAY),
      durationMinutes: 10,
      sections: [{ topicIds, count: 10 }],
      shuffleQuestions: true,
      shuffleOptions: true,
      passMark: 50,
      reviewAfterRelease: true,
      publishedAt: new Date(opened - DAY),
      releasedAt: new Date(now - 19 * DAY),
    })
    .returning();
  const candidates = await db.select().from(students).where(inArray(students.matricNo, PAST_CANDIDATES));
  const all = await db.select().from(cbtQuestions).where(eq(cbtQuestions.courseId, course.id));
  const byId = new Map(all.map((q) => [q.id, q]));
  const pool = all.map((q) => ({
    id: q.id,
    topicId: q.topicId,
    kind: q.kind,
    optionCount: q.options.length,
  }));
  const ordered = PAST_CANDIDATES.map((m) => candidates.find((c) => c.matricNo === m)).filter(
    (c) => c !== undefined,
  );
  for (const [k, c] of ordered.entries()) {
    // A fixed seed per candidate, so the demo's papers are the same on every machine.
    const seed = `c0ffee${String(k).padStart(2, '0')}`.padEnd(32, '7');
    const drawn = drawPaper(seed, { ...past!, sections: past!.sections }, pool);
    if (!('paper' in drawn)) continue;
    const started = new Date(opened + (k + 1) * 30 * MINUTE);
    const [a] = await db
      .insert(cbtAttempts)
      .values({
        examId: past!.id,
        studentId: c.id,
        seed,
        paper: drawn.paper,
        startedAt: started,
        endsAt: new Date(started.getTime() + 10 * MINUTE),
        machineId: `seed-machine-${k + 1}`,
        lastSeenAt: started,
      })
      .returning();
    // The stronger candidates first: candidate k answers right all but about 2k of the ten.
    const log = drawn.paper.map((item, i) => {
      const q = byId.get(item.q)!;
      const right = (i * 7 + k * 3) % 10 >= 2 * k;
      let answer: AnswerValue;
      if (q.kind === 'truefalse') answer = { True: right ? q.answerTrue! : !q.answerTrue };
      else if (q.kind === 'numeric') answer = { Number: right ? q.value! : q.value! + 1 };
      else {
        const correct = q.options.flatMap((o, j) => (o.correct ? [j] : []));
        const wrong = q.options.findIndex((o) => !o.correct);
        answer = { Choices: right ? correct : [wrong] };
      }
      return {
        attemptId: a!.id,
        seq: i + 1,
        questionId: item.q,
        answer,
        givenAt: new Date(started.getTime() + (i + 1) * 40_000),
        receivedAt: new Date(started.getTime() + (i + 1) * 40_000 + 150),
        machineId: `seed-machine-${k + 1}`,
      };
    });
    await db.insert(cbtAnswerLog).values(log);
    await db
      .update(cbtQuestions)
      .set({ usedAt: started })
      .where(
        and(
          inArray(
            cbtQuestions.id,
            drawn.paper.map((p) => p.q),
          ),
          isNull(cbtQuestions.usedAt),
        ),
      );
    await db.transaction(async (tx) => {
      await tx
        .update(cbtAttempts)
        .set({ lastSeq: log.length, answered: log.length, position: log.length - 1 })
        .where(eq(cbtAttempts.id, a!.id));
      await submitIn(tx, a!.id, 'candidate', new Date(started.getTime() + 8 * MINUTE));
    });
  }
}
