import { beforeAll, describe, expect, it } from 'vitest';
import { REGISTRY_SPECS } from '@portal/contracts';
import { seed } from '../../db/seed/index.js';
import { seedLevelFees } from '../../db/seed/payments.js';
import { login } from '../../../test/helpers.js';
import { superAdminApp } from './test-support.js';

/**
 * The rules only the server can check (reference.rules.ts), each through the HTTP API as an admin
 * meets it: the status, the exact message, and nothing changed after a refusal. Then the demo
 * set-up the seed gives (db/seed/): real-looking, consistent with those rules, idempotent.
 */

type Row = Record<string, unknown> & { id: number };
const { state, call } = superAdminApp();

/** Every record of a resource that the query selects (at most 100). */
async function list(name: string, query = ''): Promise<Row[]> {
  const response = await call('GET', `/api/admin/${name}?pageSize=100${query ? `&${query}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return response.body.Data as Row[];
}

async function one(name: string, query: string, where: (row: Row) => boolean = () => true): Promise<Row> {
  const found = (await list(name, query)).filter(where);
  expect(found, `${name}?${query}`).toHaveLength(1);
  return found[0]!;
}

async function total(name: string): Promise<number> {
  return (await call('GET', `/api/admin/${name}?pageSize=1`)).body.Total as number;
}

/** A write the server refuses: its status and exact message, and the resource's count unchanged. */
async function refused(
  name: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  status: number,
  message: string,
) {
  const before = await total(name);
  const response = await call(method, url, payload);
  expect(response.status, response.text).toBe(status);
  expect(response.body.Message).toBe(message);
  expect(await total(name)).toBe(before);
}

/** Input for a replace: the stored record's fields with some changed. */
function inputOf(name: string, item: Row, changes: Record<string, unknown> = {}) {
  const spec = REGISTRY_SPECS.find((s) => s.name === name)!;
  return { ...Object.fromEntries(Object.keys(spec.fields).map((k) => [k, item[k]])), ...changes };
}

const ids = {} as Record<string, number>;
const courseId = async (code: string) =>
  (await one('courses', `search=${encodeURIComponent(code)}`, (c) => c.code === code)).id;

beforeAll(async () => {
  ids.session = (await one('academic-sessions', 'search=2024%2F2025')).id;
  ids.csc = (await one('departments', 'search=Computer%20Science')).id;
  for (const level of [100, 200, 300, 400, 500])
    ids[`L${level}`] = (await one('levels', `search=${level}%20Level`)).id;
  ids.fivePoint = (await one('grade-scales', 'search=5-point')).id;
  ids.fourPoint = (await one('grade-scales', 'search=4-point')).id;
  ids.bsc = (await one('programmes', 'search=BSC', (p) => p.code === 'BSC')).id;
  ids.firstSemester = (await one('semesters', 'search=2024%2F2025%20First')).id;
}, 60_000);

describe('seeding again', () => {
  it('changes nothing: every registry resource keeps its count', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(REGISTRY_SPECS.map(async (spec) => [spec.name, await total(spec.name)] as const)),
      );
    const before = await counts();
    await seed(state.t.database.db, state.t.app.deps.storage);
    expect(await counts()).toEqual(before);
    expect(before).toMatchObject({ courses: expect.any(Number), rooms: 40, staff: 14, programmes: 4 });
  });
});

