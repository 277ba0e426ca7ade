import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  courseLecturers,
  courses,
  departmentCourses,
  prerequisites,
  registrationLimits,
  semesters,
  staff,
  timetable,
} from '../schema/index.js';
import { departmentIds, demoSession, levelIds, LEVELS } from './demo.js';
import { DEMO_PROGRAMMES, programmeIds } from './institution.js';
import { DEMO_SEMESTERS } from './sessions.js';

/**
 * Courses' demo set-up: the course catalogue (every level and semester of Computer Science, a few
 * courses elsewhere), prerequisites, staff, the 2024/2025 lecturers and offerings, unit limits and a
 * first-semester timetable. Sets the server's rules govern as a whole (prerequisites, the timetable)
 * are seeded only where none exist.
 */

type Term = 'First' | 'Second';
type CourseType = 'Compulsory' | 'Elective';

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

/** Course code → id, for the catalogue's courses. */
async function courseIds(db: Db): Promise<(code: string) => number> {
  const rows = await db
    .select({ id: courses.id, code: courses.code })
    .from(courses)
    .where(
      inArray(
        courses.code,
        catalogueRows().map((c) => c.code),
      ),
    );
  return (code) => rows.find((r) => r.code === code)!.id;
}

/** The courses and their prerequisites. */
export async function seedCourseCatalogue(db: Db): Promise<void> {
  const [levelId, departmentId] = await Promise.all([levelIds(db), departmentIds(db)]);
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
  const courseId = await courseIds(db);
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
}

/**
 * Staff, the 2024/2025 lecturers and department offerings of Computer Science, unit limits per
 * programme, level and semester, and a first-semester timetable without clashes.
 */
export async function seedTeaching(db: Db): Promise<void> {
  const session = await demoSession(db);
  if (!session) return;
  const sessionId = session.id;
  const [levelId, departmentId, programmeId, courseId] = await Promise.all([
    levelIds(db),
    departmentIds(db),
    programmeIds(db),
    courseIds(db),
  ]);
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
