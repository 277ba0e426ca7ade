import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { SCHOOL_ID } from '@portal/contracts';
import type { Db } from '../client.js';
import { institutionToday } from '../../platform/time.js';
import {
  academicSessions,
  blocks,
  campuses,
  coreGrades,
  courseLecturers,
  courses,
  coursesOfStudy,
  degreeClasses,
  departmentCourses,
  departments,
  departmentTuition,
  discussionTypes,
  feeSchedule,
  gradePoints,
  grades,
  gradeScales,
  hostels,
  itemSchedules,
  levels,
  matricNumberFormats,
  paymentItems,
  prerequisites,
  programmes,
  qualifications,
  registrationLimits,
  rooms,
  schoolOfficials,
  schoolSettings,
  schoolUnits,
  scoreItems,
  scoreSchemes,
  semesterRegistrations,
  semesters,
  staff,
  timetable,
} from '../schema/index.js';

/**
 * The demo institution's set-up, real-looking: programmes and matric number formats, the
 * 2024/2025 calendar, school units, qualifications, the course catalogue (every level and
 * semester of Computer Science, a few courses elsewhere), prerequisites, staff, lecturers, unit
 * limits, a first-semester timetable, the grading scales, fees, the hostels and the school's
 * officials. Idempotent: rows are inserted by their unique keys (a second run adds nothing), and
 * the sets the server's rules govern as a whole (grade bands, classes of degree, score items, the
 * timetable, prerequisites) are seeded only where none exist, so a re-run never breaks a rule
 * against what an admin has set up since.
 */

const SESSION = '2024/2025';
const LEVELS = ['100 Level', '200 Level', '300 Level', '400 Level'] as const;
type Term = 'First' | 'Second';
type CourseType = 'Compulsory' | 'Elective';

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

export const DEMO_SEMESTERS = [
  { name: '2024/2025 First Semester', term: 'First', startDate: '2024-10-07', endDate: '2025-02-28' },
  { name: '2024/2025 Second Semester', term: 'Second', startDate: '2025-03-17', endDate: '2025-07-31' },
] as const;

/**
 * Registration windows of the two semesters, around the day the demo is installed: the first
 * semester's is open (a week old, closing in five weeks, late registration two weeks more, add/drop
 * until then), the second's opens in four months. Late registration costs ₦5,000.
 */
export function demoRegistrationWindows(today = institutionToday()) {
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return [
    { opensOn: day(-7), closesOn: day(35), lateClosesOn: day(49), addDropClosesOn: day(49), isOpen: true },
    {
      opensOn: day(120),
      closesOn: day(148),
      lateClosesOn: day(162),
      addDropClosesOn: day(162),
      isOpen: false,
    },
  ] as const;
}
const LATE_REGISTRATION_FEE_KOBO = 500_000;

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

/** [code, title, units, type] of one level's semester; C compulsory, E elective. */
type CourseRow = readonly [string, string, number, 'C' | 'E'];
type Catalogue = Record<string, Partial<Record<(typeof LEVELS)[number], Record<Term, readonly CourseRow[]>>>>;

/**
 * The course catalogue by department code, level and semester. Computer Science has every level
 * and semester (general studies, mathematics and physics courses are listed under it for
 * simplicity); the other departments have a few courses each.
 */
