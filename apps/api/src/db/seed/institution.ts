import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  academicSessions,
  admissionBatches,
  admissionSessions,
  coursesOfStudy,
  departments,
  discussionTypes,
  entryModes,
  faculties,
  feeSchedule,
  levels,
  listedApplicants,
  matricNumberFormats,
  paymentCategories,
  paymentItems,
  programmes,
  qualifications,
  schoolOfficials,
  schoolSettings,
  schoolUnits,
} from '../schema/index.js';
import { ACCEPTANCE_FEE_KOBO, SCHOOL_ID } from '@portal/contracts';

/**
 * A plainly fictional institution, "Demo Institute of Technology": its faculties, departments,
 * courses of study, levels, session, fees and admission sessions; then (steps of their own, after the
 * calendar) its programmes with their matric number formats, and the school's lists and officials.
 */
export const DEMO_FACULTIES = [
  {
    name: 'Faculty of Science',
    code: 'SCI',
    departments: [
      {
        name: 'Computer Science',
        code: 'CSC',
        category: 'Science',
        course: 'Computer Science',
        years: 4,
        siwes: 3,
      },
      { name: 'Microbiology', code: 'MCB', category: 'Science', course: 'Microbiology', years: 4, siwes: 6 },
      {
        name: 'Industrial Chemistry',
        code: 'ICH',
        category: 'Science',
        course: 'Industrial Chemistry',
        years: 4,
        siwes: 6,
      },
    ],
  },
  {
    name: 'Faculty of Engineering',
    code: 'ENG',
    departments: [
      {
        name: 'Electrical and Electronic Engineering',
        code: 'EEE',
        category: 'Engineering',
        course: 'Electrical and Electronic Engineering',
        years: 5,
        siwes: 6,
      },
      {
        name: 'Mechanical Engineering',
        code: 'MEE',
        category: 'Engineering',
        course: 'Mechanical Engineering',
        years: 5,
        siwes: 6,
      },
      {
        name: 'Civil Engineering',
        code: 'CVE',
        category: 'Engineering',
        course: 'Civil Engineering',
        years: 5,
        siwes: 6,
      },
    ],
  },
  {
    name: 'Faculty of Management Sciences',
    code: 'MGT',
    departments: [
      { name: 'Accountancy', code: 'ACC', category: 'Management', course: 'Accountancy', years: 4, siwes: 6 },
      {
        name: 'Business Administration',
        code: 'BUS',
        category: 'Management',
        course: 'Business Administration',
        years: 4,
        siwes: 6,
      },
      {
        name: 'Mass Communication',
        code: 'MAC',
        category: 'Arts',
        course: 'Mass Communication',
        years: 4,
        siwes: 6,
      },
    ],
  },
] as const;

/** Ids below 100 are the institution's own (10 is the acceptance fee); admins' new ones start at 100. */
export const PAYMENT_CATEGORIES = [
  { id: 1, name: 'School Fees' },
  { id: 2, name: 'Hostel Fee' },
  { id: 3, name: 'Transcript Fee' },
  { id: 4, name: 'Late Registration' },
  { id: 10, name: 'Acceptance Fee' },
] as const;

/** Items and what they cost in the 2024/2025 session, in kobo: [id, name, category, indigene, non-indigene]. */
export const PAYMENT_ITEMS: readonly [number, string, number, number, number][] = [
  [1, 'Tuition', 1, 4_500_000, 7_500_000],
  [2, 'Acceptance Fee', 10, ACCEPTANCE_FEE_KOBO, ACCEPTANCE_FEE_KOBO],
  [3, 'Registration', 1, 500_000, 500_000],
  [4, 'Medical', 1, 300_000, 300_000],
  [5, 'ICT and e-Learning', 1, 1_000_000, 1_000_000],
  [6, 'Library', 1, 200_000, 200_000],
  [7, 'Sports', 1, 150_000, 150_000],
  // Charged only to students who register late: not part of the school fees every student pays.
  [8, 'Late Registration', 4, 500_000, 500_000],
];