describe('assessment schemes', () => {
  it('the seeded active scheme adds up to 100; an item taking it over 100, or below, is refused', async () => {
    const standard = await one('score-schemes', 'search=Standard');
    expect(standard).toMatchObject({ name: 'Standard (CA 30, Exam 70)', isActive: true });
    const items = await list('score-items', `schemeId=${standard.id}`);
    expect(items.map((i) => [i.name, i.weight])).toEqual([
      ['CA 1', 15],
      ['CA 2', 15],
      ['Examination', 70],
    ]);
    await refused(
      'score-items',
      'POST',
      '/api/admin/score-items',
      { schemeId: standard.id, name: 'CA 3', weight: 10, position: 4 },
      400,
      'The weights of Standard (CA 30, Exam 70) would add up to 110: they cannot exceed 100.',
    );
    const ca1 = items[0]!;
    await refused(
      'score-items',
      'PUT',
      `/api/admin/score-items/${ca1.id}`,
      inputOf('score-items', ca1, { weight: 10 }),
      400,
      'The weights of an active scheme must add up to 100; this change makes 95.',
    );
    expect((await call('GET', `/api/admin/score-items/${ca1.id}`)).body.Data.weight).toBe(15);
  });

  it('a scheme whose weights do not add up to 100 cannot be made active', async () => {
    const practical = await one('score-schemes', 'search=Practical');
    expect(practical.isActive).toBe(false);
    const path = `/api/admin/score-schemes/${practical.id}`;
    const activate = await call('POST', `${path}/active`, { value: true });
    expect(activate.status).toBe(400);
    expect(activate.body.Message).toBe(
      'The weights of this scheme add up to 60, not 100: it cannot be made active.',
    );
    expect((await call('GET', path)).body.Data.isActive).toBe(false);

    await refused(
      'score-items',
      'POST',
      '/api/admin/score-items',
      { schemeId: practical.id, name: 'Viva', weight: 50, position: 3 },
      400,
      'The weights of Practical courses would add up to 110: they cannot exceed 100.',
    );
    const completed = await call('POST', '/api/admin/score-items', {
      schemeId: practical.id,
      name: 'Continuous assessment',
      weight: 40,
      position: 3,
    });
    expect(completed.status, completed.text).toBe(200);
    expect((await call('POST', `${path}/active`, { value: true })).body.Data.isActive).toBe(true);
  });
});

describe('grade bands and classes of degree', () => {
  it('the 5-point scale has the bands of domain.md, the 4-point scale the polytechnic ones', async () => {
    const bands = async (scaleId: number) =>
      (await list('grade-points', `scaleId=${scaleId}&sort=minScore&order=desc`)).map((b) => [
        b.gradeName,
        b.minScore,
        b.maxScore,
        b.point,
      ]);
    expect(await bands(ids.fivePoint!)).toEqual([
      ['A', 70, 100, 5],
      ['B', 60, 69, 4],
      ['C', 50, 59, 3],
      ['D', 45, 49, 2],
      ['E', 40, 44, 1],
      ['F', 0, 39, 0],
    ]);
    expect(await bands(ids.fourPoint!)).toEqual([
      ['A', 75, 100, 4],
      ['AB', 70, 74, 3.5],
      ['B', 65, 69, 3.25],
      ['BC', 60, 64, 3],
      ['C', 55, 59, 2.75],
      ['CD', 50, 54, 2.5],
      ['D', 45, 49, 2.25],
      ['E', 40, 44, 2],
      ['F', 0, 39, 0],
    ]);
    const five = await call('GET', `/api/admin/grade-scales/${ids.fivePoint}`);
    expect(five.body.Data).toMatchObject({ name: '5-point university scale', maxPoint: 5, isDefault: true });
    const classes = await list('degree-classes', `scaleId=${ids.fivePoint}&sort=minCgpa&order=desc`);
    expect(classes.map((c) => [c.name, c.minCgpa, c.maxCgpa])).toEqual([
      ['First Class', 4.5, 5],
      ['Second Class Upper', 3.5, 4.49],
      ['Second Class Lower', 2.4, 3.49],
      ['Third Class', 1.5, 2.39],
      ['Pass', 1, 1.49],
    ]);
    const diploma = await list('degree-classes', `scaleId=${ids.fourPoint}&sort=minCgpa&order=desc`);
    expect(diploma.map((c) => c.name)).toEqual(['Distinction', 'Upper Credit', 'Lower Credit', 'Pass']);
    const core = await list('core-grades');
    expect(Object.fromEntries(core.map((c) => [c.programmeName, c.gradeName]))).toEqual({
      'National Diploma (ND)': 'CD',
      'Higher National Diploma (HND)': 'CD',
      'Bachelor of Science (B.Sc.)': 'C',
      'Bachelor of Engineering (B.Eng.)': 'C',
    });
  });

  it('refuses a grade band overlapping another of its scale', async () => {
    const grades = await list('grades');
    const gradeId = (code: string) => grades.find((g) => g.code === code)!.id;
    await refused(
      'grade-points',
      'POST',
      '/api/admin/grade-points',
      { scaleId: ids.fivePoint, gradeId: gradeId('AB'), minScore: 72, maxScore: 75, point: 4.5 },
      400,
      'Scores 72–75 overlap the band of grade A (70–100) on this scale.',
    );
    const b = await one('grade-points', `scaleId=${ids.fivePoint}`, (p) => p.gradeName === 'B');
    await refused(
      'grade-points',
      'PUT',
      `/api/admin/grade-points/${b.id}`,
      inputOf('grade-points', b, { maxScore: 72 }),
      400,
      'Scores 60–72 overlap the band of grade A (70–100) on this scale.',
    );
  });

  it('refuses a class of degree overlapping another, or leaving a gap', async () => {
    const base = { scaleId: ids.fivePoint };
    await refused(
      'degree-classes',
      'POST',
      '/api/admin/degree-classes',
      { ...base, name: 'Distinction', minCgpa: 4.8, maxCgpa: 5 },
      400,
      'CGPA 4.80–5.00 overlaps First Class (4.50–5.00).',
    );
    await refused(
      'degree-classes',
      'POST',
      '/api/admin/degree-classes',
      { ...base, name: 'Fail', minCgpa: 0, maxCgpa: 0.9 },
      400,
      'Classes of degree must not leave gaps: CGPA 0.91–0.99 would fall between Fail and Pass.',
    );
    const upper = await one(
      'degree-classes',
      `scaleId=${ids.fivePoint}`,
      (c) => c.name === 'Second Class Upper',
    );
    await refused(
      'degree-classes',
      'PUT',
      `/api/admin/degree-classes/${upper.id}`,
      inputOf('degree-classes', upper, { minCgpa: 3.6 }),
      400,
      'Classes of degree must not leave gaps: CGPA 3.50–3.59 would fall between Second Class Lower and Second Class Upper.',
    );
    expect((await call('GET', `/api/admin/degree-classes/${upper.id}`)).body.Data.minCgpa).toBe(3.5);
    // A band that closes up to its neighbour is accepted.
    const fail = await call('POST', '/api/admin/degree-classes', {
      ...base,
      name: 'Fail',
      minCgpa: 0,
      maxCgpa: 0.99,
    });
    expect(fail.status, fail.text).toBe(200);
  });
});

