/**
 * The admin area's pages, grouped into sidebar menus: [menu id, menu name, icon, pages]. A page is
 * the route it opens under /admin and the unit of permission. The seed stores, and the sidebar shows,
 * only the pages that work: registry pages and the workflow pages in BUILT_WORKFLOW_PAGES. The rest
 * are the specification's pages that later work will build.
 */
export const ADMIN_MENUS: readonly (readonly [number, string, string, readonly string[]])[] = [
  [
    1,
    'Administration',
    'admin_panel_settings',
    ['roles', 'administrators', 'AuditTrail', 'Transaction', 'studentAccess', 'schoolofficials', 'staff'],
  ],
  [
    2,
    'Admissions',
    'how_to_reg',
    [
      'admission/admissionSession',
      'setupadmissionbatch',
      'admissioninformation',
      'admissiondocument',
      'PostUtmeList',
      'CAPSList',
      'uploadadmissionlist',
      'utmeImages',
      'allapplications',
      'inprogress',
      'completed',
      'ScreenAdmission',
      'verifyadmission',
      'confirmadmission',
      'rejected',
      'admissionlist',
      'screeningreport',
      'admission/payments',
      'admission/export',
      'ProspectiveStudent',
    ],
  ],
  [
    3,
    'Academics',
    'school',
    [
      'academicsession',
      'semesters',
      'semesterRegistration',
      'levels',
      'faculty',
      'Department',
      'schoolunits',
      'programmes',
      'Courseofstudy',
      'qualifications',
      'timetable',
      'state',
      'lga',
    ],
  ],
  [
    4,
    'Courses',
    'menu_book',
    [
      'SetupCourses',
      'AddEditCourses',
      'courses/uploadCourse',
      'PrerequisiteCourses',
      'CourseLecturers',
      'ProgramRegistrationLImit',
      'departmentcourses',
      'CourseAdvisers',
      'RegisteredCourse',
      'studentcourselist',
      'courseRegistration',
    ],
  ],
  [
    5,
    'Payments',
    'payments',
    [
      'paymentcategory',
      'schoolpaymentsitem',
      'setuppaymentitems',
      'departmenttuition',
      'itemschedule',
      'studentpayments',
      'PaymentHistory',
      'UpdatePaymentSession',
      'revenue',
      'debtorslist',
      'SummaryofPayments',
    ],
  ],
  [
    6,
    'Students',
    'groups',
    [
      'matricnumberformat',
      'studentenquiry',
      'addnew',
      'studentforms',
      'matriculation',
      'siwes',
      'WAECVerify',
    ],
  ],
  [
    7,
    'Hostels',
    'hotel',
    [
      'Campus',
      'Hostels',
      'Blocks',
      'Rooms',
      'HostelAvailability',
      'HostelAllocation',
      'ReservedRooms',
      'AllocateReservedRoom',
    ],
  ],
  [
    8,
    'Results',
    'grading',
    [
      'scoreitems',
      'schoolgrades',
      'grades',
      'gradepoints',
      'coregrades',
      'Classofdegrees',
      'resultupload',
      'viewResult',
      'ReviewResult',
      'ReviewSetup',
      'resultSheet',
      'marksheet',
      'Transcript',
    ],
  ],
  [
    9,
    'E-Learning',
    'cast_for_education',
    [
      'discussiontypes',
      'managecontent',
      'LiveClassroom',
      'cbt',
      'assignment',
      'announcement',
      'learningdiscussion',
      'studentdiscussion',
      'generaldiscussion',
    ],
  ],
  [10, 'Settings', 'settings', ['schoolinformation', 'schoolsettings']],
  // The /app area's pages that roles are given like admin pages (issue 24): see APP_AREA_PAGES.
  [
    11,
    'Classroom',
    'rate_review',
    [
      'content-review',
      'SendBroadcast',
      'classroomReview',
      'setup-config',
      'dashboard',
      'LearnersManagement',
      'instructorManagement',
    ],
  ],
];

/**
 * Pages of the /app area (an admin signed in through /signin), granted through roles like admin
 * pages: their links open /app/<page>, not /admin/<page>.
 */
