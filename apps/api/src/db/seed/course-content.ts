import { and, eq, inArray } from 'drizzle-orm';
import { FULL_PAYMENT_METHOD_ID } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  academicSessions,
  adminRoles,
  admins,
  contentItems,
  contentSections,
  courseRegistrationCourses,
  courseRegistrations,
  courses,
  coursesOfStudy,
  departmentCourses,
  departments,
  levels,
  pages,
  rolePages,
  roles,
  semesters,
  students,
} from '../schema/index.js';
import { newPublicId } from '../../platform/ids.js';
import { hashPassword } from '../../platform/passwords.js';
import { createPdf, loadInstitution } from '../../platform/pdf.js';
import type { FileStorage } from '../../platform/storage.js';
import { DEMO_PASSWORD } from './accounts.js';
import { LESSON_WEBM_BASE64 } from './data/lesson-video.js';
import { DEMO_SESSION } from './demo.js';
import { LECTURER_ROLE } from './results.js';
import { seedFeePayment } from './school-fees.js';

/**
 * Course content's demo data (issue 24):
 * - DIT/2024/0005 (student5@demo.edu.ng): 100 level Computer Science, 2024/2025 school fees paid in
 *   full, the first semester's Computer Science 100-level courses registered and approved (CSC 101
 *   among them);
 * - the Lecturer role gains `managecontent`; a 'Content Reviewer' role (`content-review`) held by
 *   reviewer@demo.edu.ng, who reviews on /app/content-review;
 * - CSC 101 of 2024/2025, taught by lecturer@demo.edu.ng: two published sections with published,
 *   approved items — a PDF lecture note (made with the platform's PDF tool), a three-second video
 *   lesson (assets/lesson.webm), a text page and a link.
 * Idempotent: each part is made only when missing (the content when CSC 101 has none).
 */

export const STUDENT5 = {
  matricNo: 'DIT/2024/0005',
  email: 'student5@demo.edu.ng',
  firstName: 'Chidinma',
  lastName: 'Okafor',
  gender: 'Female',
} as const;

export const CONTENT_REVIEWER_ROLE = 'Content Reviewer';
const REVIEWER = { email: 'reviewer@demo.edu.ng', firstName: 'Funmilayo', lastName: 'Adeyemi' } as const;
const LECTURER_EMAIL = 'lecturer@demo.edu.ng';

export async function seedCourseContent(db: Db, storage?: FileStorage): Promise<void> {
  await seedRoles(db);
  const studentId = await seedStudent(db);
  if (studentId) {
    await seedFeePayment(db, {
      matricNo: STUDENT5.matricNo,
      provider: 'monnify',
      reference: 'DIT-SCH-SEED-DIT20240005-1',
      providerReference: 'MNFY|20241016|000502',
      methodId: FULL_PAYMENT_METHOD_ID,
      paidAt: new Date('2024-10-16T09:20:00Z'),
    });
    await seedRegistration(db, studentId);
  }
  await seedContent(db, storage);
}

async function grant(db: Db, roleName: string, description: string, pageNames: readonly string[]) {
  await db.insert(roles).values({ name: roleName, description }).onConflictDoNothing();
  const [role] = await db.select().from(roles).where(eq(roles.name, roleName));
  const pageRows = await db
    .select({ id: pages.id })
    .from(pages)
    .where(inArray(pages.page, [...pageNames]));
  if (role && pageRows.length)
    await db
      .insert(rolePages)
      .values(pageRows.map((p) => ({ roleId: role.id, pageId: p.id })))
      .onConflictDoNothing();
  return role;
}

async function seedRoles(db: Db) {
  await grant(db, LECTURER_ROLE, 'Enters the scores of the courses taught', ['managecontent']);
  const role = await grant(db, CONTENT_REVIEWER_ROLE, 'Reviews course content before students see it', [
    'content-review',
  ]);
  const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, REVIEWER.email));
  if (existing || !role) return;
  const [admin] = await db
    .insert(admins)
    .values({ ...REVIEWER, passwordHash: await hashPassword(DEMO_PASSWORD), isFirstLogin: false })
    .returning({ id: admins.id });
  await db.insert(adminRoles).values({ adminId: admin!.id, roleId: role.id }).onConflictDoNothing();
}