describe('registration limits', () => {
  it('refuses a maximum below the minimum', async () => {
    await refused(
      'registration-limits',
      'POST',
      '/api/admin/registration-limits',
      { programmeId: ids.bsc, levelId: ids.L500, semester: 'First', minUnits: 24, maxUnits: 12 },
      400,
      'The maximum (12 units) cannot be below the minimum (24 units).',
    );
    const limit = await one(
      'registration-limits',
      `programmeId=${ids.bsc}&levelId=${ids.L100}&semester=First`,
    );
    expect(limit).toMatchObject({ minUnits: 15, maxUnits: 24 });
    await refused(
      'registration-limits',
      'PUT',
      `/api/admin/registration-limits/${limit.id}`,
      inputOf('registration-limits', limit, { minUnits: 20, maxUnits: 18 }),
      400,
      'The maximum (18 units) cannot be below the minimum (20 units).',
    );
    expect((await call('GET', `/api/admin/registration-limits/${limit.id}`)).body.Data.maxUnits).toBe(24);
  });
});

describe('prerequisites', () => {
  it('refuses a cycle, direct or longer, naming the courses', async () => {
    const csc101 = await courseId('CSC 101');
    const csc102 = await courseId('CSC 102');
    const csc201 = await courseId('CSC 201');
    // Seeded: CSC 102 needs CSC 101, CSC 201 needs CSC 102.
    await refused(
      'prerequisites',
      'POST',
      '/api/admin/prerequisites',
      { courseId: csc101, prerequisiteId: csc102 },
      400,
      'This would make a cycle: CSC 101 is already required before CSC 102.',
    );
    await refused(
      'prerequisites',
      'POST',
      '/api/admin/prerequisites',
      { courseId: csc101, prerequisiteId: csc201 },
      400,
      'This would make a cycle: CSC 101 is already required before CSC 201.',
    );
    await refused(
      'prerequisites',
      'POST',
      '/api/admin/prerequisites',
      { courseId: csc101, prerequisiteId: csc101 },
      400,
      'CSC 101 cannot be its own prerequisite.',
    );
  });

  it('lets a prerequisite be turned round: the record replaced no longer counts', async () => {
    const csc101 = await courseId('CSC 101');
    const csc102 = await courseId('CSC 102');
    const edge = await one('prerequisites', `courseId=${csc102}&prerequisiteId=${csc101}`);
    const turned = await call('PUT', `/api/admin/prerequisites/${edge.id}`, {
      courseId: csc101,
      prerequisiteId: csc102,
    });
    expect(turned.status, turned.text).toBe(200);
    const back = await call('PUT', `/api/admin/prerequisites/${edge.id}`, {
      courseId: csc102,
      prerequisiteId: csc101,
    });
    expect(back.status, back.text).toBe(200);
  });
});

