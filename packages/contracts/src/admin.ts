import { z } from 'zod';
import { TRANSACTIONS_DEFAULT_PAGE, TRANSACTIONS_DEFAULT_PAGE_SIZE } from './constants.js';
import { MAX_RECORD_ID, RECORD_ID_MESSAGE, recordId, recordIdNumber } from './ids.js';

/**
 * The admin area: roles and users (spec §7 `AdminRole/*`, `Admin/CreateUserAsync`), the audit
 * trail, the admission season's set-up, loading candidates, processing applications, the
 * dashboard and the transactions list.
 */

/** The admin messages of spec §8, word for word, and a few of our own. */
export const ADMIN_MESSAGES = {
  noRoles: 'There are no Roles presently',
  noUsers: 'There are no Users presently',
  noUserRoles: 'There are no Roles Assigned to User',
  roleAddFailed: 'An error occurred in adding admin role',
  userAddFailed: 'An error occurred in adding admin user',
  userUpdateFailed: 'An error occurred in updating admin user',
  permissionsFailed: 'An error occured in fetching permissions',
  userAdded: 'user added successfully',
  userUpdated: 'user updated successfully',
  roleAdded: 'Role added successfully',
  roleUpdated: 'Role updated successfully',
  roleDeleted: 'Role deleted successfully',
  userNotFound: 'User not found.',
  roleNotFound: 'Role not found.',
  roleNameTaken: 'A role with this name already exists.',
  emailTaken: 'An admin with this e-mail already exists.',
  unknownPages: 'One or more of the selected pages do not exist.',
  unknownRoles: 'One or more of the selected roles do not exist.',
  selfDeactivate: 'You cannot deactivate your own account.',
  lockout: 'This change would leave no active administrator able to manage roles and administrators.',
  roleInUse: 'This role is assigned to administrators; remove it from them first.',
  transactionsFailed: 'Unable to load data.',
  recordInUse: 'This record is in use and cannot be deleted.',
  duplicate: 'A record with these details already exists.',
  /** The same file uploaded again while its first import runs (either import module). */
  importRunning:
    'This file is already being imported. Wait for that import to finish: importing the file again then changes nothing.',
} as const;

/** The permission pages the admin API is guarded by (from the seeded page list). */
export const ADMIN_PAGES = {
  roles: 'roles',
  administrators: 'administrators',
  auditTrail: 'AuditTrail',
  transaction: 'Transaction',
  admissionSession: 'admission/admissionSession',
  admissionBatch: 'setupadmissionbatch',
  admissionInformation: 'admissioninformation',
  admissionDocument: 'admissiondocument',
  postUtmeList: 'PostUtmeList',
  capsList: 'CAPSList',
  uploadAdmissionList: 'uploadadmissionlist',
  utmeImages: 'utmeImages',
  allApplications: 'allapplications',
  inProgress: 'inprogress',
  completed: 'completed',
  screen: 'ScreenAdmission',
  verify: 'verifyadmission',
  confirm: 'confirmadmission',
  rejected: 'rejected',
  admissionList: 'admissionlist',
  screeningReport: 'screeningreport',
  admissionPayments: 'admission/payments',
  admissionExport: 'admission/export',
} as const;

const id = recordId;
const isoDate = z.iso.date('Use a date in the form YYYY-MM-DD.');

/** Paging for admin lists: page from 1, pageSize up to 100. */
export const adminPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function adminPaged<T extends z.ZodType>(item: T) {
  return z.object({
    Status: z.string(),
    Message: z.string().optional(),
    Data: z.array(item),
    Page: z.number().int(),
    PageSize: z.number().int(),
    Total: z.number().int(),
  });
}

export const okMessage = z.object({ Status: z.string(), Message: z.string() });

// ───────────────────────────── pages, roles, users ─────────────────────────────

