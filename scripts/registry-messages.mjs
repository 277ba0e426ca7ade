#!/usr/bin/env node
// The admin catalogue's labels that follow from the registry and the page list, by convention:
//   adminPage.<page>  readable page names (sidebar, breadcrumb, page title) — English below
//   adminMenu.<id>    sidebar menu names
//   resource.<name>   a resource's record noun ('Add faculty')
//   field.<key>       a field's label (field.<name>.<key> where one resource labels it otherwise)
//   choice.<value>    a choice's label
// Prints the ids the English admin catalogue lacks (or --write adds them) and the ones of these
// families it keeps that nothing declares any more; exits 1 when there are any. Translations are
// added by hand (the browser tests check every locale has every id).
import { readFileSync, writeFileSync } from 'node:fs';
import { ADMIN_MENUS, REGISTRY_SPECS, adminPageLabelId, fieldLabel } from '@portal/contracts';

export const PAGE_NAMES = {
  roles: 'Roles',
  administrators: 'Administrators',
  AuditTrail: 'Audit Trail',
  Transaction: 'Transaction',
  studentAccess: 'Student Access',
  schoolofficials: 'School Officials',
  staff: 'Staff',
  'admission/admissionSession': 'Admission Sessions',
  setupadmissionbatch: 'Admission Batches',
  admissioninformation: 'Admission Information',
  admissiondocument: 'Admission Documents',
  PostUtmeList: 'Post-UTME List',
  CAPSList: 'CAPS List',
  uploadadmissionlist: 'Upload Admission List',
  utmeImages: 'UTME Images',
  allapplications: 'All Applications',
  inprogress: 'Applications in Progress',
  completed: 'Completed Applications',
  ScreenAdmission: 'Screen Admission',
  verifyadmission: 'Verify Admission',
  confirmadmission: 'Confirm Admission',
  rejected: 'Rejected Applications',
  admissionlist: 'Admission List',
  screeningreport: 'Screening Report',
  'admission/payments': 'Admission Payments',
  'admission/export': 'Export Applications',
  ProspectiveStudent: 'Prospective Students',
  academicsession: 'Academic Sessions',
  semesters: 'Semesters',
  semesterRegistration: 'Semester Registration',
  levels: 'Levels',
  faculty: 'Faculties',
  Department: 'Departments',
  schoolunits: 'School Units',
  programmes: 'Programmes',
  Courseofstudy: 'Courses of Study',
  qualifications: 'Qualifications',
  timetable: 'Timetable',
  state: 'States',
  lga: 'LGAs',
  SetupCourses: 'Setup Courses',
  AddEditCourses: 'Add/Edit Courses',
  'courses/uploadCourse': 'Upload Courses',
  PrerequisiteCourses: 'Prerequisite Courses',
  CourseLecturers: 'Course Lecturers',
  ProgramRegistrationLImit: 'Program Registration Limit',
  departmentcourses: 'Department Courses',
  CourseAdvisers: 'Course Advisers',
  RegisteredCourse: 'Registered Courses',
  studentcourselist: 'Student Course List',
  courseRegistration: 'Course Registration',
  paymentcategory: 'Payment Categories',
  schoolpaymentsitem: 'School Payment Items',
  setuppaymentitems: 'Setup Payment Items',
  departmenttuition: 'Department Tuition',
  itemschedule: 'Instalment Schedule',
  studentpayments: 'Student Payments',
  PaymentHistory: 'Payment History',
  UpdatePaymentSession: 'Update Payment Session',
  revenue: 'Revenue',
  debtorslist: 'Debtors List',
  SummaryofPayments: 'Summary of Payments',
  matricnumberformat: 'Matric Number Format',
  studentenquiry: 'Student Enquiry',
  addnew: 'Add New Student',
  studentforms: 'Student Forms',
  matriculation: 'Matriculation',
  siwes: 'SIWES',
  WAECVerify: 'WAEC Verification',
  Campus: 'Campuses',
  Hostels: 'Hostels',
  Blocks: 'Blocks',
  Rooms: 'Rooms',
  HostelAvailability: 'Hostel Availability',
  HostelAllocation: 'Hostel Allocation',
  ReservedRooms: 'Reserved Rooms',
  AllocateReservedRoom: 'Allocate Reserved Room',
  scoreitems: 'Score Items',
  schoolgrades: 'Grade Scales',
  grades: 'Grades',
  gradepoints: 'Grade Points',
  coregrades: 'Core Grades',
  Classofdegrees: 'Classes of Degree',
  resultupload: 'Result Upload',
  viewResult: 'View Results',
  ReviewResult: 'Review Results',
  ReviewSetup: 'Review Setup',
  resultSheet: 'Result Sheet',
  marksheet: 'Mark Sheet',
  Transcript: 'Transcripts',
  discussiontypes: 'Discussion Types',
  managecontent: 'Manage Content',
  'content-review': 'Content Review',
  SendBroadcast: 'Send Broadcast',
  'setup-config': 'Setup and Configurations',
  classroomReview: 'Classroom Review',
  LiveClassroom: 'Live Classroom',
  cbt: 'CBT',
  assignment: 'Assignments',
  announcement: 'Announcements',
  learningdiscussion: 'Learning Discussion',
  studentdiscussion: 'Student Discussion',
  generaldiscussion: 'General Discussion',
  schoolinformation: 'School Information',
  schoolsettings: 'School Settings',
  dashboard: 'Learning platform dashboard',
  LearnersManagement: 'Learners Management',
  instructorManagement: 'Manage Audits',
};