describe('courses', () => {
  it('refuses a code used twice, however it is spaced or cased', async () => {
    const input = {
      title: 'Introduction to Computing',
      units: 3,
      levelId: ids.L100,
      semester: 'First',
      departmentId: ids.csc,
      type: 'Compulsory',
    };
    for (const code of ['CSC 101', 'csc101'])
      await refused(
        'courses',
        'POST',
        '/api/admin/courses',
        { ...input, code },
        409,
        'A course with this code already exists: CSC 101.',
      );
  });
});

describe('fee items', () => {
  it('refuses a fee item without both amounts, naming the missing one', async () => {
    const item = { sessionId: ids.session, itemId: 1, levelId: ids.L500 };
    await refused(
      'fee-items',
      'POST',
      '/api/admin/fee-items',
      { ...item, indigeneAmountKobo: 4_000_000 },
      400,
      'nonIndigeneAmountKobo: Non-indigene amount is required.',
    );
    await refused(
      'fee-items',
      'POST',
      '/api/admin/fee-items',
      { ...item, nonIndigeneAmountKobo: 7_000_000 },
      400,
      'indigeneAmountKobo: Indigene amount is required.',
    );
  });
});

describe('the timetable', () => {
  it('refuses a clash of venue and a clash of lecturer, naming the other class', async () => {
    const monday = await list('timetable', `semesterId=${ids.firstSemester}&day=Monday`);
    const first = monday.find((e) => e.venue === 'Lecture Theatre 1' && e.startTime === '08:00')!;
    expect(first.courseName).toMatch(/^CSC 101 /);
    const free = await one('staff', 'search=Danjuma');
    const entry = {
      semesterId: ids.firstSemester,
      courseId: await courseId('CSC 102'),
      day: 'Monday',
      startTime: '08:30',
      endTime: '09:30',
    };
    await refused(
      'timetable',
      'POST',
      '/api/admin/timetable',
      { ...entry, venue: 'Lecture Theatre 1', staffId: free.id },
      400,
      'Lecture Theatre 1 is taken on Monday 08:00–10:00 by CSC 101.',
    );
    await refused(
      'timetable',
      'POST',
      '/api/admin/timetable',
      { ...entry, venue: 'Room 12', staffId: first.staffId },
      400,
      `${first.staffName} already teaches CSC 101 on Monday 08:00–10:00 in Lecture Theatre 1.`,
    );
    expect(first.staffName).toBe('Prof Musa Abdullahi');
    const fine = await call('POST', '/api/admin/timetable', { ...entry, venue: 'Room 12', staffId: free.id });
    expect(fine.status, fine.text).toBe(200);
  });
});