/** One entry of the page catalogue (`Data5` shape plus its id). */
export const pageCatalogueEntry = z.object({
  PageId: z.number().int(),
  Menu_Id: z.number().int(),
  Menu_Name: z.string(),
  Menu_Icon: z.string(),
  Page: z.string(),
});
export type PageCatalogueEntry = z.infer<typeof pageCatalogueEntry>;

export const pagesResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(pageCatalogueEntry),
});

export const roleItem = z.object({
  RoleId: z.number().int(),
  RoleName: z.string(),
  Description: z.string(),
  Pages: z.array(pageCatalogueEntry),
  UserCount: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;

export const rolesResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(roleItem),
});

/** Create (no RoleId, or 0) or update a role with its pages. */
export const createRoleRequest = z.object({
  RoleId: z.coerce.number().int().min(0).max(MAX_RECORD_ID, RECORD_ID_MESSAGE).optional(),
  RoleName: z
    .string()
    .trim()
    .min(2, 'Role name must have at least 2 characters.')
    .max(80, 'Role name is too long.'),
  Description: z.string().trim().max(300).optional().default(''),
  PageIds: z
    .array(recordIdNumber)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'A page is listed twice.'),
});
export type CreateRoleRequest = z.input<typeof createRoleRequest>;

export const roleResponse = z.object({ Status: z.string(), Message: z.string(), Data: roleItem.optional() });

export const userRole = z.object({ RoleId: z.number().int(), RoleName: z.string() });

export const adminUserItem = z.object({
  UserId: z.number().int(),
  Email: z.string(),
  IsActive: z.boolean(),
  IsFirstLogin: z.boolean(),
  Username: z.string(),
  Fullname: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Roles: z.array(userRole),
  permissions: z.array(z.string()),
  CreatedAt: z.string(),
});
export type AdminUserItem = z.infer<typeof adminUserItem>;

export const usersQuery = adminPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  isActive: z.enum(['true', 'false']).optional(),
});
export const usersResponse = adminPaged(adminUserItem);

/** Add (no UserId, or 0) or update an admin user. A new admin's default password is e-mailed. */
export const createUserRequest = z.object({
  UserId: z.coerce.number().int().min(0).max(MAX_RECORD_ID, RECORD_ID_MESSAGE).optional(),
  Email: z.string().trim().toLowerCase().pipe(z.email('Email is invalid')),
  FirstName: z.string().trim().min(1, 'First name is required.').max(80),
  LastName: z.string().trim().min(1, 'Last name is required.').max(80),
  RoleIds: z
    .array(recordIdNumber)
    .max(50)
    .refine((ids) => new Set(ids).size === ids.length, 'A role is listed twice.'),
  IsActive: z.boolean().optional(),
});
export type CreateUserRequest = z.input<typeof createUserRequest>;

export const userResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: adminUserItem.optional(),
});

export const userRolesResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: z.array(roleItem),
});

// ───────────────────────────────── audit trail ─────────────────────────────────

export const auditQuery = adminPageQuery.extend({
  /** The admin who made the change. */
  actorId: id.optional(),
  /** Part of the admin's e-mail. */
  actor: z.string().trim().max(254).optional(),
  /** The permission page the change was made through (named pageName because `page` pages the list). */
  pageName: z.string().trim().max(100).optional(),
  action: z.string().trim().max(50).optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
  /** Inclusive days, in the institution's time (West Africa Time). */
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AuditQuery = z.input<typeof auditQuery>;

export const auditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  actorAdminId: z.number().int().nullable(),
  actorEmail: z.string(),
  page: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export const auditResponse = adminPaged(auditItem);

// ─────────────────── admission documents (the engine, with a stored file) ───────────────────

/** Metadata of an admission document; the file itself travels as multipart (field `file`). */
export const admissionDocumentInput = z.object({
  name: z.string().trim().min(2, 'Document name must have at least 2 characters.').max(200),
  description: z.string().trim().max(1000).default(''),
  type: z.number().int().min(1).max(9).default(2),
  /** Empty means every level / department. */
  levelIds: z.array(recordIdNumber).max(50).default([]),
  departmentIds: z.array(recordIdNumber).max(500).default([]),
  isActive: z.boolean().default(true),
});
export const admissionDocumentItem = admissionDocumentInput.extend({
  id: z.number().int(),
  fileExt: z.string(),
  contentType: z.string(),
  createdAt: z.string(),
  /** Admin download of the stored file. */
  fileUrl: z.string(),
});

/** What the generic list endpoints of a reference resource accept. */
export const resourceListQuery = adminPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});