export const APP_AREA_PAGES: ReadonlySet<string> = new Set([
  'content-review',
  'SendBroadcast',
  'classroomReview',
  'setup-config',
  'dashboard',
  'LearnersManagement',
  'instructorManagement',
]);

/** Course registration's admin pages (issue 13). */
const COURSE_REGISTRATION_PAGES = ['courseRegistration', 'RegisteredCourse', 'studentcourselist'] as const;
/** Results' admin pages (issue 14); the first four choose a semester. */
const RESULT_PAGES = [
  'resultupload',
  'marksheet',
  'ReviewResult',
  'resultSheet',
  'viewResult',
  'Transcript',
] as const;

/**
 * Pages served by their own screens (not the registry): the administration's first four and every
 * admissions page (the registry adds the admission season's set-up pages itself).
 */
export const BUILT_WORKFLOW_PAGES: readonly string[] = [
  ...ADMIN_MENUS[0]![3].slice(0, 4),
  ...ADMIN_MENUS[1]![3],
  // The bursary's pages (issue 12 §6).
  'studentpayments',
  'PaymentHistory',
  'UpdatePaymentSession',
  'revenue',
  'SummaryofPayments',
  'studentforms',
  // The registry's student pages (issue 12).
  ...['studentAccess', 'studentenquiry', 'addnew', 'matriculation', 'siwes', 'WAECVerify'],
  'debtorslist',
  ...COURSE_REGISTRATION_PAGES,
  ...RESULT_PAGES,
  // Hostel allocation (issue 15).
  'HostelAvailability',
  'HostelAllocation',
  'ReservedRooms',
  'AllocateReservedRoom',
  // Course content (issue 24): the authors' page and the reviewers' /app page.
  'managecontent',
  'content-review',
  // Announcements and broadcasts (issue 25).
  'announcement',
  'SendBroadcast',
  // Discussions (issue 25): taking part and moderating.
  'learningdiscussion',
  'studentdiscussion',
  'generaldiscussion',
  // Assignments (issue 25): set, graded and returned by the offering's lecturers.
  'assignment',
  // Live classes (issue 26): the lecturers' page and the /app review.
  'LiveClassroom',
  'classroomReview',
  // Computer-based tests (issue 27): banks, exams, invigilation and analysis.
  'cbt',
  // The /app console's reading of the configuration (issue 28).
  'setup-config',
  // The /app console's learning platform at a glance (issue 28).
  'dashboard',
  // Who takes each course offering and what they do in it (issue 28).
  'LearnersManagement',
  // The lecturers, their activity and their teaching trail (issue 28).
  'instructorManagement',
];

/**
 * Where an admin page lives: /admin/ + the page name with everything but letters and '/' removed;
 * an /app area page (APP_AREA_PAGES) lives at /app/<page>.
 */
export const adminPagePath = (page: string) =>
  APP_AREA_PAGES.has(page) ? `/app/${page}` : `/admin/${page.replace(/[^A-Za-z/]/g, '')}`;

/** The message id of a page's readable name (sidebar, breadcrumb, page title): adminPage.<path>. */
export const adminPageLabelId = (page: string) =>
  `adminPage.${page.replace(/[^A-Za-z/]/g, '').replace(/\//g, '.')}`;

/**
 * Workflow pages that choose records of a registry resource in their filters (its options list,
 * GET /api/admin/<name>/options), beyond the pages of the resources that refer to it.
 */
/** Announcements and broadcasts (issue 25) narrow students by faculty, department and level. */
const AUDIENCE_PAGES = ['announcement', 'SendBroadcast'];

export const OPTION_READERS: Readonly<Record<string, readonly string[]>> = {
  semesters: [...COURSE_REGISTRATION_PAGES, ...RESULT_PAGES.slice(0, 4)],
  departments: [...COURSE_REGISTRATION_PAGES, 'resultSheet', ...AUDIENCE_PAGES, 'studentdiscussion'],
  levels: [
    ...COURSE_REGISTRATION_PAGES,
    'resultSheet',
    'HostelAllocation',
    ...AUDIENCE_PAGES,
    'studentdiscussion',
  ],
  faculties: AUDIENCE_PAGES,
  courses: ['studentcourselist'],
  'academic-sessions': ['HostelAllocation'],
  hostels: ['HostelAllocation'],
};