export const DEMO_COURSES: Catalogue = {
  CSC: {
    '100 Level': {
      First: [
        ['CSC 101', 'Introduction to Computer Science', 3, 'C'],
        ['CSC 103', 'Introduction to Computing Applications', 2, 'C'],
        ['MTH 101', 'Elementary Mathematics I (Algebra and Trigonometry)', 3, 'C'],
        ['PHY 101', 'General Physics I (Mechanics)', 3, 'C'],
        ['PHY 107', 'General Physics Laboratory I', 1, 'C'],
        ['CHM 101', 'General Chemistry I', 3, 'C'],
        ['GST 111', 'Communication in English', 2, 'C'],
        ['GST 113', 'Nigerian Peoples and Culture', 2, 'C'],
        ['STA 111', 'Descriptive Statistics', 3, 'E'],
        ['BIO 101', 'General Biology I', 3, 'E'],
      ],
      Second: [
        ['CSC 102', 'Introduction to Problem Solving', 3, 'C'],
        ['CSC 104', 'Introduction to Digital Systems', 2, 'C'],
        ['MTH 102', 'Elementary Mathematics II (Calculus)', 3, 'C'],
        ['MTH 104', 'Elementary Mathematics III (Vectors and Geometry)', 2, 'C'],
        ['PHY 102', 'General Physics II (Electricity and Magnetism)', 3, 'C'],
        ['PHY 108', 'General Physics Laboratory II', 1, 'C'],
        ['GST 112', 'Philosophy, Logic and Human Existence', 2, 'C'],
        ['GST 114', 'History and Philosophy of Science', 2, 'C'],
        ['CHM 102', 'General Chemistry II', 3, 'E'],
        ['STA 112', 'Probability I', 3, 'E'],
      ],
    },
    '200 Level': {
      First: [
        ['CSC 201', 'Computer Programming I', 3, 'C'],
        ['CSC 203', 'Discrete Structures', 3, 'C'],
        ['CSC 205', 'Digital Logic Design', 2, 'C'],
        ['CSC 211', 'Introduction to Software Engineering', 2, 'C'],
        ['MTH 201', 'Mathematical Methods I', 3, 'C'],
        ['MTH 203', 'Linear Algebra I', 3, 'C'],
        ['GST 211', 'Environment and Sustainable Development', 2, 'C'],
        ['ENT 211', 'Entrepreneurship and Innovation', 2, 'C'],
        ['STA 201', 'Statistics for Physical Sciences', 3, 'E'],
      ],
      Second: [
        ['CSC 202', 'Computer Programming II', 3, 'C'],
        ['CSC 204', 'Fundamentals of Data Structures', 3, 'C'],
        ['CSC 206', 'Computer Architecture and Organisation', 3, 'C'],
        ['CSC 212', 'Numerical Methods I', 3, 'C'],
        ['MTH 202', 'Elementary Differential Equations', 3, 'C'],
        ['GST 212', 'Peace and Conflict Resolution', 2, 'C'],
        ['ENT 212', 'Venture Creation', 2, 'C'],
        ['CSC 208', 'Introduction to Web Technologies', 2, 'E'],
        ['MTH 204', 'Linear Algebra II', 2, 'E'],
      ],
    },
    '300 Level': {
      First: [
        ['CSC 301', 'Structured Programming', 3, 'C'],
        ['CSC 303', 'Design and Analysis of Algorithms', 3, 'C'],
        ['CSC 305', 'Operating Systems I', 3, 'C'],
        ['CSC 307', 'Database Design and Management', 3, 'C'],
        ['CSC 309', 'Computer Networks', 3, 'C'],
        ['CSC 311', 'Object-Oriented Programming', 3, 'C'],
        ['CSC 313', 'Automata Theory, Computability and Formal Languages', 3, 'C'],
        ['CSC 315', 'Web Application Development', 2, 'E'],
        ['CSC 317', 'Human-Computer Interaction', 2, 'E'],
      ],
      Second: [
        ['CSC 302', 'Systems Analysis and Design', 3, 'C'],
        ['CSC 304', 'Compiler Construction', 3, 'C'],
        ['CSC 306', 'Operating Systems II', 3, 'C'],
        ['CSC 308', 'Software Engineering', 3, 'C'],
        ['CSC 312', 'Artificial Intelligence', 3, 'C'],
        ['CSC 314', 'Data Communication', 2, 'C'],
        ['CSC 398', 'Industrial Training (SIWES)', 3, 'C'],
        ['CSC 310', 'Computer Graphics and Visualisation', 3, 'E'],
        ['CSC 316', 'Mobile Application Development', 2, 'E'],
      ],
    },
    '400 Level': {
      First: [
        ['CSC 401', 'Algorithms and Complexity Analysis', 3, 'C'],
        ['CSC 403', 'Project Management', 2, 'C'],
        ['CSC 405', 'Organisation of Programming Languages', 3, 'C'],
        ['CSC 407', 'Information Security', 3, 'C'],
        ['CSC 409', 'Research Methodology', 2, 'C'],
        ['CSC 417', 'Computer Modelling and Simulation', 3, 'C'],
        ['CSC 411', 'Machine Learning', 3, 'E'],
        ['CSC 413', 'Distributed Systems', 3, 'E'],
        ['CSC 415', 'Cloud Computing', 2, 'E'],
      ],
      Second: [
        ['CSC 402', 'Ethics and Legal Issues in Computing', 2, 'C'],
        ['CSC 414', 'Performance Evaluation of Computer Systems', 3, 'C'],
        ['CSC 416', 'Special Topics in Computer Science', 2, 'C'],
        ['CSC 499', 'Project', 6, 'C'],
        ['CSC 404', 'Formal Methods and Software Development', 3, 'E'],
        ['CSC 406', 'Data Mining and Warehousing', 3, 'E'],
        ['CSC 408', 'Network Administration', 2, 'E'],
        ['CSC 412', 'Expert Systems', 3, 'E'],
        ['CSC 418', 'Big Data Analytics', 2, 'E'],
      ],
    },
  },
  MCB: {
    '200 Level': {
      First: [['MCB 201', 'General Microbiology', 3, 'C']],
      Second: [['MCB 202', 'Microbial Physiology', 3, 'C']],
    },
    '300 Level': { First: [['MCB 301', 'Bacteriology', 3, 'C']], Second: [] },
  },
  ICH: {
    '200 Level': {
      First: [['ICH 201', 'Introduction to Industrial Chemistry', 3, 'C']],
      Second: [['ICH 202', 'Chemical Process Calculations', 3, 'C']],
    },
    '300 Level': { First: [['ICH 301', 'Unit Operations I', 3, 'C']], Second: [] },
  },
  EEE: {
    '200 Level': {
      First: [['EEE 201', 'Applied Electricity I', 3, 'C']],
      Second: [['EEE 202', 'Applied Electricity II', 3, 'C']],
    },
    '300 Level': {
      First: [
        ['EEE 301', 'Electromagnetic Fields and Waves', 3, 'C'],
        ['EEE 305', 'Electrical Machines I', 3, 'C'],
      ],
      Second: [],
    },
  },
  MEE: {
    '200 Level': {
      First: [['MEE 201', 'Engineering Drawing I', 2, 'C']],
      Second: [['MEE 202', 'Engineering Drawing II', 2, 'C']],
    },
    '300 Level': { First: [['MEE 301', 'Engineering Thermodynamics I', 3, 'C']], Second: [] },
  },
  CVE: {
    '200 Level': {
      First: [['CVE 201', 'Strength of Materials I', 3, 'C']],
      Second: [['CVE 202', 'Engineering Geology', 2, 'C']],
    },
    '300 Level': { First: [['CVE 301', 'Structural Analysis I', 3, 'C']], Second: [] },
  },
  ACC: {
    '100 Level': {
      First: [['ACC 101', 'Principles of Accounting I', 3, 'C']],
      Second: [['ACC 102', 'Principles of Accounting II', 3, 'C']],
    },
    '200 Level': { First: [['ACC 201', 'Financial Accounting I', 3, 'C']], Second: [] },
  },
  BUS: {
    '100 Level': {
      First: [['BUS 101', 'Introduction to Business', 2, 'C']],
      Second: [['BUS 102', 'Principles of Management', 3, 'C']],
    },
    '200 Level': { First: [['BUS 201', 'Business Statistics', 3, 'C']], Second: [] },
  },
  MAC: {
    '100 Level': {
      First: [['MAC 101', 'Introduction to Mass Communication', 3, 'C']],
      Second: [['MAC 102', 'History of the Nigerian Mass Media', 2, 'C']],
    },
    '200 Level': { First: [['MAC 201', 'News Writing and Reporting', 3, 'C']], Second: [] },
  },
};