// ───────────────────────────── loading candidates ─────────────────────────────

export const IMPORT_KINDS = ['PostUtmeList', 'CAPSList', 'uploadadmissionlist', 'utmeImages'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const importJobItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  /** queued → running → issuing (default passwords being issued) → done | failed */
  status: z.string(),
  fileName: z.string(),
  format: z.string(),
  admissionSessionId: z.number().int().nullable(),
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  createdCount: z.number().int(),
  updatedCount: z.number().int(),
  unchangedCount: z.number().int(),
  invalidCount: z.number().int(),
  accountsPending: z.number().int(),
  accountsIssued: z.number().int(),
  errors: z.array(z.string()),
  /** Rows imported with an optional field left empty (an LGA not in the stated state, …). */
  warnedCount: z.number().int(),
  /** The first 1,000 such notes, each naming its row. */
  warnings: z.array(z.string()),
  message: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type ImportJobItem = z.infer<typeof importJobItem>;
export const importJobResponse = z.object({
  Status: z.string(),
  Message: z.string().optional(),
  Data: importJobItem,
});
export const importJobsResponse = adminPaged(importJobItem);

// ───────────────────────────── processing applications ─────────────────────────────

export const APPLICATION_VIEWS = [
  'all',
  'inprogress',
  'completed',
  'screening',
  'verification',
  'confirmation',
  'rejected',
  'admitted',
] as const;
export type ApplicationView = (typeof APPLICATION_VIEWS)[number];

export const APPLICATION_STAGES = [
  'new',
  'biodata',
  'olevel',
  'documents',
  'registered',
  'screened',
  'verified',
  'admitted',
  'accepted',
  'rejected',
] as const;

export const applicationsQuery = adminPageQuery.extend({
  departmentId: id.optional(),
  courseOfStudyId: id.optional(),
  stateId: id.optional(),
  admissionSessionId: id.optional(),
  minScore: z.coerce.number().int().min(0).max(400).optional(),
  maxScore: z.coerce.number().int().min(0).max(400).optional(),
  /** admission status: none, screened, verified, admitted, rejected */
  status: z.enum(['none', 'screened', 'verified', 'admitted', 'rejected']).optional(),
  /** Part of a name, or a JAMB number. */
  search: z.string().trim().max(100).optional(),
  sort: z
    .enum(['createdAt', 'name', 'score', 'jambRegNo', 'registeredAt', 'department'])
    .default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type ApplicationsQuery = z.input<typeof applicationsQuery>;

export const applicationItem = z.object({
  id: z.number().int(),
  jambRegNo: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  otherName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  courseOfStudyId: z.number().int().nullable(),
  courseOfStudy: z.string().nullable(),
  stateId: z.number().int().nullable(),
  stateName: z.string().nullable(),
  lgaName: z.string().nullable(),
  utmeScore: z.number().int().nullable(),
  capsStatus: z.string().nullable(),
  admissionStatus: z.string(),
  /** One of APPLICATION_STAGES. */
  stage: z.string(),
  registeredAt: z.string().nullable(),
  admittedAt: z.string().nullable(),
  acceptancePaidAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type ApplicationItem = z.infer<typeof applicationItem>;
export const applicationsResponse = adminPaged(applicationItem);

export const exportQuery = applicationsQuery.omit({ page: true, pageSize: true }).extend({
  view: z.enum(APPLICATION_VIEWS).default('all'),
  format: z.enum(['csv', 'xlsx']).default('csv'),
});

export const bulkIds = z
  .array(recordIdNumber)
  .min(1, 'Select at least one applicant.')
  .max(1000, 'Select at most 1000 applicants at a time.')
  .refine((ids) => new Set(ids).size === ids.length, 'An applicant is selected twice.');

export const bulkActionRequest = z.object({ ids: bulkIds });
export const rejectRequest = z.object({
  ids: bulkIds,
  reason: z.string().trim().min(3, 'Give a reason for the rejection.').max(500),
});
export const bulkActionResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: z.object({ ids: z.array(z.number().int()) }),
});

export const publishListRequest = z.object({
  admissionSessionId: recordIdNumber,
  publish: z.boolean(),
});

export const screeningReport = z.object({
  total: z.number().int(),
  byStage: z.record(z.string(), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
  byDepartment: z.array(
    z.object({
      departmentId: z.number().int().nullable(),
      departmentName: z.string().nullable(),
      total: z.number().int(),
      registered: z.number().int(),
      screened: z.number().int(),
      verified: z.number().int(),
      admitted: z.number().int(),
      rejected: z.number().int(),
    }),
  ),
});

export const admissionPaymentsQuery = adminPageQuery.extend({
  state: z.enum(['pending', 'paid', 'failed', 'expired']).optional(),
  provider: z.string().trim().max(30).optional(),
  search: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export const admissionPaymentItem = z.object({
  id: z.number().int(),
  transactionId: z.string(),
  reference: z.string(),
  provider: z.string(),
  state: z.string(),
  flag: z.string().nullable(),
  amountKobo: z.number().int(),
  amount: z.number(),
  applicantId: z.number().int().nullable(),
  jambRegNo: z.string().nullable(),
  payerName: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});

export const dashboardData = z.object({
  stages: z.record(z.string(), z.number().int()),
  byDepartment: z.array(
    z.object({
      departmentId: z.number().int().nullable(),
      departmentName: z.string().nullable(),
      applicants: z.number().int(),
      registered: z.number().int(),
      admitted: z.number().int(),
      accepted: z.number().int(),
    }),
  ),
  acceptanceFees: z.object({
    paidCount: z.number().int(),
    paidKobo: z.number().int(),
    paidNaira: z.number(),
    pendingCount: z.number().int(),
  }),
});

// ───────────────────────────────── transactions ─────────────────────────────────

export const transactionsQuery = z.object({
  initialPage: z.coerce.number().int().min(1).default(TRANSACTIONS_DEFAULT_PAGE),
  pageSize: z.coerce.number().int().min(1).max(100).default(TRANSACTIONS_DEFAULT_PAGE_SIZE),
  initialDate: isoDate.optional(),
  finalDate: isoDate.optional(),
});
export type TransactionsQuery = z.input<typeof transactionsQuery>;

export const transactionRow = z.object({
  transactionId: z.string(),
  reference: z.string(),
  provider: z.string(),
  payerName: z.string(),
  payerType: z.enum(['Applicant', 'Student', 'Unknown']),
  /** JAMB registration number for applicants, matric number for students. */
  regNo: z.string().nullable(),
  category: z.string(),
  /** Naira, for display; amountKobo is exact. */
  amount: z.number(),
  amountKobo: z.number().int(),
  state: z.string(),
  date: z.string(),
});
export type TransactionRow = z.infer<typeof transactionRow>;

/** `state` 1 is success (spec §7). */
export const transactionsResponse = z.object({
  state: z.number().int(),
  msg: z.string(),
  data: z.array(transactionRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// ───────────────────────────── reference resources (declared once) ─────────────────────────────

/**
 * A reference resource as both sides see it: the generic API engine serves list / get / create /
 * update / delete at `path` from it, and the web's generic pages render the table, form and
 * filters from it. Each resource is declared once, here.
 */
export interface ResourceMeta<I extends z.ZodObject = z.ZodObject, T extends z.ZodObject = z.ZodObject> {
  /** URL segment: /api/admin/<name> */
  name: string;
  label: string;
  /** The permission page that guards every route of the resource. */
  page: string;
  /** When several pages open the resource: any one of them grants it (includes `page`). */
  pages?: readonly string[];
  path: string;
  /** Columns of the list, in order. */
  columns: readonly { key: string; label: string }[];
  /** Query filters the list accepts (besides page, pageSize, search, sort, order). */
  filters: readonly { key: string; label: string; type: 'id' | 'boolean' | 'text' }[];
  sortable: readonly string[];
  defaultSort: string;
  /** The list's order when the caller names none (default ascending). */
  defaultOrder?: 'asc' | 'desc';
  searchable: boolean;
  /** Which writes the generic engine serves (a resource with a file creates through its own route). */
  operations: { create: boolean; update: boolean; delete: boolean };
  /** Extra boolean switches served at POST <path>/:id/<action> with body { value: boolean }. */
  actions: readonly { name: string; label: string; field: string }[];
  input: I;
  item: T;
  /**
   * Each record carries a file (a `file` field): the generic engine creates a record with its file by
   * POST <path> as multipart (the input's fields beside a part "file"), replaces the file by
   * PUT <path>/:id/file and serves it at GET <path>/:id/file (the item's fileUrl).
   */
  file?: FileFieldSpec;
}

/** The kinds of file an upload may be, decided by its content (never its name). */
export type UploadKind = 'pdf' | 'docx' | 'doc' | 'png' | 'jpg' | 'xlsx' | 'zip' | 'csv';

/** A resource's `file` field: what may be uploaded, and where the files are kept. */
export interface FileFieldSpec {
  kinds: readonly UploadKind[];
  maxBytes: number;
  /** The storage folder of the resource's files. */
  folder: string;
  /** What the file is called in messages: "The file of this document is missing." */
  noun: string;
}

/** Forms and documents the school hands out: PDF, Word, PNG or JPEG, at most 10 MB. */
const HANDOUT_FILE = { kinds: ['pdf', 'docx', 'doc', 'png', 'jpg'], maxBytes: 10 * 1024 * 1024 } as const;

export const ADMISSION_RESOURCES = {
  admissionDocuments: {
    name: 'admission-documents',
    label: 'Admission document',
    page: ADMIN_PAGES.admissionDocument,
    path: '/api/admin/admission-documents',
    columns: [
      { key: 'name', label: 'Document' },
      { key: 'description', label: 'Description' },
      { key: 'fileExt', label: 'Type' },
      { key: 'isActive', label: 'Active' },
    ],
    filters: [
      { key: 'type', label: 'Form type', type: 'id' },
      { key: 'isActive', label: 'Active', type: 'boolean' },
    ],
    sortable: ['name', 'createdAt', 'id'],
    defaultSort: 'name',
    searchable: true,
    // Created (with its file) by POST <path> as multipart; the file is replaced by PUT <path>/:id/file.
    operations: { create: false, update: true, delete: true },
    actions: [{ name: 'active', label: 'Activate or deactivate', field: 'isActive' }],
    input: admissionDocumentInput,
    item: admissionDocumentItem,
    file: { ...HANDOUT_FILE, folder: 'admission-forms', noun: 'document' },
  },
} as const satisfies Record<string, ResourceMeta>;

export const resourceActionRequest = z.object({ value: z.boolean() });

/** What importing a CSV or XLSX file of a registry resource did, row by row. */
export const importSummary = z.object({
  totalRows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  invalid: z.number().int(),
  /** 'Row 7: Course code must look like CSC 101.' (the first 500). */
  errors: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummary>;
export const importSummaryResponse = z.object({
  Status: z.string(),
  Message: z.string(),
  Data: importSummary,
});
