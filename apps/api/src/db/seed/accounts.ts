import { eq, sql } from 'drizzle-orm';
import { INDIGENE_STATE_ID } from '@portal/contracts';
import type { Db } from '../client.js';
import {
  adminRoles,
  admins,
  admissionSessions,
  applicants,
  countries,
  coursesOfStudy,
  departments,
  guardians,
  levels,
  lgas,
  olevelGrades,
  olevelResults,
  olevelSubjects,
  olevelTypes,
  roles,
  students,
  academicSessions,
} from '../schema/index.js';
import { hashPassword } from '../../platform/passwords.js';
import { newPublicId } from '../../platform/ids.js';
import { SUPER_ADMIN_ROLE } from './pages.js';

export const DEMO_PASSWORD = 'Portal@2025';

/** The demo applicants and the stage each one has reached (1 new … 7 acceptance fee paid). */
export const DEMO_APPLICANTS = [
  {
    jamb: '202410000001AA',
    email: 'applicant1@demo.edu.ng',
    first: 'Chinedu',
    last: 'Okafor',
    other: 'Emeka',
    gender: 'Male',
    stage: 1,
  },
  {
    jamb: '202410000002AB',
    email: 'applicant2@demo.edu.ng',
    first: 'Aisha',
    last: 'Bello',
    other: null,
    gender: 'Female',
    stage: 2,
  },
  {
    jamb: '202410000003AC',
    email: 'applicant3@demo.edu.ng',
    first: 'Tunde',
    last: 'Adeyemi',
    other: 'Oluwaseun',
    gender: 'Male',
    stage: 3,
  },
  {
    jamb: '202410000004AD',
    email: 'applicant4@demo.edu.ng',
    first: 'Ngozi',
    last: 'Eze',
    other: 'Adaeze',
    gender: 'Female',
    stage: 4,
  },
  {
    jamb: '202410000005AE',
    email: 'applicant5@demo.edu.ng',
    first: 'Ibrahim',
    last: 'Musa',
    other: null,
    gender: 'Male',
    stage: 5,
  },
  {
    jamb: '202410000006AF',
    email: 'applicant6@demo.edu.ng',
    first: 'Funmilayo',
    last: 'Ogunleye',
    other: 'Bisi',
    gender: 'Female',
    stage: 6,
  },
  {
    jamb: '202410000007AG',
    email: 'applicant7@demo.edu.ng',
    first: 'Emmanuel',
    last: 'Udoh',
    other: 'Effiong',
    gender: 'Male',
    stage: 7,
  },
] as const;

/** Nine WAEC results every demo applicant from stage 3 on has saved. */
const DEMO_OLEVEL: readonly [string, string][] = [
  ['English Language', 'B3'],
  ['Mathematics', 'A1'],
  ['Physics', 'B2'],
  ['Chemistry', 'C4'],
  ['Biology', 'B3'],
  ['Economics', 'C5'],
  ['Geography', 'C6'],
  ['Civic Education', 'A1'],
  ['Agricultural Science', 'B2'],
];

