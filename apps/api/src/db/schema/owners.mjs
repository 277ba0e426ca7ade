/**
 * Which module owns each table (docs/ARCHITECTURE.md, "Module graph"). Lint (eslint.config.mjs)
 * refuses a module importing from db/schema a table it neither owns nor may read; apps/api/test/
 * lint-rules.test.ts checks that every table of db/schema has exactly one owner here.
 *
 * - `registry`: the registry's reference data (declared in packages/contracts/src/registry and
 *   written by the reference module), and the people every record belongs to. Any module reads them.
 * - `platform`: tables of platform/ plumbing (sessions, rate limits, mail, audit); no module.
 * - a module name: that module's own tables.
 */
export const TABLE_OWNERS = {
  registry: [
    // people
    'students',
    'applicants',
    'admins',
    // reference data
    'countries',
    'states',
    'lgas',
    'olevelSubjects',
    'olevelGrades',
    'olevelTypes',
    'faculties',
    'departments',
    'programmes',
    'coursesOfStudy',
    'levels',
    'entryModes',
    'academicSessions',
    'admissionSessions',
    'admissionBatches',
    'admissionInformation',
    'schoolSettings',
    'semesters',
    'semesterRegistrations',
    'schoolUnits',
    'qualifications',
    'matricNumberFormats',
    'staff',
    'courses',
    'prerequisites',
    'courseLecturers',
    'courseAdvisers',
    'registrationLimits',
    'departmentCourses',
    'timetable',
    'scoreSchemes',
    'scoreItems',
    'gradeScales',
    'grades',
    'gradePoints',
    'coreGrades',
    'degreeClasses',
    'reviewStages',
    'reviewStageHolders',
    'paymentCategories',
    'paymentItems',
    'feeSchedule',
    'itemSchedules',
    'campuses',
    'hostels',
    'blocks',
    'rooms',
    'schoolOfficials',
    'discussionTypes',
  ],
  platform: ['sessions', 'rateLimits', 'mailOutbox'],
  admin: ['pages', 'roles', 'rolePages', 'adminRoles', 'auditLog'],
  auth: ['passwordResets'],
  admissions: ['admissionForms', 'admissionListPublications'],
  imports: ['importJobs'],
  applicants: ['guardians', 'listedApplicants'],
  olevel: ['olevelResults'],
  documents: ['applicantDocuments'],
  payments: ['payments', 'paymentEvents', 'feeAccounts'],
  bursary: ['paymentSessionMoves'],
  records: [
    'applicantClearances',
    'matricCounters',
    'olevelVerifications',
    'siwesLetters',
    'studentImportJobs',
  ],
  students: ['studentDocuments', 'studentForms'],
  courses: [
    'courseRegistrations',
    'courseRegistrationCourses',
    'courseRegistrationEvents',
    'lateRegistrationFees',
  ],
  results: [
    'courseResults',
    'resultSheets',
    'resultEntries',
    'resultSheetEvents',
    'resultQueries',
    'resultDocuments',
    'transcriptRequests',
    'transcriptFees',
    'storedBroadsheets',
    'scoreProposals',
  ],
  hostels: [
    'hostelRounds',
    'hostelFees',
    'hostelApplications',
    'hostelAllocations',
    'hostelWaitingList',
    'hostelFeePayments',
    'hostelEvents',
  ],
  offerings: ['courseAuditEnrolments'],
  notifications: ['notifications', 'notificationAudiences', 'notificationReads'],
  announcements: ['announcements'],
  broadcasts: ['broadcasts'],
  content: ['contentSections', 'contentItems', 'contentProgress', 'contentVisits'],
  uploads: ['uploads'],
  discussions: ['discussionThreads', 'discussionPosts', 'discussionReports'],
  assignments: ['assignments', 'assignmentFiles', 'assignmentSubmissions'],
  liveclasses: ['liveClasses', 'liveClassAttendance'],
  cbt: ['cbtTopics', 'cbtQuestions', 'cbtExams', 'cbtAttempts', 'cbtAnswerLog', 'cbtAttemptEvents'],
};

/**
 * Reads of another module's tables that stand today, each a join its repository makes; a new one
 * fails lint. Each is to move behind the owner's service when its repository is next changed.
 */
export const TABLE_READERS = {
  pages: ['auth'],
  rolePages: ['auth'],
  adminRoles: ['auth'],
  admissionForms: ['documents'],
  applicantDocuments: ['applicants', 'imports', 'records'],
  olevelResults: ['applicants'],
  payments: ['admissions', 'applicants', 'bursary', 'transactions'],
  feeAccounts: ['hostels'],
  siwesLetters: ['letters'],
  courseRegistrations: ['results'],
  courseResults: ['courses'],
};

/** The tables a module may import from db/schema: its own, the registry's, and the reads granted above. */
export function tablesReadableBy(module) {
  const own = TABLE_OWNERS[module] ?? [];
  const granted = Object.entries(TABLE_READERS)
    .filter(([, readers]) => readers.includes(module))
    .map(([table]) => table);
  return [...TABLE_OWNERS.registry, ...own, ...granted];
}

/** Every table named above. */
export const ALL_TABLES = Object.values(TABLE_OWNERS).flat();