/** [course, prerequisite]: each points at an earlier semester, so there is no cycle. */
export const DEMO_PREREQUISITES: readonly [string, string][] = [
  ['CSC 102', 'CSC 101'],
  ['CSC 201', 'CSC 102'],
  ['CSC 202', 'CSC 201'],
  ['CSC 204', 'CSC 201'],
  ['CSC 301', 'CSC 201'],
  ['CSC 311', 'CSC 202'],
  ['CSC 303', 'CSC 204'],
  ['CSC 306', 'CSC 305'],
  ['CSC 304', 'CSC 313'],
  ['CSC 499', 'CSC 409'],
  ['MTH 102', 'MTH 101'],
  ['MTH 202', 'MTH 102'],
  ['PHY 102', 'PHY 101'],
];

/** Staff: [number, title, first name, last name, department code, designation]. */
export const DEMO_STAFF: readonly [
  string,
  'Mr' | 'Mrs' | 'Miss' | 'Dr' | 'Prof' | 'Engr',
  string,
  string,
  string,
  string,
][] = [
  ['DIT/SP/0001', 'Prof', 'Musa', 'Abdullahi', 'CSC', 'Professor and Head of Department'],
  ['DIT/SP/0002', 'Dr', 'Chiamaka', 'Obi', 'CSC', 'Senior Lecturer'],
  ['DIT/SP/0003', 'Dr', 'Olumide', 'Adebayo', 'CSC', 'Senior Lecturer'],
  ['DIT/SP/0004', 'Mrs', 'Zainab', 'Lawal', 'CSC', 'Lecturer I'],
  ['DIT/SP/0005', 'Mr', 'Ifeanyi', 'Nwachukwu', 'CSC', 'Lecturer II'],
  ['DIT/SP/0006', 'Miss', 'Blessing', 'Etim', 'CSC', 'Assistant Lecturer'],
  ['DIT/SP/0007', 'Engr', 'Kabiru', 'Sani', 'EEE', 'Lecturer I'],
  ['DIT/SP/0008', 'Dr', 'Yetunde', 'Afolabi', 'MCB', 'Senior Lecturer'],
  ['DIT/SP/0009', 'Dr', 'Emeka', 'Ugwu', 'ICH', 'Lecturer I'],
  ['DIT/SP/0010', 'Mrs', 'Grace', 'Akpan', 'MAC', 'Lecturer II'],
  ['DIT/SP/0011', 'Mr', 'Sadiq', 'Danjuma', 'ACC', 'Lecturer I'],
  ['DIT/SP/0012', 'Dr', 'Rukayat', 'Olaniyan', 'BUS', 'Senior Lecturer'],
];