describe('academic sessions', () => {
  it('one is current: making another current switches it off; switching it off is refused', async () => {
    const created = await call('POST', '/api/admin/academic-sessions', {
      name: '2025/2026',
      startDate: '2025-10-06',
      endDate: '2026-07-31',
      isCurrent: false,
    });
    expect(created.status, created.text).toBe(200);
    const next = created.body.Data.id as number;
    const current = async () => (await list('academic-sessions', 'isCurrent=true')).map((s) => s.name);
    expect(await current()).toEqual(['2024/2025']);

    expect((await call('POST', `/api/admin/academic-sessions/${next}/current`, { value: true })).status).toBe(
      200,
    );
    expect(await current()).toEqual(['2025/2026']);
    expect(
      (await call('POST', `/api/admin/academic-sessions/${ids.session}/current`, { value: true })).status,
    ).toBe(200);
    expect(await current()).toEqual(['2024/2025']);

    const off = await call('POST', `/api/admin/academic-sessions/${ids.session}/current`, { value: false });
    expect(off.status).toBe(400);
    expect(off.body.Message).toBe(
      'One academic session must stay current: make another academic session current instead.',
    );
    expect(await current()).toEqual(['2024/2025']);
  });
});

describe('deleting what others refer to', () => {
  it('refuses to delete a faculty that departments refer to, and keeps it', async () => {
    const science = await one('faculties', 'search=Faculty%20of%20Science');
    const response = await call('DELETE', `/api/admin/faculties/${science.id}`);
    expect(response.status).toBe(409);
    expect(response.body.Message).toBe('This faculty is in use by a department and cannot be deleted.');
    expect((await call('GET', `/api/admin/faculties/${science.id}`)).body.Data.code).toBe('SCI');
  });
});

describe('hostels', () => {
  it('the female hostel has two blocks of rooms for four, some reserved; a room of the other gender is refused', async () => {
    const amina = await one('hostels', 'search=Queen%20Amina');
    expect(amina).toMatchObject({ gender: 'Female', campusName: 'Main Campus' });
    const hallBlocks = await list('blocks', `hostelId=${amina.id}`);
    expect(hallBlocks.map((b) => b.name).sort()).toEqual(['Block C', 'Block D']);
    for (const block of hallBlocks) {
      const blockRooms = await list('rooms', `blockId=${block.id}`);
      expect(blockRooms).toHaveLength(10);
      for (const room of blockRooms) expect(room).toMatchObject({ gender: 'Female', bedSpaces: 4 });
      expect(blockRooms.some((r) => r.isReserved)).toBe(true);
    }
    await refused(
      'rooms',
      'POST',
      '/api/admin/rooms',
      { number: 'C106', blockId: hallBlocks[0]!.id, gender: 'Male', bedSpaces: 4 },
      400,
      'Queen Amina Hall is a female hostel: its rooms cannot be for male students.',
    );
    await refused(
      'hostels',
      'PUT',
      `/api/admin/hostels/${amina.id}`,
      inputOf('hostels', amina, { gender: 'Male' }),
      400,
      'Queen Amina Hall has rooms for female students (C101): change them before making it a male hostel.',
    );
  });
});

