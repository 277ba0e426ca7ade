import { choice, decimal, defineResource, flag, int, letters, ref, text } from './fields.js';

/** Grading: assessment schemes and their score items, grade scales and bands, classes of degree. */

export const scoreSchemes = defineResource({
  name: 'score-schemes',
  page: 'scoreitems',
  label: 'Assessment scheme',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    // Switched on only when its items' weights add up to 100 (checked by the server).
    isActive: flag({ switch: 'active' }),
  },
});

export const scoreItems = defineResource({
  name: 'score-items',
  page: 'scoreitems',
  parent: { resource: 'score-schemes', field: 'schemeId' },
  label: 'Score item',
  display: 'name',
  key: ['schemeId', 'name'],
  sort: 'position',
  fields: {
    schemeId: ref('score-schemes', { required: true, label: 'Assessment scheme' }),
    name: text({ required: true, min: 2, max: 60 }),
    weight: int({ required: true, min: 1, max: 100, label: 'Weight (maximum score)' }),
    position: int({ required: true, min: 1, max: 20, default: 1, label: 'Order' }),
  },
});

export const gradeScales = defineResource({
  name: 'grade-scales',
  page: 'schoolgrades',
  label: 'Grade scale',
  display: 'name',
  key: ['name'],
  fields: {
    name: text({ required: true, min: 3, max: 80 }),
    maxPoint: decimal({ required: true, min: 1, max: 10, label: 'Highest grade point' }),
    isDefault: flag({ switch: 'default', label: 'School default' }),
  },
});

export const grades = defineResource({
  name: 'grades',
  page: 'grades',
  label: 'Grade',
  display: 'code',
  key: ['code'],
  fields: {
    code: text({
      required: true,
      max: 3,
      upper: true,
      pattern: '[A-Za-z]{1,3}',
      patternHint: 'A grade is 1 to 3 letters.',
      sample: (n: number) => `Q${letters(n)}`,
    }),
    description: text({ required: true, max: 60 }),
    isPass: flag({ default: true, label: 'Pass' }),
  },
});

export const gradePoints = defineResource({
  name: 'grade-points',
  page: 'gradepoints',
  label: 'Grade band',
  display: 'gradeId',
  key: ['scaleId', 'gradeId'],
  sort: 'minScore',
  order: 'desc',
  fields: {
    scaleId: ref('grade-scales', { required: true, label: 'Grade scale' }),
    gradeId: ref('grades', { required: true }),
    minScore: int({ required: true, min: 0, max: 100, label: 'Lowest score' }),
    maxScore: int({ required: true, min: 0, max: 100, label: 'Highest score' }),
    point: decimal({ required: true, min: 0, max: 10, label: 'Grade point' }),
  },
});

export const coreGrades = defineResource({
  name: 'core-grades',
  page: 'coregrades',
  label: 'Core course pass grade',
  display: 'programmeId',
  key: ['programmeId'],
  sort: 'programmeId',
  fields: {
    programmeId: ref('programmes', { required: true }),
    gradeId: ref('grades', { required: true, label: 'Lowest passing grade' }),
  },
});

export const degreeClasses = defineResource({
  name: 'degree-classes',
  page: 'Classofdegrees',
  label: 'Class of degree',
  display: 'name',
  key: ['scaleId', 'name'],
  sort: 'minCgpa',
  order: 'desc',
  fields: {
    scaleId: ref('grade-scales', { required: true, label: 'Grade scale' }),
    name: text({ required: true, min: 3, max: 80 }),
    minCgpa: decimal({ required: true, min: 0, max: 10, label: 'Lowest CGPA' }),
    maxCgpa: decimal({ required: true, min: 0, max: 10, label: 'Highest CGPA' }),
  },
});

/**
 * The review chain of results after the lecturer submits (default: HOD, faculty board, senate), in
 * order. A stage's holders review the sheets of their department, their faculty, or the whole school.
 */
export const reviewStages = defineResource({
  name: 'review-stages',
  page: 'ReviewSetup',
  label: 'Review stage',
  display: 'name',
  key: ['name'],
  sort: 'position',
  fields: {
    name: text({ required: true, min: 2, max: 60 }),
    position: int({ required: true, min: 1, max: 20, default: 1, label: 'Order' }),
    scope: choice(['Department', 'Faculty', 'School'] as const, {
      required: true,
      default: 'Department',
      label: 'Reviews sheets of',
    }),
  },
});

/**
 * Who holds a stage: a staff member (acting through the admin account with the same e-mail) for a
 * department or a faculty (empty for a school-wide stage). Where nobody holds a stage for a course's
 * department or faculty, admins who hold no stage (the registry) act.
 */
export const reviewStageHolders = defineResource({
  name: 'review-stage-holders',
  page: 'ReviewSetup',
  parent: { resource: 'review-stages', field: 'stageId' },
  label: 'Stage holder',
  display: 'staffId',
  key: ['stageId', 'staffId', 'departmentId', 'facultyId'],
  sort: 'staffId',
  fields: {
    stageId: ref('review-stages', { required: true, label: 'Review stage' }),
    staffId: ref('staff', { required: true, label: 'Holder (staff member)' }),
    departmentId: ref('departments', { label: 'Department (department stages)' }),
    facultyId: ref('faculties', { label: 'Faculty (faculty stages)' }),
  },
});