/** Who teaches a course, by the prefix of its code: the department whose staff take it. */
const TEACHING_DEPARTMENT: Record<string, string> = {
  CSC: 'CSC',
  MTH: 'CSC',
  STA: 'CSC',
  PHY: 'EEE',
  CHM: 'ICH',
  BIO: 'MCB',
  GST: 'MAC',
  ENT: 'BUS',
};

/** Courses with an assistant lecturer besides the lead (large first-year classes, the project). */
const ASSISTED = ['CSC 101', 'CSC 102', 'CSC 499'];

const TIMETABLE_VENUES: Record<(typeof LEVELS)[number], string> = {
  '100 Level': 'Lecture Theatre 1',
  '200 Level': 'Lecture Theatre 2',
  '300 Level': 'CSC Hall A',
  '400 Level': 'CSC Hall B',
};
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
const PERIODS = [
  ['08:00', '10:00'],
  ['10:00', '12:00'],
  ['12:00', '14:00'],
  ['14:00', '16:00'],
] as const;

export const DEMO_GRADES: readonly [string, string, boolean][] = [
  ['A', 'Excellent', true],
  ['AB', 'Very Good', true],
  ['B', 'Good', true],
  ['BC', 'Above Average', true],
  ['C', 'Average', true],
  ['CD', 'Fair', true],
  ['D', 'Pass', true],
  ['E', 'Poor Pass', true],
  ['F', 'Fail', false],
];

export const FIVE_POINT_SCALE = '5-point university scale';
export const FOUR_POINT_SCALE = '4-point polytechnic scale';

/** [grade, lowest score, highest score, grade point] of each scale (domain.md for the 5-point scale). */
export const DEMO_BANDS: Record<string, readonly [string, number, number, number][]> = {
  [FIVE_POINT_SCALE]: [
    ['A', 70, 100, 5],
    ['B', 60, 69, 4],
    ['C', 50, 59, 3],
    ['D', 45, 49, 2],
    ['E', 40, 44, 1],
    ['F', 0, 39, 0],
  ],
  [FOUR_POINT_SCALE]: [
    ['A', 75, 100, 4],
    ['AB', 70, 74, 3.5],
    ['B', 65, 69, 3.25],
    ['BC', 60, 64, 3],
    ['C', 55, 59, 2.75],
    ['CD', 50, 54, 2.5],
    ['D', 45, 49, 2.25],
    ['E', 40, 44, 2],
    ['F', 0, 39, 0],
  ],
};

/** Classes of degree (diploma) per scale: contiguous, 0.01 apart, never overlapping. */
export const DEMO_DEGREE_CLASSES: Record<string, readonly [string, number, number][]> = {
  [FIVE_POINT_SCALE]: [
    ['First Class', 4.5, 5],
    ['Second Class Upper', 3.5, 4.49],
    ['Second Class Lower', 2.4, 3.49],
    ['Third Class', 1.5, 2.39],
    ['Pass', 1, 1.49],
  ],
  [FOUR_POINT_SCALE]: [
    ['Distinction', 3.5, 4],
    ['Upper Credit', 3, 3.49],
    ['Lower Credit', 2.5, 2.99],
    ['Pass', 2, 2.49],
  ],
};

export const DEMO_SCORE_SCHEMES: readonly {
  name: string;
  isActive: boolean;
  items: readonly [string, number][];
}[] = [
  {
    name: 'Standard (CA 30, Exam 70)',
    isActive: true,
    items: [
      ['CA 1', 15],
      ['CA 2', 15],
      ['Examination', 70],
    ],
  },
  // Being drawn up by the senate committee: incomplete, so not active.
  {
    name: 'Practical courses',
    isActive: false,
    items: [
      ['Laboratory reports', 20],
      ['Practical examination', 40],
    ],
  },
];

/** Payment items of the categories added in institution.ts (Hostel Fee 2, Transcript Fee 3, Late Registration 4). */
const EXTRA_PAYMENT_ITEMS: readonly [number, string, number][] = [
  [9, 'Hostel Accommodation', 2],
  [11, 'Transcript (within Nigeria)', 3],
  [12, 'Transcript (outside Nigeria)', 3],
  [13, 'Late Course Registration', 4],
];