async function seedStudent(db: Db): Promise<number | null> {
  const [existing] = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.matricNo, STUDENT5.matricNo));
  if (existing) return existing.id;
  const [csc] = await db.select().from(departments).where(eq(departments.code, 'CSC'));
  const [level100] = await db.select().from(levels).where(eq(levels.name, '100 Level'));
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  if (!csc || !level100 || !session) return null;
  const [programme] = await db.select().from(coursesOfStudy).where(eq(coursesOfStudy.departmentId, csc.id));
  const [row] = await db
    .insert(students)
    .values({
      ...STUDENT5,
      publicId: newPublicId(),
      phone: '08030000005',
      departmentId: csc.id,
      courseOfStudyId: programme?.id ?? null,
      levelId: level100.id,
      entryModeId: 1,
      admittedSessionId: session.id,
      matriculatedAt: new Date('2024-11-18T10:00:00Z'),
      address: '5 Paiko Road, Minna',
      dateOfBirth: '2006-09-03',
      passwordHash: await hashPassword(DEMO_PASSWORD),
    })
    .returning({ id: students.id });
  return row!.id;
}

/** The first semester's Computer Science 100-level courses, registered and approved. */
async function seedRegistration(db: Db, studentId: number) {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  if (!session) return;
  const [semester] = await db
    .select()
    .from(semesters)
    .where(and(eq(semesters.sessionId, session.id), eq(semesters.term, 'First')));
  const [csc] = await db.select().from(departments).where(eq(departments.code, 'CSC'));
  const [level100] = await db.select().from(levels).where(eq(levels.name, '100 Level'));
  if (!semester || !csc || !level100) return;
  const [existing] = await db
    .select({ id: courseRegistrations.id })
    .from(courseRegistrations)
    .where(
      and(eq(courseRegistrations.studentId, studentId), eq(courseRegistrations.semesterId, semester.id)),
    );
  if (existing) return;
  const offered = await db
    .select({ courseId: courses.id, units: courses.units })
    .from(departmentCourses)
    .innerJoin(courses, eq(courses.id, departmentCourses.courseId))
    .where(
      and(
        eq(departmentCourses.departmentId, csc.id),
        eq(departmentCourses.sessionId, session.id),
        eq(departmentCourses.levelId, level100.id),
        eq(departmentCourses.semester, 'First'),
      ),
    );
  if (offered.length === 0) return;
  const approvedAt = new Date('2024-11-25T10:00:00Z');
  await db.transaction(async (tx) => {
    const [registration] = await tx
      .insert(courseRegistrations)
      .values({
        publicId: newPublicId(),
        studentId,
        semesterId: semester.id,
        levelId: level100.id,
        departmentId: csc.id,
        state: 'approved',
        totalUnits: offered.reduce((sum, c) => sum + c.units, 0),
        submittedAt: new Date('2024-11-22T09:00:00Z'),
        decidedAt: approvedAt,
        approvedAt,
      })
      .returning({ id: courseRegistrations.id });
    await tx.insert(courseRegistrationCourses).values(
      offered.map((c) => ({
        registrationId: registration!.id,
        courseId: c.courseId,
        units: c.units,
        requested: true,
        approved: true,
      })),
    );
  });
}

/** The PDF lecture note, made with the platform's PDF tool. */
async function lectureNote(db: Db): Promise<Buffer> {
  const institution = await loadInstitution(db);
  const pdf = createPdf({ title: 'CSC 101 Lecture 1: What is a computer?', author: 'Mr Tunde Bakare' });
  pdf.header(institution, 'CSC 101: Introduction to Computer Science', 'Lecture 1: What is a computer?');
  const paragraphs = [
    'A computer is a machine that takes data in, processes it according to a program, stores it and gives results out. The four parts of every computer follow from that: input, processing, storage and output.',
    'The processor (CPU) carries out instructions one after another, very fast. Memory (RAM) holds the program and the data it is working on while the computer is on; storage (a disk or flash) keeps them when it is off.',
    'Software is the set of programs a computer runs: the operating system, which manages the hardware, and applications, which do the work people want done.',
  ];
  pdf.heading('1. Input, processing, storage, output');
  pdf.paragraph(paragraphs[0]!);
  pdf.heading('2. Hardware');
  pdf.paragraph(paragraphs[1]!);
  pdf.heading('3. Software');
  pdf.paragraph(paragraphs[2]!);
  pdf.heading('Exercise');
  pdf.paragraph('Name the input, processing, storage and output parts of a mobile phone.');
  return pdf.toBuffer();
}

