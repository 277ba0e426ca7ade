import { choice, date, defineResource, flag, int, letters, money, ref, text } from './fields.js';

/** The academic structure: sessions, semesters, levels, faculties, departments, programmes, places. */

/** A session's name: 2024/2025. */
export const SESSION_PATTERN = '\\d{4}/\\d{4}';
/** A code of 2 to 10 letters, stored in capitals (CSC, SCI); samples start with `prefix`. */
const letterCode = (prefix: string) =>
  text({
    required: true,
    max: 10,
    upper: true,
    pattern: '[A-Za-z]{2,10}',
    patternHint: 'Code is 2 to 10 letters.',
    sample: (n: number) => `${prefix}${letters(n)}`,
  });

/** A session's name (2024/2025); samples count from `firstYear`. */
export const sessionName = (firstYear: number) =>
  text({
    required: true,
    pattern: SESSION_PATTERN,
    patternHint: 'Session name must look like 2024/2025.',
    sample: (n: number) => `${firstYear + n}/${firstYear + n + 1}`,
  });

export const TERMS = ['First', 'Second'] as const;

export const academicSessions = defineResource({
  name: 'academic-sessions',
  page: 'academicsession',
  label: 'Academic session',
  display: 'name',
  key: ['name'],
  order: 'desc',
  fields: {
    name: sessionName(2100),
    startDate: date(),
    endDate: date(),
    isCurrent: flag({ switch: 'current' }),
  },
});

export const semesters = defineResource({
  name: 'semesters',
  page: 'semesters',
  label: 'Semester',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    term: choice(TERMS, { required: true }),
    startDate: date({ required: true }),
    endDate: date({ required: true }),
    isCurrent: flag({ switch: 'current' }),
  },
});

export const semesterRegistrations = defineResource({
  name: 'semester-registrations',
  page: 'semesterRegistration',
  label: 'Registration window',
  display: 'semesterId',
  key: ['semesterId'],
  sort: 'opensOn',
  fields: {
    semesterId: ref('semesters', { required: true }),
    opensOn: date({ required: true, label: 'Opens on' }),
    closesOn: date({ required: true, label: 'Closes on' }),
    lateClosesOn: date({ label: 'Late registration closes on' }),
    lateFeeKobo: money({ default: 0, label: 'Late registration fee' }),
    addDropClosesOn: date({ label: 'Add/drop closes on' }),
    isOpen: flag({ default: true, switch: 'open' }),
  },
});

export const levels = defineResource({
  name: 'levels',
  page: 'levels',
  label: 'Level',
  display: 'name',
  key: ['name'],
  sort: 'rank',
  fields: {
    name: text({ required: true, max: 40 }),
    rank: int({ required: true, min: 1, max: 20, label: 'Order' }),
  },
});

export const faculties = defineResource({
  name: 'faculties',
  page: 'faculty',
  label: 'Faculty',
  display: 'name',
  key: ['code'],
  sort: 'name',
  fields: {
    name: text({ required: true, min: 3, max: 120 }),
    code: letterCode('QF'),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const departments = defineResource({
  name: 'departments',
  page: 'Department',
  label: 'Department',
  display: 'name',
  key: ['code'],
  sort: 'name',
  fields: {
    name: text({ required: true, min: 3, max: 120 }),
    code: letterCode('QD'),
    facultyId: ref('faculties', { required: true }),
    categoryName: text({ required: true, max: 60, label: 'Category' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const schoolUnits = defineResource({
  name: 'school-units',
  page: 'schoolunits',
  label: 'School unit',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 120 }),
    kind: choice(['Unit', 'Directorate', 'Centre', 'Office'] as const, { required: true, default: 'Unit' }),
    headTitle: text({ max: 80, label: 'Head (title)' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const programmes = defineResource({
  name: 'programmes',
  page: 'programmes',
  label: 'Programme',
  display: 'name',
  key: ['code'],
  sort: 'name',
  fields: {
    name: text({ required: true, min: 2, max: 120 }),
    code: text({
      required: true,
      max: 12,
      upper: true,
      pattern: '[A-Za-z.]{2,12}',
      patternHint: 'Code is 2 to 12 letters.',
      sample: (n: number) => `QP${letters(n)}`,
    }),
    years: int({ required: true, min: 1, max: 7, label: 'Duration (years)' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const coursesOfStudy = defineResource({
  name: 'courses-of-study',
  page: 'Courseofstudy',
  label: 'Course of study',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 120 }),
    departmentId: ref('departments', { required: true }),
    programmeId: ref('programmes'),
    yearsToGraduate: int({ required: true, min: 1, max: 7, label: 'Years to graduate' }),
    siwesMonths: int({ required: true, min: 0, max: 12, default: 6, label: 'SIWES months' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const qualifications = defineResource({
  name: 'qualifications',
  page: 'qualifications',
  label: 'Qualification',
  display: 'name',
  key: ['code'],
  fields: {
    name: text({ required: true, min: 2, max: 120 }),
    code: text({ required: true, max: 12, upper: true }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

/**
 * A matric number from its programme's pattern: {YYYY} and {YY} the year of entry, {N…} the serial
 * padded to as many digits as there are Ns, {DEPT} and {PROG} the department and programme codes.
 */
export function matricNumberFrom(
  pattern: string,
  values: { year: number; serial: number; department: string; programme: string },
): string {
  return pattern
    .replace(/\{YYYY\}/g, String(values.year))
    .replace(/\{YY\}/g, String(values.year).slice(-2))
    .replace(/\{(N+)\}/g, (_all, ns: string) => String(values.serial).padStart(ns.length, '0'))
    .replace(/\{DEPT\}/g, values.department)
    .replace(/\{PROG\}/g, values.programme);
}

export const matricNumberFormats = defineResource({
  name: 'matric-number-formats',
  page: 'matricnumberformat',
  label: 'Matric number format',
  display: 'pattern',
  key: ['programmeId'],
  fields: {
    programmeId: ref('programmes', { required: true }),
    pattern: text({
      required: true,
      max: 60,
      pattern: '[A-Za-z0-9/{}\\-]*\\{N{3,6}\\}[A-Za-z0-9/{}\\-]*',
      patternHint: 'The pattern needs a serial such as {NNNN}; it may use {YYYY}, {YY}, {DEPT} and {PROG}.',
      sample: (n: number) => `T${n}/{YYYY}/{NNNN}`,
      preview: (pattern: string) =>
        matricNumberFrom(pattern, { year: 2024, serial: 1, department: 'CSC', programme: 'BSC' }),
    }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const states = defineResource({
  name: 'states',
  page: 'state',
  label: 'State',
  display: 'name',
  key: ['name'],
  // Nigeria's states are fixed (the host state's id is part of the fee rules): rename only.
  operations: { create: false, delete: false },
  fields: { name: text({ required: true, min: 2, max: 60 }) },
});

export const lgas = defineResource({
  name: 'lgas',
  page: 'lga',
  label: 'LGA',
  display: 'name',
  key: ['stateId', 'name'],
  sort: 'name',
  fields: {
    name: text({ required: true, min: 2, max: 80 }),
    stateId: ref('states', { required: true }),
  },
});

export const entryModes = defineResource({
  name: 'entry-modes',
  page: 'setuppaymentitems',
  label: 'Entry mode',
  display: 'name',
  key: ['name'],
  hidden: true,
  operations: { create: false, update: false, delete: false },
  fields: { name: text({ required: true }) },
});