/** Computer Science tuition per level, in kobo: [level, indigene, non-indigene]. */
export const CSC_TUITION: readonly [(typeof LEVELS)[number], number, number][] = [
  ['100 Level', 5_000_000, 8_500_000],
  ['200 Level', 4_500_000, 8_000_000],
  ['300 Level', 4_500_000, 8_000_000],
  ['400 Level', 4_750_000, 8_250_000],
];

/**
 * School-fee items per level, in kobo: [item id, level, indigene, non-indigene]. The 100-level
 * amounts are the session-wide ones (institution.ts), so what an applicant is shown is the same.
 */
export const LEVEL_FEES: readonly [number, (typeof LEVELS)[number], number, number][] = LEVELS.flatMap(
  (level, i) =>
    [
      [
        1,
        level,
        [4_500_000, 4_000_000, 4_000_000, 4_250_000][i]!,
        [7_500_000, 7_000_000, 7_000_000, 7_250_000][i]!,
      ],
      [3, level, 500_000, 500_000],
      [4, level, 300_000, 300_000],
      [5, level, i === 0 ? 1_000_000 : 750_000, i === 0 ? 1_000_000 : 750_000],
      [6, level, 200_000, 200_000],
      [7, level, 150_000, 150_000],
    ] as const,
);

const OFFICIALS: readonly [string, string, string][] = [
  ['Rector', 'Prof. Abdulkadir M. Garba', 'B.Eng., M.Eng., Ph.D., FNSE'],
  ['Deputy Rector (Academics)', 'Dr. Funke O. Adeyemo', 'B.Sc., M.Sc., Ph.D.'],
  ['Registrar', 'Mrs. Ngozi C. Okonkwo', 'B.A., MPA, FCAI'],
  ['Bursar', 'Mr. Oluwaseun A. Bakare', 'B.Sc., MBA, FCA'],
  ['Librarian', 'Dr. Hauwa I. Mohammed', 'BLIS, MLS, Ph.D.'],
];

const DISCUSSION_TYPES: readonly [string, string][] = [
  ['General', 'Anything about school life, open to all students.'],
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

export async function seedSetup(db: Db): Promise<void> {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, SESSION));
  if (!session) return;
  const levelRows = await db
    .select()
    .from(levels)
    .where(inArray(levels.name, [...LEVELS]));
  const levelId = (name: string) => levelRows.find((l) => l.name === name)!.id;
  const departmentRows = await db.select().from(departments);
  const departmentId = (c: string) => departmentRows.find((d) => d.code === c)!.id;

  await seedCalendar(db, session);
  const programmeId = await seedProgrammes(db, departmentRows);
  await seedSchoolLists(db);
  const courseId = await seedCourses(db, levelId, departmentId);
  await seedTeaching(db, session.id, levelId, departmentId, programmeId, courseId);
  await seedGrading(db, programmeId);
  await seedFinance(db, session.id, levelId, departmentId);
  await seedLevelFees(db);
  await seedHostels(db);
}

/** The session's dates, its two semesters (the first current) and their registration windows. */
async function seedCalendar(db: Db, session: typeof academicSessions.$inferSelect): Promise<void> {
  if (!session.startDate || !session.endDate) {
    await db
      .update(academicSessions)
      .set({
        startDate: session.startDate ?? DEMO_SEMESTERS[0].startDate,
        endDate: session.endDate ?? DEMO_SEMESTERS[1].endDate,
      })
      .where(eq(academicSessions.id, session.id));
  }
  const [current] = await db.select({ n: count() }).from(semesters).where(eq(semesters.isCurrent, true));
  await db
    .insert(semesters)
    .values(
      DEMO_SEMESTERS.map((s, i) => ({ ...s, sessionId: session.id, isCurrent: i === 0 && !current?.n })),
    )
    .onConflictDoNothing();
  const semesterRows = await db
    .select()
    .from(semesters)
    .where(
      inArray(
        semesters.name,
        DEMO_SEMESTERS.map((s) => s.name),
      ),
    );
  await db
    .insert(semesterRegistrations)
    .values(
      DEMO_SEMESTERS.map((s, i) => ({
        semesterId: semesterRows.find((r) => r.name === s.name)!.id,
        ...demoRegistrationWindows()[i]!,
        lateFeeKobo: LATE_REGISTRATION_FEE_KOBO,
      })),
    )
    .onConflictDoNothing();
}

/** Programmes, their matric number formats, and the programme of each course of study that has none. */
async function seedProgrammes(
  db: Db,
  departmentRows: (typeof departments.$inferSelect)[],
): Promise<(code: string) => number> {
  await db
    .insert(programmes)
    .values(DEMO_PROGRAMMES.map(({ code, name, years }) => ({ code, name, years })))
    .onConflictDoNothing();
  const rows = await db
    .select()
    .from(programmes)
    .where(
      inArray(
        programmes.code,
        DEMO_PROGRAMMES.map((p) => p.code),
      ),
    );
  const programmeId = (c: string) => rows.find((p) => p.code === c)!.id;
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
  return programmeId;
}

