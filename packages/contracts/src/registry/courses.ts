import { TERMS } from './academic.js';
import { choice, defineResource, flag, int, letters, ref, text, time } from './fields.js';

/** Courses: the catalogue, prerequisites, lecturers, unit limits, department offerings, the timetable. */

export const COURSE_TYPES = ['Compulsory', 'Elective'] as const;

export const courses = defineResource({
  name: 'courses',
  page: 'SetupCourses',
  pages: ['AddEditCourses', 'courses/uploadCourse'],
  label: 'Course',
  display: ['code', 'title'],
  key: ['code'],
  fields: {
    code: text({
      required: true,
      max: 10,
      upper: true,
      pattern: '[A-Za-z]{3} ?\\d{3}[A-Za-z]?',
      patternHint: 'Course code must look like CSC 101.',
      sample: (n: number) => `Q${letters(n)} ${100 + (n % 900)}`,
    }),
    title: text({ required: true, min: 3, max: 160 }),
    units: int({ required: true, min: 0, max: 12, label: 'Credit units' }),
    levelId: ref('levels', { required: true }),
    semester: choice(TERMS, { required: true }),
    departmentId: ref('departments', { required: true }),
    type: choice(COURSE_TYPES, { required: true, default: 'Compulsory' }),
    isActive: flag({ default: true, switch: 'active' }),
  },
});

export const prerequisites = defineResource({
  name: 'prerequisites',
  page: 'PrerequisiteCourses',
  label: 'Prerequisite',
  display: 'courseId',
  key: ['courseId', 'prerequisiteId'],
  sort: 'courseId',
  fields: {
    courseId: ref('courses', { required: true }),
    prerequisiteId: ref('courses', { required: true, label: 'Prerequisite' }),
  },
});

export const courseLecturers = defineResource({
  name: 'course-lecturers',
  page: 'CourseLecturers',
  label: 'Course lecturer',
  display: 'courseId',
  key: ['courseId', 'staffId', 'sessionId'],
  sort: 'courseId',
  fields: {
    courseId: ref('courses', { required: true }),
    staffId: ref('staff', { required: true, label: 'Lecturer' }),
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    role: choice(['Lead', 'Assistant'] as const, { required: true, default: 'Lead' }),
  },
});

export const registrationLimits = defineResource({
  name: 'registration-limits',
  page: 'ProgramRegistrationLImit',
  label: 'Registration limit',
  display: 'programmeId',
  key: ['programmeId', 'levelId', 'semester'],
  sort: 'programmeId',
  fields: {
    programmeId: ref('programmes', { required: true }),
    levelId: ref('levels', { required: true }),
    semester: choice(TERMS, { required: true }),
    minUnits: int({ required: true, min: 0, max: 60, label: 'Minimum units' }),
    maxUnits: int({ required: true, min: 1, max: 60, label: 'Maximum units' }),
  },
});

export const departmentCourses = defineResource({
  name: 'department-courses',
  page: 'departmentcourses',
  label: 'Department course',
  display: 'courseId',
  key: ['departmentId', 'sessionId', 'courseId'],
  sort: 'courseId',
  fields: {
    departmentId: ref('departments', { required: true }),
    sessionId: ref('academic-sessions', { required: true, label: 'Session' }),
    levelId: ref('levels', { required: true }),
    semester: choice(TERMS, { required: true }),
    courseId: ref('courses', { required: true }),
    type: choice(COURSE_TYPES, { required: true, default: 'Compulsory' }),
  },
});

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const timetable = defineResource({
  name: 'timetable',
  page: 'timetable',
  label: 'Timetable entry',
  display: 'courseId',
  key: ['semesterId', 'courseId', 'day', 'startTime'],
  sort: 'day',
  fields: {
    semesterId: ref('semesters', { required: true }),
    courseId: ref('courses', { required: true }),
    day: choice(WEEKDAYS, { required: true }),
    startTime: time({ required: true, label: 'Starts' }),
    endTime: time({ required: true, label: 'Ends' }),
    venue: text({ required: true, min: 2, max: 60 }),
    staffId: ref('staff', { required: true, label: 'Lecturer' }),
  },
});

export const ADVISER_ROLES = ['Level Adviser', 'HOD'] as const;

/**
 * Who approves course registrations: a staff member (acting through the admin account with the same
 * e-mail) for a department and one level, or every level when the level is empty (the HOD).
 */
export const courseAdvisers = defineResource({
  name: 'course-advisers',
  page: 'CourseAdvisers',
  label: 'Course adviser',
  display: 'staffId',
  key: ['staffId', 'departmentId', 'levelId'],
  sort: 'departmentId',
  fields: {
    staffId: ref('staff', { required: true, label: 'Staff member' }),
    departmentId: ref('departments', { required: true }),
    levelId: ref('levels', { label: 'Level (empty: every level)' }),
    role: choice(ADVISER_ROLES, { required: true, default: 'Level Adviser' }),
  },
});