export async function seedInstitution(db: Db): Promise<void> {
  await db
    .insert(schoolSettings)
    .values({
      schoolId: SCHOOL_ID,
      name: 'Demo Institute of Technology',
      shortName: 'DIT',
      address: 'Km 5, Demo Road, Minna, Niger State',
      olevelMinYear: 1990,
      olevelMaxYear: 2020,
      acceptanceDays: 5,
    })
    .onConflictDoNothing();

  for (const faculty of DEMO_FACULTIES) {
    await db.insert(faculties).values({ name: faculty.name, code: faculty.code }).onConflictDoNothing();
  }
  const facultyRows = await db.select().from(faculties);
  for (const faculty of DEMO_FACULTIES) {
    const facultyId = facultyRows.find((f) => f.code === faculty.code)!.id;
    for (const d of faculty.departments) {
      await db
        .insert(departments)
        .values({ facultyId, name: d.name, code: d.code, categoryName: d.category })
        .onConflictDoNothing();
    }
  }
  const departmentRows = await db.select().from(departments);
  for (const faculty of DEMO_FACULTIES) {
    for (const d of faculty.departments) {
      const departmentId = departmentRows.find((r) => r.code === d.code)!.id;
      await db
        .insert(coursesOfStudy)
        .values({ departmentId, name: d.course, yearsToGraduate: d.years, siwesMonths: d.siwes })
        .onConflictDoNothing();
    }
  }

  await db
    .insert(levels)
    .values([100, 200, 300, 400, 500].map((n, i) => ({ name: `${n} Level`, rank: i + 1 })))
    .onConflictDoNothing();
  await db
    .insert(entryModes)
    .values([
      { id: 1, name: 'UTME' },
      { id: 2, name: 'Direct Entry' },
      { id: 3, name: 'UTME' },
    ])
    .onConflictDoNothing();

  await db.insert(academicSessions).values({ name: '2024/2025', isCurrent: true }).onConflictDoNothing();
  const [academic] = await db.select().from(academicSessions);
  await db
    .insert(admissionSessions)
    .values({
      name: '2024/2025',
      academicSessionId: academic!.id,
      isCurrent: true,
      // Spec §9: resumption 25 January 2025; registration within two weeks of it.
      resumptionDate: '2025-01-25',
      registrationClosesOn: '2025-02-08',
    })
    .onConflictDoNothing();
  const [admission] = await db.select().from(admissionSessions);
  await db
    .insert(admissionBatches)
    .values({ admissionSessionId: admission!.id, name: 'First Batch', isOpen: true })
    .onConflictDoNothing();

  await db
    .insert(paymentCategories)
    .values([...PAYMENT_CATEGORIES])
    .onConflictDoNothing();
  await db
    .insert(paymentItems)
    .values(PAYMENT_ITEMS.map(([id, name, categoryId]) => ({ id, name, categoryId })))
    .onConflictDoNothing();
  const existingFees = await db.select({ id: feeSchedule.id }).from(feeSchedule).limit(1);
  if (existingFees.length === 0) {
    await db.insert(feeSchedule).values(
      PAYMENT_ITEMS.map(([itemId, , , indigene, nonIndigene]) => ({
        sessionId: academic!.id,
        itemId,
        indigeneAmountKobo: indigene,
        nonIndigeneAmountKobo: nonIndigene,
      })),
    );
  }

  // A registration number the admissions office has listed to see its documents at once.
  await db
    .insert(listedApplicants)
    .values({ jambRegNo: '202410000099ZZ', note: 'Listed by the admissions office (demo)' })
    .onConflictDoNothing();
}

export const DEMO_PROGRAMMES = [
  { code: 'ND', name: 'National Diploma (ND)', years: 2, matric: 'DIT/ND/{YY}/{NNNN}', coreGrade: 'CD' },
  {
    code: 'HND',
    name: 'Higher National Diploma (HND)',
    years: 2,
    matric: 'DIT/HND/{YY}/{NNNN}',
    coreGrade: 'CD',
  },
  { code: 'BSC', name: 'Bachelor of Science (B.Sc.)', years: 4, matric: 'DIT/{YYYY}/{NNNN}', coreGrade: 'C' },
  {
    code: 'BENG',
    name: 'Bachelor of Engineering (B.Eng.)',
    years: 5,
    matric: 'DIT/ENG/{YYYY}/{NNNN}',
    coreGrade: 'C',
  },
] as const;

const SCHOOL_UNITS: readonly [string, 'Unit' | 'Directorate' | 'Centre' | 'Office', string][] = [
  ['Registry', 'Office', 'Registrar'],
  ['Bursary', 'Office', 'Bursar'],
  ['Library', 'Unit', 'Librarian'],
  ['ICT Directorate', 'Directorate', 'Director of ICT'],
  ['Works and Services', 'Directorate', 'Director of Works'],
  ['Student Affairs', 'Unit', 'Dean of Student Affairs'],
  ['Academic Planning', 'Unit', 'Director of Academic Planning'],
  ['Admissions Office', 'Office', 'Admissions Officer'],
  ['SIWES Unit', 'Unit', 'SIWES Coordinator'],
  ['Medical Centre', 'Centre', 'Chief Medical Officer'],
  ['Centre for Entrepreneurship Development', 'Centre', 'Director'],
];