describe('the demo set-up', () => {
  it('Computer Science has at least 8 courses for every level (100–400) and semester', async () => {
    for (const level of [100, 200, 300, 400])
      for (const semester of ['First', 'Second']) {
        const courses = await list(
          'courses',
          `departmentId=${ids.csc}&levelId=${ids[`L${level}`]}&semester=${semester}`,
        );
        expect(courses.length, `${level} Level, ${semester} semester`).toBeGreaterThanOrEqual(8);
        for (const c of courses) {
          expect(c.code).toMatch(/^[A-Z]{3} \d{3}$/);
          expect(c.units).toBeGreaterThanOrEqual(1);
          expect(c.units).toBeLessThanOrEqual(6);
        }
        expect(courses.some((c) => c.type === 'Elective')).toBe(true);
        const offered = await list(
          'department-courses',
          `departmentId=${ids.csc}&sessionId=${ids.session}&levelId=${ids[`L${level}`]}&semester=${semester}`,
        );
        expect(offered).toHaveLength(courses.length);
      }
    const project = await one('courses', 'search=CSC%20499');
    expect(project).toMatchObject({ title: 'Project', levelName: '400 Level', semester: 'Second' });
    const lecturers = await list(
      'course-lecturers',
      `courseId=${await courseId('CSC 101')}&sessionId=${ids.session}`,
    );
    // The lead and the assistant, and the demo lecturer of issue 14 (lecturer@demo.edu.ng).
    expect(lecturers.map((l) => l.role).sort()).toEqual(['Assistant', 'Lead', 'Lead']);
  });

  it('links every course of study to a programme, each with its matric number format', async () => {
    const ofStudy = await list('courses-of-study');
    expect(ofStudy.length).toBe(9);
    for (const c of ofStudy) expect(c.programmeName, String(c.name)).toBeTruthy();
    expect(ofStudy.find((c) => c.name === 'Computer Science')!.programmeName).toBe(
      'Bachelor of Science (B.Sc.)',
    );
    expect(ofStudy.find((c) => c.name === 'Civil Engineering')!.programmeName).toBe(
      'Bachelor of Engineering (B.Eng.)',
    );
    const formats = await list('matric-number-formats');
    expect(formats).toHaveLength(4);
    const bsc = formats.find((f) => f.programmeId === ids.bsc)!;
    expect(bsc.pattern).toBe('DIT/{YYYY}/{NNNN}');
    // The demo students' numbers follow it.
    const pattern = new RegExp(
      `^${String(bsc.pattern).replace('{YYYY}', '\\d{4}').replace('{NNNN}', '\\d{4}')}$`,
    );
    for (const matric of ['DIT/2024/0001', 'DIT/2024/0002']) expect(matric).toMatch(pattern);
  });

  it('has the 2024/2025 calendar: dates, the first semester current, registration windows', async () => {
    expect((await call('GET', `/api/admin/academic-sessions/${ids.session}`)).body.Data).toMatchObject({
      startDate: '2024-10-07',
      endDate: '2025-07-31',
    });
    const terms = await list('semesters', `sessionId=${ids.session}`);
    expect(terms.map((s) => [s.name, s.term, s.startDate, s.endDate, s.isCurrent])).toEqual([
      ['2024/2025 First Semester', 'First', '2024-10-07', '2025-02-28', true],
      ['2024/2025 Second Semester', 'Second', '2025-03-17', '2025-07-31', false],
    ]);
    const windows = await list('semester-registrations');
    expect(windows.filter((w) => w.lateFeeKobo === 500_000)).toHaveLength(2);
  });

  it('has a first-semester timetable without clashes of venue or lecturer', async () => {
    const entries = await list('timetable', `semesterId=${ids.firstSemester}`);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    for (const a of entries)
      for (const b of entries) {
        const overlap = String(a.startTime) < String(b.endTime) && String(b.startTime) < String(a.endTime);
        if (a.id >= b.id || a.day !== b.day || !overlap) continue;
        expect(a.venue, `${a.courseName} / ${b.courseName}`).not.toBe(b.venue);
        expect(a.staffId, `${a.courseName} / ${b.courseName}`).not.toBe(b.staffId);
      }
  });

  it('prices Computer Science tuition per level, and School Fees by instalments', async () => {
    const tuition = await list('department-tuition', `departmentId=${ids.csc}&sessionId=${ids.session}`);
    expect(tuition.map((r) => r.levelName).sort()).toEqual([
      '100 Level',
      '200 Level',
      '300 Level',
      '400 Level',
    ]);
    for (const r of tuition) {
      expect(r.indigeneAmountKobo as number).toBeGreaterThan(0);
      expect(r.nonIndigeneAmountKobo as number).toBeGreaterThan(r.indigeneAmountKobo as number);
    }
    expect(await one('item-schedules', `sessionId=${ids.session}&categoryId=1`)).toMatchObject({
      allowInstalments: true,
      firstInstalmentPercent: 60,
      balanceDueOn: '2025-03-31',
    });
    const categories = await list('payment-categories');
    expect(categories.filter((c) => c.id < 100).map((c) => [c.id, c.name])).toEqual(
      expect.arrayContaining([
        [1, 'School Fees'],
        [2, 'Hostel Fee'],
        [3, 'Transcript Fee'],
        [4, 'Late Registration'],
        [10, 'Acceptance Fee'],
      ]),
    );
  });

  it('school-fee items for 100 to 400 level have both amounts; seeding them again changes nothing applicants are shown', async () => {
    const shown = async (jamb: string) => {
      const applicant = await login(state.t.app, 'Applicant', jamb);
      const id = applicant.body.Data.ApplicantID as number;
      const response = await state.t.app.inject({
        method: 'GET',
        url: `/api/AdmissionFeeSchedule?applicantId=${id}`,
        headers: applicant.auth,
      });
      return response.json().Data as unknown;
    };
    const indigene = await shown('202410000006AF');
    const other = await shown('202410000005AE');
    await seedLevelFees(state.t.database.db);
    await seedLevelFees(state.t.database.db);
    for (const level of [100, 200, 300, 400]) {
      // The level's own lines (a department's tuition lines for the level are that page's).
      const items = (await list('fee-items', `sessionId=${ids.session}&levelId=${ids[`L${level}`]}`)).filter(
        (i) => i.departmentId === null,
      );
      expect(items.map((i) => i.itemName).sort()).toEqual([
        'ICT and e-Learning',
        'Library',
        'Medical',
        'Registration',
        'Sports',
        'Tuition',
      ]);
      for (const i of items) {
        expect(i.indigeneAmountKobo as number).toBeGreaterThan(0);
        expect(i.nonIndigeneAmountKobo as number).toBeGreaterThanOrEqual(i.indigeneAmountKobo as number);
      }
      const fee = items.find((i) => i.itemName === 'Tuition')!;
      expect(fee.nonIndigeneAmountKobo as number).toBeGreaterThan(fee.indigeneAmountKobo as number);
    }
    expect(await shown('202410000006AF')).toEqual(indigene);
    expect(await shown('202410000005AE')).toEqual(other);
  });

  it('has staff with @demo.edu.ng addresses, school officials in order and the school’s details', async () => {
    const people = await list('staff');
    expect(people.length).toBeGreaterThanOrEqual(10);
    for (const p of people) expect(p.email).toMatch(/^[a-z.]+@demo\.edu\.ng$/);
    expect(people.map((p) => p.email)).not.toContain('admin@demo.edu.ng');
    const officials = await list('school-officials', 'sort=position');
    expect(officials.slice(0, 4).map((o) => o.office)).toEqual([
      'Rector',
      'Deputy Rector (Academics)',
      'Registrar',
      'Bursar',
    ]);
    const [school] = await list('school-information');
    expect(school).toMatchObject({ email: 'info@demo.edu.ng', website: 'https://www.demo.edu.ng' });
    expect((await list('discussion-types')).map((d) => d.name)).toEqual(
      expect.arrayContaining(['General', 'Course', 'Project']),
    );
  });
});