/** Where the seeded files are kept (fixed keys: a fresh DATA_DIR gets them written again). */
const NOTE_KEY = 'content/seed/csc101-lecture-1.pdf';
const VIDEO_KEY = 'content/seed/csc101-lesson-1.webm';

async function seedContent(db: Db, storage?: FileStorage) {
  const [course] = await db.select().from(courses).where(eq(courses.code, 'CSC 101'));
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, DEMO_SESSION));
  const [lecturer] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, LECTURER_EMAIL));
  const [reviewer] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, REVIEWER.email));
  if (!course || !session || !lecturer) return;
  const note = storage ? await lectureNote(db) : null;
  const video = storage ? Buffer.from(LESSON_WEBM_BASE64, 'base64') : null;
  if (storage && note && !(await storage.exists(NOTE_KEY))) await storage.put(NOTE_KEY, note);
  if (storage && video && !(await storage.exists(VIDEO_KEY))) await storage.put(VIDEO_KEY, video);

  const [any] = await db
    .select({ id: contentSections.id })
    .from(contentSections)
    .where(and(eq(contentSections.courseId, course.id), eq(contentSections.sessionId, session.id)))
    .limit(1);
  if (any) return;
  const published = new Date('2024-11-28T09:00:00Z');
  const offering = { courseId: course.id, sessionId: session.id };
  const approved = {
    state: 'published',
    createdBy: lecturer.id,
    submittedBy: lecturer.id,
    submittedAt: published,
    reviewedBy: reviewer?.id ?? null,
    reviewedAt: published,
    publishedAt: published,
  } as const;
  await db.transaction(async (tx) => {
    const [week1, week2] = await tx
      .insert(contentSections)
      .values([
        { ...offering, title: 'Week 1: What is a computer?', position: 1, published: true },
        { ...offering, title: 'Week 2: Problem solving', position: 2, published: true },
      ])
      .returning({ id: contentSections.id });
    await tx.insert(contentItems).values([
      ...(note
        ? [
            {
              ...offering,
              ...approved,
              sectionId: week1!.id,
              position: 1,
              kind: 'document',
              title: 'Lecture 1: What is a computer? (notes)',
              fileKey: NOTE_KEY,
              fileName: 'CSC101-Lecture-1.pdf',
              fileMime: 'application/pdf',
              fileSize: note.length,
              fileKind: 'pdf',
            },
          ]
        : []),
      ...(video
        ? [
            {
              ...offering,
              ...approved,
              sectionId: week1!.id,
              position: 2,
              kind: 'video',
              title: 'Lesson 1: Welcome to CSC 101 (video)',
              fileKey: VIDEO_KEY,
              fileName: 'CSC101-Lesson-1.webm',
              fileMime: 'video/webm',
              fileSize: video.length,
              fileKind: 'webm',
            },
          ]
        : []),
      {
        ...offering,
        ...approved,
        sectionId: week2!.id,
        position: 1,
        kind: 'text',
        title: 'Reading: From problem to algorithm',
        html: '<h2>From problem to algorithm</h2><p>An <strong>algorithm</strong> is a finite list of precise steps that solves a problem.</p><ol><li>Understand the problem.</li><li>Write the steps.</li><li>Check them with an example.</li></ol>',
      },
      {
        ...offering,
        ...approved,
        sectionId: week2!.id,
        position: 2,
        kind: 'link',
        title: 'Further reading: Algorithm (Wikipedia)',
        url: 'https://en.wikipedia.org/wiki/Algorithm',
      },
    ]);
  });
}