const QUALIFICATIONS: readonly [string, string][] = [
  ['OLEVEL', "O'Level (WASSCE, SSCE, NABTEB, GCE)"],
  ['ALEVEL', "A'Level (GCE Advanced Level, IJMB, JUPEB)"],
  ['ND', 'National Diploma (ND)'],
  ['NCE', 'Nigeria Certificate in Education (NCE)'],
  ['HND', 'Higher National Diploma (HND)'],
  ['BSC', 'Bachelor of Science (B.Sc.)'],
  ['BENG', 'Bachelor of Engineering (B.Eng.)'],
  ['BTECH', 'Bachelor of Technology (B.Tech.)'],
  ['PGD', 'Postgraduate Diploma (PGD)'],
  ['MSC', 'Master of Science (M.Sc.)'],
  ['PHD', 'Doctor of Philosophy (Ph.D.)'],
];

const OFFICIALS: readonly [string, string, string][] = [
  ['Rector', 'Prof. Abdulkadir M. Garba', 'B.Eng., M.Eng., Ph.D., FNSE'],
  ['Deputy Rector (Academics)', 'Dr. Funke O. Adeyemo', 'B.Sc., M.Sc., Ph.D.'],
  ['Registrar', 'Mrs. Ngozi C. Okonkwo', 'B.A., MPA, FCAI'],
  ['Bursar', 'Mr. Oluwaseun A. Bakare', 'B.Sc., MBA, FCA'],
  ['Librarian', 'Dr. Hauwa I. Mohammed', 'BLIS, MLS, Ph.D.'],
];

const DISCUSSION_TYPES: readonly [string, string][] = [
  ['General', 'Anything about school life, open to all students.'],
  ['Question', 'A question for classmates and lecturers; a lecturer may mark the answer.'],
  ['Announcement', 'News for everyone in the discussion.'],
  ['Course', 'Questions and answers about a course, its lectures and assignments.'],
  ['Project', 'Final-year project topics, supervision and progress.'],
  ['SIWES', 'Industrial training placements, logbooks and supervisors.'],
  ['Examinations', 'Timetables, venues and results.'],
];

const SCHOOL_INFORMATION = {
  email: 'info@demo.edu.ng',
  phone: '+234 803 000 1234',
  website: 'https://www.demo.edu.ng',
  motto: 'Knowledge, Skill and Service',
};

/** Programme code → id, for the demo programmes. */
export async function programmeIds(db: Db): Promise<(code: string) => number> {
  const rows = await db
    .select()
    .from(programmes)
    .where(
      inArray(
        programmes.code,
        DEMO_PROGRAMMES.map((p) => p.code),
      ),
    );
  return (code) => rows.find((p) => p.code === code)!.id;
}

/** Programmes, their matric number formats, and the programme of each course of study that has none. */
export async function seedProgrammes(db: Db): Promise<void> {
  const departmentRows = await db.select().from(departments);
  await db
    .insert(programmes)
    .values(DEMO_PROGRAMMES.map(({ code, name, years }) => ({ code, name, years })))
    .onConflictDoNothing();
  const programmeId = await programmeIds(db);
  await db
    .insert(matricNumberFormats)
    .values(DEMO_PROGRAMMES.map((p) => ({ programmeId: programmeId(p.code), pattern: p.matric })))
    .onConflictDoNothing();
  // Engineering courses of study are B.Eng.; science and management ones B.Sc.
  for (const [category, programme] of [
    ['Engineering', 'BENG'],
    [null, 'BSC'],
  ] as const) {
    const ids = departmentRows
      .filter((d) => (category ? d.categoryName === category : d.categoryName !== 'Engineering'))
      .map((d) => d.id);
    if (ids.length === 0) continue;
    await db
      .update(coursesOfStudy)
      .set({ programmeId: programmeId(programme) })
      .where(and(isNull(coursesOfStudy.programmeId), inArray(coursesOfStudy.departmentId, ids)));
  }
}

/** School units, qualifications, officials, discussion types and the school's contact details. */
export async function seedSchoolLists(db: Db): Promise<void> {
  await db
    .insert(schoolUnits)
    .values(SCHOOL_UNITS.map(([name, kind, headTitle]) => ({ name, kind, headTitle })))
    .onConflictDoNothing();
  await db
    .insert(qualifications)
    .values(QUALIFICATIONS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(schoolOfficials)
    .values(
      OFFICIALS.map(([office, name, qualifications], i) => ({
        office,
        name,
        qualifications,
        position: i + 1,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(discussionTypes)
    .values(DISCUSSION_TYPES.map(([name, description]) => ({ name, description })))
    .onConflictDoNothing();
  const [school] = await db.select().from(schoolSettings).where(eq(schoolSettings.schoolId, SCHOOL_ID));
  if (school) {
    // Only the details still empty: an admin's own are kept.
    const missing = Object.fromEntries(
      Object.entries(SCHOOL_INFORMATION).filter(([key]) => !school[key as keyof typeof SCHOOL_INFORMATION]),
    );
    if (Object.keys(missing).length)
      await db.update(schoolSettings).set(missing).where(eq(schoolSettings.schoolId, SCHOOL_ID));
  }
}