/** Switch buttons: the label that turns the switch on, and off where it can be turned off by hand. */
export const SWITCH_NAMES = {
  active: ['Activate', 'Deactivate'],
  current: ['Make current'],
  open: ['Open', 'Close'],
  reserved: ['Reserve', 'Release'],
  default: ['Make default'],
  publish: ['Publish', 'Withdraw'],
};

const slug = (value) => value.replace(/[^A-Za-z0-9]/g, '');

export function registryMessages() {
  const messages = {};
  for (const [id, name, , pages] of ADMIN_MENUS) {
    messages[`adminMenu.${id}`] = name;
    for (const page of pages) {
      if (!PAGE_NAMES[page]) throw new Error(`No English name for the page ${page}`);
      messages[adminPageLabelId(page)] = PAGE_NAMES[page];
    }
  }
  const labels = new Map();
  // A key's plain label (from the key itself) is its common one; a resource that says otherwise gets its own id.
  const plain = new Map();
  for (const spec of REGISTRY_SPECS) {
    messages[`resource.${spec.name}`] =
      spec.label.charAt(0) === spec.label.charAt(0).toUpperCase() &&
      spec.label.slice(1, 2) === spec.label.slice(1, 2).toUpperCase()
        ? spec.label
        : spec.label.toLowerCase();
    for (const [key, field] of Object.entries(spec.fields)) {
      const label = fieldLabel(key, field);
      if (!labels.has(key)) labels.set(key, new Map());
      labels.get(key).set(spec.name, label);
      if (!field.label) plain.set(key, label);
      if (field.kind === 'choice')
        for (const value of field.choices) messages[`choice.${slug(value)}`] = value;
      if (field.patternHint) messages[`hint.${spec.name}.${key}`] = field.patternHint;
      if (field.help) messages[`help.${spec.name}.${key}`] = field.help;
      if (field.kind === 'flag' && field.switch) {
        const [on, off] = SWITCH_NAMES[field.switch] ?? [];
        if (!on) throw new Error(`No button label for the switch ${field.switch}`);
        messages[`switch.${field.switch}.on`] = on;
        if (off) messages[`switch.${field.switch}.off`] = off;
      }
    }
  }
  for (const [key, byResource] of labels) {
    const counts = new Map();
    for (const label of byResource.values()) counts.set(label, (counts.get(label) ?? 0) + 1);
    const common = plain.get(key) ?? [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    messages[`field.${key}`] = common;
    for (const [name, label] of byResource) if (label !== common) messages[`field.${name}.${key}`] = label;
  }
  return messages;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = new URL('../apps/web/src/i18n/messages/admin/en.json', import.meta.url);
  const catalogue = JSON.parse(readFileSync(file, 'utf8'));
  const wanted = registryMessages();
  const missing = Object.keys(wanted).filter((id) => !(id in catalogue));
  const families = /^(adminPage|adminMenu|resource|field|choice|hint|help|switch)\./;
  const stale = Object.keys(catalogue).filter((id) => families.test(id) && !(id in wanted));
  if (process.argv.includes('--write')) {
    for (const id of missing) catalogue[id] = wanted[id];
    writeFileSync(file, JSON.stringify(catalogue, null, 2) + '\n');
    console.log(`added ${missing.length} ids`);
  } else if (missing.length || stale.length) {
    console.log(
      JSON.stringify({ missing: Object.fromEntries(missing.map((id) => [id, wanted[id]])), stale }, null, 2),
    );
    process.exitCode = 1;
  } else {
    console.log(`registry labels: all ${Object.keys(wanted).length} ids in the English admin catalogue`);
  }
}