describe('deleting what a rule keeps', () => {
  it('refuses to remove an item of the active scheme, or a class of degree between two others', async () => {
    const standard = await one('score-schemes', 'search=Standard');
    const exam = await one('score-items', `schemeId=${standard.id}&search=Examination`);
    await refused(
      'score-items',
      'DELETE',
      `/api/admin/score-items/${exam.id}`,
      undefined,
      400,
      'Standard (CA 30, Exam 70) is active: its weights must keep adding up to 100. Make it inactive before removing Examination.',
    );
    const upper = await one('degree-classes', 'search=Second%20Class%20Upper');
    await refused(
      'degree-classes',
      'DELETE',
      `/api/admin/degree-classes/${upper.id}`,
      undefined,
      400,
      'Removing Second Class Upper would leave CGPA 3.50–4.49 without a class: change the bands beside it first.',
    );
  });
});

describe('choices sort in their declared order', () => {
  it('lists the timetable Monday first, and Friday before Monday when reversed', async () => {
    const first = await call('GET', '/api/admin/timetable?sort=day&order=asc&pageSize=1');
    expect(first.body.Data[0].day).toBe('Monday');
    const last = await call('GET', '/api/admin/timetable?sort=day&order=desc&pageSize=100');
    const days = (last.body.Data as Row[]).map((row) => row.day);
    expect(days.indexOf('Friday')).toBeLessThan(days.lastIndexOf('Monday'));
    expect(days[0]).not.toBe('Monday');
  });
});
