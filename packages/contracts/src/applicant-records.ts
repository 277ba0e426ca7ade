import { z } from 'zod';
import { adminPaged, applicationsQuery } from './admin.js';

/**
 * The /app console's applicant records (`olevel`, `jamb`, `biodata`): read-only views of the
 * admission session's applicants, each a set of columns declared once here. The list, the CSV and
 * XLSX exports and the web table all follow from these declarations.
 */
export const APPLICANT_RECORD_COLUMNS = {
  jambRegNo: 'JAMB Number',
  name: 'Name',
  gender: 'Gender',
  dateOfBirth: 'Date of Birth',
  maritalStatus: 'Marital Status',
  state: 'State',
  lga: 'LGA',
  phone: 'Phone',
  email: 'E-mail',
  department: 'Department',
  courseOfStudy: 'Course',
  entryMode: 'Entry Mode',
  utmeScore: 'UTME Score',
  capsStatus: 'CAPS Status',
  sittings: 'Sittings',
  credits: 'Credits',
  results: "O'level Results",
  status: 'Admission Status',
} as const;
export type ApplicantRecordColumn = keyof typeof APPLICANT_RECORD_COLUMNS;

/** Each view's columns, in order; the first two identify the applicant on a phone's card. */
export const APPLICANT_RECORD_VIEWS = {
  olevel: ['jambRegNo', 'name', 'sittings', 'credits', 'results', 'department', 'status'],
  jamb: [
    'jambRegNo',
    'name',
    'utmeScore',
    'capsStatus',
    'entryMode',
    'department',
    'courseOfStudy',
    'state',
    'status',
  ],
  biodata: [
    'jambRegNo',
    'name',
    'gender',
    'dateOfBirth',
    'maritalStatus',
    'state',
    'lga',
    'phone',
    'email',
    'department',
    'status',
  ],
} as const satisfies Record<string, readonly ApplicantRecordColumn[]>;
export type ApplicantRecordView = keyof typeof APPLICANT_RECORD_VIEWS;
export const APPLICANT_RECORD_VIEW_NAMES = Object.keys(APPLICANT_RECORD_VIEWS) as [
  ApplicantRecordView,
  ...ApplicantRecordView[],
];

/** A grade that is a credit: A1 to C6 (rank 1 to 6). */
export const OLEVEL_CREDIT_RANK = 6;

export const applicantRecordViewParam = z.object({
  view: z.enum(APPLICANT_RECORD_VIEW_NAMES, {
    error: `The view must be one of ${APPLICANT_RECORD_VIEW_NAMES.join(', ')}.`,
  }),
});

/** The applications list's filters (department, course, state, session, score, status, search), paged and sorted. */
export const applicantRecordsQuery = applicationsQuery;
export type ApplicantRecordsQuery = z.input<typeof applicantRecordsQuery>;

export const applicantRecordsExportQuery = applicationsQuery
  .omit({ page: true, pageSize: true })
  .extend({ format: z.enum(['csv', 'xlsx']).default('csv') });

export const applicantRecordCell = z.union([z.string(), z.number(), z.null()]);
export const applicantRecordRow = z.object({
  id: z.number().int(),
  cells: z.partialRecord(
    z.enum(Object.keys(APPLICANT_RECORD_COLUMNS) as [ApplicantRecordColumn]),
    applicantRecordCell,
  ),
});
export type ApplicantRecordRow = z.infer<typeof applicantRecordRow>;
export const applicantRecordsResponse = adminPaged(applicantRecordRow);

/** The API's paths for a view (`':view'`: the route's pattern). */
export const APPLICANT_RECORDS_API = {
  list: (view: ApplicantRecordView | ':view') => `/api/admin/applicant-records/${view}`,
  export: (view: ApplicantRecordView | ':view') => `/api/admin/applicant-records/${view}/export`,
} as const;
