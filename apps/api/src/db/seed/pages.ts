import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { pages, rolePages, roles } from '../schema/index.js';

/**
 * The admin pages, grouped into sidebar menus: [menu id, menu name, icon, pages]. Each page is
 * the route it opens under /admin (a page is also the unit of permission).
 */
export const ADMIN_MENUS: readonly [number, string, string, readonly string[]][] = [
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
      'Courseofstudy',
      'programmes',
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
      'PrerequisiteCourses',
      'CourseLecturers',
      'ProgramRegistrationLImit',
      'departmentcourses',
      'RegisteredCourse',
      'studentcourselist',
      'courseRegistration',
      'courses/uploadCourse',
    ],
  ],
  [
    5,
    'Payments',
    'payments',
    [
      'studentpayments',
      'paymentcategory',
      'schoolpaymentsitem',
      'setuppaymentitems',
      'itemschedule',
      'departmenttuition',
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
      'studentenquiry',
      'addnew',
      'studentforms',
      'matriculation',
      'siwes',
      'WAECVerify',
      'matricnumberformat',
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
      'gradepoints',
      'grades',
      'schoolgrades',
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
      'managecontent',
      'LiveClassroom',
      'cbt',
      'assignment',
      'announcement',
      'learningdiscussion',
      'studentdiscussion',
      'generaldiscussion',
      'discussiontypes',
    ],
  ],
  [10, 'Settings', 'settings', ['schoolinformation', 'schoolsettings']],
];

export const SUPER_ADMIN_ROLE = 'Super Admin';
export const ADMISSIONS_ROLE = 'Admissions Officer';

export async function seedPages(db: Db): Promise<void> {
  await db
    .insert(pages)
    .values(
      ADMIN_MENUS.flatMap(([menuId, menuName, menuIcon, list]) =>
        list.map((page) => ({ menuId, menuName, menuIcon, page })),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(roles)
    .values([
      { name: SUPER_ADMIN_ROLE, description: 'Every admin page' },
      { name: ADMISSIONS_ROLE, description: 'The admissions pages' },
    ])
    .onConflictDoNothing();
  const allPages = await db.select({ id: pages.id, menuId: pages.menuId }).from(pages);
  const roleRows = await db
    .select()
    .from(roles)
    .where(inArray(roles.name, [SUPER_ADMIN_ROLE, ADMISSIONS_ROLE]));
  const superRole = roleRows.find((r) => r.name === SUPER_ADMIN_ROLE)!;
  const admissionsRole = roleRows.find((r) => r.name === ADMISSIONS_ROLE)!;
  // The super admin role always holds every page, including pages added by later releases.
  await db
    .insert(rolePages)
    .values(allPages.map((p) => ({ roleId: superRole.id, pageId: p.id })))
    .onConflictDoNothing();
  const existing = await db.select().from(rolePages).where(eq(rolePages.roleId, admissionsRole.id)).limit(1);
  if (existing.length === 0) {
    await db
      .insert(rolePages)
      .values(
        allPages.filter((p) => p.menuId === 2).map((p) => ({ roleId: admissionsRole.id, pageId: p.id })),
      )
      .onConflictDoNothing();
  }
}