export async function seedAccounts(db: Db): Promise<void> {
  let passwordHash: string | undefined;
  const demoHash = async () => (passwordHash ??= await hashPassword(DEMO_PASSWORD));

  // Admins
  const [superRole] = await db.select().from(roles).where(eq(roles.name, SUPER_ADMIN_ROLE));
  for (const admin of [
    { email: 'admin@demo.edu.ng', firstName: 'Adaobi', lastName: 'Nwosu', isSupport: false },
    { email: 'support@demo.edu.ng', firstName: 'Support', lastName: 'Desk', isSupport: true },
  ]) {
    const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, admin.email));
    if (existing) continue;
    const [row] = await db
      .insert(admins)
      .values({ ...admin, passwordHash: await demoHash(), isFirstLogin: false })
      .returning({ id: admins.id });
    await db.insert(adminRoles).values({ adminId: row!.id, roleId: superRole!.id }).onConflictDoNothing();
  }

  const [computerScience] = await db.select().from(departments).where(eq(departments.code, 'CSC'));
  const [csCourse] = await db
    .select()
    .from(coursesOfStudy)
    .where(eq(coursesOfStudy.departmentId, computerScience!.id));
  const [level100] = await db.select().from(levels).where(eq(levels.name, '100 Level'));
  const [level200] = await db.select().from(levels).where(eq(levels.name, '200 Level'));
  const [academic] = await db.select().from(academicSessions).where(eq(academicSessions.isCurrent, true));
  // The session the 200 level demo student entered in (a past session, not current).
  await db.insert(academicSessions).values({ name: '2023/2024' }).onConflictDoNothing();
  const [previousSession] = await db
    .select()
    .from(academicSessions)
    .where(eq(academicSessions.name, '2023/2024'));
  const [admission] = await db.select().from(admissionSessions).where(eq(admissionSessions.isCurrent, true));
  const [nigeria] = await db.select().from(countries).where(eq(countries.code, 'NG'));
  const hostLga = await db.select().from(lgas).where(eq(lgas.stateId, INDIGENE_STATE_ID)).limit(1);
  const lagosLga = await db
    .select()
    .from(lgas)
    .where(sql`${lgas.stateId} = (select id from states where name = 'Lagos')`)
    .limit(1);

  // Students
  for (const s of [
    {
      matricNo: 'DIT/2024/0001',
      email: 'student1@demo.edu.ng',
      firstName: 'Halima',
      lastName: 'Abubakar',
      gender: 'Female',
      stateId: INDIGENE_STATE_ID,
      lgaId: hostLga[0]!.id,
    },
    {
      matricNo: 'DIT/2024/0002',
      email: 'student2@demo.edu.ng',
      firstName: 'Oluwadamilare',
      lastName: 'Johnson',
      gender: 'Male',
      stateId: lagosLga[0]!.stateId,
      lgaId: lagosLga[0]!.id,
    },
    {
      matricNo: 'DIT/2023/0003',
      email: 'student3@demo.edu.ng',
      firstName: 'Emeka',
      lastName: 'Nnamdi',
      gender: 'Male',
      stateId: lagosLga[0]!.stateId,
      lgaId: lagosLga[0]!.id,
      levelId: level200!.id,
      admittedSessionId: previousSession!.id,
      matriculatedAt: new Date('2023-11-20T10:00:00Z'),
    },
    {
      matricNo: 'DIT/2024/0004',
      email: 'student4@demo.edu.ng',
      firstName: 'Aisha',
      lastName: 'Mohammed',
      otherName: 'Zainab',
      gender: 'Female',
      stateId: INDIGENE_STATE_ID,
      lgaId: hostLga[0]!.id,
    },
  ]) {
    const [existing] = await db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.matricNo, s.matricNo));
    if (existing) continue;
    await db.insert(students).values({
      publicId: newPublicId(),
      phone: '08030000000',
      departmentId: computerScience!.id,
      courseOfStudyId: csCourse!.id,
      levelId: level100!.id,
      entryModeId: 1,
      admittedSessionId: academic!.id,
      matriculatedAt: new Date('2024-11-18T10:00:00Z'),
      address: '12 Bosso Road, Minna',
      dateOfBirth: '2006-04-12',
      passwordHash: await demoHash(),
      ...s,
    });
  }

  // Applicants
  const subjectRows = await db.select().from(olevelSubjects);
  const gradeRows = await db.select().from(olevelGrades);
  const [waec] = await db.select().from(olevelTypes).where(eq(olevelTypes.name, 'WAEC'));
  for (const a of DEMO_APPLICANTS) {
    const [existing] = await db
      .select({ id: applicants.id })
      .from(applicants)
      .where(eq(applicants.jambRegNo, a.jamb));
    if (existing) continue;
    const now = new Date();
    const biodata =
      a.stage >= 2
        ? {
            phone: `0803123450${a.stage}`,
            dateOfBirth: `2006-0${a.stage}-1${a.stage}`,
            maritalStatus: 'Single',
            address: `${a.stage} Demo Street, Minna`,
            countryId: nigeria!.id,
            stateId: a.stage % 2 === 0 ? INDIGENE_STATE_ID : lagosLga[0]!.stateId,
            lgaId: a.stage % 2 === 0 ? hostLga[0]!.id : lagosLga[0]!.id,
            biodataSavedAt: now,
          }
        : {};
    const [row] = await db
      .insert(applicants)
      .values({
        publicId: newPublicId(),
        jambRegNo: a.jamb,
        email: a.email,
        passwordHash: await demoHash(),
        passwordChangedAt: a.stage >= 2 ? now : null,
        firstName: a.first,
        lastName: a.last,
        otherName: a.other,
        gender: a.gender,
        departmentId: computerScience!.id,
        courseOfStudyId: csCourse!.id,
        levelId: level100!.id,
        entryModeId: 1,
        admissionSessionId: admission!.id,
        utmeScore: 250 + a.stage * 5,
        capsStatus: a.stage >= 6 ? 'Admitted' : 'Recommended',
        ...biodata,
        // Stage 4's documents and the registration of stage 5 onward are seeded with the files.
        admissionStatus: a.stage >= 6 ? 'admitted' : 'none',
        admittedAt: a.stage >= 6 ? now : null,
        acceptancePaidAt: a.stage >= 7 ? now : null,
      })
      .returning({ id: applicants.id });
    const applicantId = row!.id;
    if (a.stage >= 2) {
      await db.insert(guardians).values({
        applicantId,
        name: `Mr. ${a.last}`,
        relationship: 'Father',
        phone: '08039876543',
        address: `${a.stage} Demo Street, Minna`,
      });
    }
    if (a.stage >= 3) {
      await db.insert(olevelResults).values(
        DEMO_OLEVEL.map(([subject, grade]) => ({
          applicantId,
          typeId: waec!.id,
          subjectId: subjectRows.find((s) => s.name === subject)!.id,
          gradeId: gradeRows.find((g) => g.name === grade)!.id,
          examYear: 2019,
          examNumber: `4250${a.stage}1234`,
        })),
      );
    }
  }
}