/** School units, qualifications, officials, discussion types and the school's contact details. */
async function seedSchoolLists(db: Db): Promise<void> {
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

/** Every course of the catalogue with its department code, level, semester and type. */
function catalogueRows() {
  return Object.entries(DEMO_COURSES).flatMap(([department, byLevel]) =>
    Object.entries(byLevel).flatMap(([level, bySemester]) =>
      (['First', 'Second'] as const).flatMap((semester) =>
        (bySemester?.[semester] ?? []).map(([code, title, units, type]) => ({
          department,
          level,
          semester,
          code,
          title,
          units,
          type: (type === 'C' ? 'Compulsory' : 'Elective') as CourseType,
        })),
      ),
    ),
  );
}

/** The courses and their prerequisites; returns code → id. */
async function seedCourses(
  db: Db,
  levelId: (name: string) => number,
  departmentId: (code: string) => number,
): Promise<(code: string) => number> {
  const catalogue = catalogueRows();
  await db
    .insert(courses)
    .values(
      catalogue.map((c) => ({
        code: c.code,
        title: c.title,
        units: c.units,
        levelId: levelId(c.level),
        semester: c.semester,
        departmentId: departmentId(c.department),
        type: c.type,
      })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: courses.id, code: courses.code })
    .from(courses)
    .where(
      inArray(
        courses.code,
        catalogue.map((c) => c.code),
      ),
    );
  const courseId = (c: string) => rows.find((r) => r.code === c)!.id;
  // Prerequisites as a set, only while there are none: a re-run cannot close a cycle an admin's
  // own prerequisites would make with these.
  const [existing] = await db.select({ n: count() }).from(prerequisites);
  if (!existing?.n) {
    await db
      .insert(prerequisites)
      .values(
        DEMO_PREREQUISITES.map(([course, prerequisite]) => ({
          courseId: courseId(course),
          prerequisiteId: courseId(prerequisite),
        })),
      )
      .onConflictDoNothing();
  }
  return courseId;
}

/**
 * Staff, the 2024/2025 lecturers and department offerings of Computer Science, unit limits per
 * programme, level and semester, and a first-semester timetable without clashes.
 */
async function seedTeaching(
  db: Db,
  sessionId: number,
  levelId: (name: string) => number,
  departmentId: (code: string) => number,
  programmeId: (code: string) => number,
  courseId: (code: string) => number,
): Promise<void> {
  await db
    .insert(staff)
    .values(
      DEMO_STAFF.map(([staffNumber, title, firstName, lastName, department, designation], i) => ({
        staffNumber,
        title,
        firstName,
        lastName,
        email: `${firstName}.${lastName}@demo.edu.ng`.toLowerCase(),
        phone: `0803${String(5550101 + i).padStart(7, '0')}`,
        departmentId: departmentId(department),
        designation,
      })),
    )
    .onConflictDoNothing();
  const staffRows = await db
    .select({ id: staff.id, staffNumber: staff.staffNumber })
    .from(staff)
    .where(
      inArray(
        staff.staffNumber,
        DEMO_STAFF.map((s) => s[0]),
      ),
    );
  const staffId = (n: string) => staffRows.find((s) => s.staffNumber === n)!.id;
  const pools = new Map<string, string[]>();
  for (const [number, , , , department] of DEMO_STAFF)
    pools.set(department, [...(pools.get(department) ?? []), number]);

  // Computer Science's courses: a lead lecturer each, turn about within the teaching department.
  const csc = catalogueRows().filter((c) => c.department === 'CSC');
  const turns = new Map<string, number>();
  const lead = new Map<string, number>();
  for (const c of csc) {
    const pool = pools.get(TEACHING_DEPARTMENT[c.code.slice(0, 3)] ?? 'CSC')!;
    const turn = turns.get(pool[0]!) ?? 0;
    turns.set(pool[0]!, turn + 1);
    lead.set(c.code, staffId(pool[turn % pool.length]!));
  }
  const assistant = staffId('DIT/SP/0006');
  await db
    .insert(courseLecturers)
    .values([
      ...csc.map((c) => ({
        courseId: courseId(c.code),
        staffId: lead.get(c.code)!,
        sessionId,
        role: 'Lead',
      })),
      ...ASSISTED.filter((c) => lead.get(c) !== assistant).map((c) => ({
        courseId: courseId(c),
        staffId: assistant,
        sessionId,
        role: 'Assistant',
      })),
    ])
    .onConflictDoNothing();
  await db
    .insert(departmentCourses)
    .values(
      csc.map((c) => ({
        departmentId: departmentId('CSC'),
        sessionId,
        levelId: levelId(c.level),
        semester: c.semester,
        courseId: courseId(c.code),
        type: c.type,
      })),
    )
    .onConflictDoNothing();

  await db
    .insert(registrationLimits)
    .values(
      DEMO_PROGRAMMES.flatMap((p) =>
        LEVELS.flatMap((level) =>
          (['First', 'Second'] as const).map((semester) => ({
            programmeId: programmeId(p.code),
            levelId: levelId(level),
            semester,
            minUnits: 15,
            maxUnits: 24,
          })),
        ),
      ),
    )
    .onConflictDoNothing();

  // The first semester's timetable, only while it has none: each level keeps its own venue and no
  // two of its classes meet at once, and no lecturer is in two places at a time.
  const [first] = await db.select().from(semesters).where(eq(semesters.name, DEMO_SEMESTERS[0].name));
  if (!first) return;
  const [scheduled] = await db
    .select({ n: count() })
    .from(timetable)
    .where(eq(timetable.semesterId, first.id));
  if (scheduled?.n) return;
  const slots = WEEKDAYS.flatMap((day) =>
    PERIODS.map(([startTime, endTime]) => ({ day, startTime, endTime })),
  );
  const busy = new Set<string>();
  const entries: (typeof timetable.$inferInsert)[] = [];
  for (const c of csc.filter((x) => x.semester === 'First')) {
    const venue = TIMETABLE_VENUES[c.level as (typeof LEVELS)[number]];
    const lecturer = lead.get(c.code)!;
    const slot = slots.find(
      (s) =>
        !busy.has(`${venue}|${s.day}|${s.startTime}`) && !busy.has(`${lecturer}|${s.day}|${s.startTime}`),
    );
    if (!slot) continue;
    busy.add(`${venue}|${slot.day}|${slot.startTime}`);
    busy.add(`${lecturer}|${slot.day}|${slot.startTime}`);
    entries.push({ semesterId: first.id, courseId: courseId(c.code), ...slot, venue, staffId: lecturer });
  }
  if (entries.length) await db.insert(timetable).values(entries).onConflictDoNothing();
}

/** Grades, the two scales with their bands and classes, core grades and the assessment schemes. */
async function seedGrading(db: Db, programmeId: (code: string) => number): Promise<void> {
  await db
    .insert(grades)
    .values(DEMO_GRADES.map(([code, description, isPass]) => ({ code, description, isPass })))
    .onConflictDoNothing();
  const gradeRows = await db.select({ id: grades.id, code: grades.code }).from(grades);
  const gradeId = (c: string) => gradeRows.find((g) => g.code === c)!.id;

  const [hasDefault] = await db
    .select({ n: count() })
    .from(gradeScales)
    .where(eq(gradeScales.isDefault, true));
  await db
    .insert(gradeScales)
    .values([
      { name: FIVE_POINT_SCALE, maxPoint: 5, isDefault: !hasDefault?.n },
      { name: FOUR_POINT_SCALE, maxPoint: 4, isDefault: false },
    ])
    .onConflictDoNothing();
  const scaleRows = await db
    .select({ id: gradeScales.id, name: gradeScales.name })
    .from(gradeScales)
    .where(inArray(gradeScales.name, [FIVE_POINT_SCALE, FOUR_POINT_SCALE]));
  for (const scale of scaleRows) {
    // Bands and classes as whole sets, only on a scale that has none (they must not overlap).
    const [bands] = await db
      .select({ n: count() })
      .from(gradePoints)
      .where(eq(gradePoints.scaleId, scale.id));
    if (!bands?.n)
      await db.insert(gradePoints).values(
        DEMO_BANDS[scale.name]!.map(([grade, minScore, maxScore, point]) => ({
          scaleId: scale.id,
          gradeId: gradeId(grade),
          minScore,
          maxScore,
          point,
        })),
      );
    const [classes] = await db
      .select({ n: count() })
      .from(degreeClasses)
      .where(eq(degreeClasses.scaleId, scale.id));
    if (!classes?.n)
      await db.insert(degreeClasses).values(
        DEMO_DEGREE_CLASSES[scale.name]!.map(([name, minCgpa, maxCgpa]) => ({
          scaleId: scale.id,
          name,
          minCgpa,
          maxCgpa,
        })),
      );
  }

  await db
    .insert(coreGrades)
    .values(DEMO_PROGRAMMES.map((p) => ({ programmeId: programmeId(p.code), gradeId: gradeId(p.coreGrade) })))
    .onConflictDoNothing();

  for (const scheme of DEMO_SCORE_SCHEMES) {
    const [inserted] = await db
      .insert(scoreSchemes)
      .values({ name: scheme.name, isActive: scheme.isActive })
      .onConflictDoNothing()
      .returning({ id: scoreSchemes.id });
    // The items come with a new scheme only: an existing one keeps the items its admins gave it.
    if (inserted)
      await db
        .insert(scoreItems)
        .values(
          scheme.items.map(([name, weight], i) => ({ schemeId: inserted.id, name, weight, position: i + 1 })),
        );
  }
}

/** Payment items of the new categories, Computer Science tuition, and the School Fees instalment rule. */
async function seedFinance(
  db: Db,
  sessionId: number,
  levelId: (name: string) => number,
  departmentId: (code: string) => number,
): Promise<void> {
  await db
    .insert(paymentItems)
    .values(EXTRA_PAYMENT_ITEMS.map(([id, name, categoryId]) => ({ id, name, categoryId })))
    .onConflictDoNothing();
  await db
    .insert(departmentTuition)
    .values(
      CSC_TUITION.map(([level, indigeneAmountKobo, nonIndigeneAmountKobo]) => ({
        sessionId,
        departmentId: departmentId('CSC'),
        levelId: levelId(level),
        indigeneAmountKobo,
        nonIndigeneAmountKobo,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(itemSchedules)
    .values({
      sessionId,
      categoryId: 1,
      allowInstalments: true,
      firstInstalmentPercent: 60,
      balanceDueOn: '2025-03-31',
    })
    .onConflictDoNothing();
}

/**
 * The school-fee items of each level (100 to 400) for 2024/2025, both amounts. An applicant is
 * priced by the most specific line of each item (100 level: the same amounts as the session-wide
 * lines); the admission form's fee schedule prints the session-wide lines.
 */
export async function seedLevelFees(db: Db): Promise<void> {
  const [session] = await db.select().from(academicSessions).where(eq(academicSessions.name, SESSION));
  if (!session) return;
  const levelRows = await db
    .select()
    .from(levels)
    .where(inArray(levels.name, [...LEVELS]));
  await db
    .insert(feeSchedule)
    .values(
      LEVEL_FEES.map(([itemId, level, indigeneAmountKobo, nonIndigeneAmountKobo]) => ({
        sessionId: session.id,
        itemId,
        levelId: levelRows.find((l) => l.name === level)!.id,
        indigeneAmountKobo,
        nonIndigeneAmountKobo,
      })),
    )
    .onConflictDoNothing();
}

/** Main Campus: a male and a female hostel, two blocks each, rooms of four bed spaces. */
export const DEMO_HOSTELS = [
  { name: 'Zik Hall', gender: 'Male', blocks: ['Block A', 'Block B'] },
  { name: 'Queen Amina Hall', gender: 'Female', blocks: ['Block C', 'Block D'] },
] as const;
/** Rooms per floor of a block; floors 1 and 2 (A101–A105, A201–A205). */
const ROOMS_PER_FLOOR = 5;
const FLOORS = 2;

async function seedHostels(db: Db): Promise<void> {
  await db
    .insert(campuses)
    .values({ name: 'Main Campus', address: 'Km 5, Demo Road, Minna, Niger State' })
    .onConflictDoNothing();
  const [campus] = await db.select().from(campuses).where(eq(campuses.name, 'Main Campus'));
  await db
    .insert(hostels)
    .values(DEMO_HOSTELS.map((h) => ({ name: h.name, gender: h.gender, campusId: campus!.id })))
    .onConflictDoNothing();
  const hostelRows = await db
    .select()
    .from(hostels)
    .where(
      inArray(
        hostels.name,
        DEMO_HOSTELS.map((h) => h.name),
      ),
    );
  for (const h of DEMO_HOSTELS) {
    const hostel = hostelRows.find((r) => r.name === h.name)!;
    await db
      .insert(blocks)
      .values(h.blocks.map((name) => ({ name, hostelId: hostel.id, floors: FLOORS })))
      .onConflictDoNothing();
    const blockRows = await db.select().from(blocks).where(eq(blocks.hostelId, hostel.id));
    for (const name of h.blocks) {
      const block = blockRows.find((b) => b.name === name)!;
      const letter = name.slice(-1);
      await db
        .insert(rooms)
        .values(
          Array.from({ length: FLOORS * ROOMS_PER_FLOOR }, (_, i) => {
            const number = `${letter}${Math.floor(i / ROOMS_PER_FLOOR) + 1}0${(i % ROOMS_PER_FLOOR) + 1}`;
            // The first room of each block is kept for the hall warden's use and special needs.
            return { number, blockId: block.id, gender: h.gender, bedSpaces: 4, isReserved: i === 0 };
          }),
        )
        .onConflictDoNothing();
    }
  }
}
