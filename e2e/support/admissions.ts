import { DEMO, DEMO_PASSWORD, readLatestMail } from '../fixtures';
import { ORIGIN } from '../env';

/**
 * Seeding through the public API for the admissions journeys: a role with only the Admissions
 * menu's pages and an admin holding it, and a registered applicant of the test's own (imported
 * from a one-row CAPS list, then taken through biodata, guardian, O'level, documents and
 * SubmitReg as that applicant). Never touches the demo accounts other specs use.
 */

type Json = Record<string, unknown>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} answered ${status}: ${JSON.stringify(body)}`);
  }
}

/** A signed-in caller of the portal API (bearer token). */
export class ApiClient {
  constructor(readonly token: string) {}

  private async send<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.token}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${ORIGIN}${path}`, {
      method,
      headers,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    const text = await response.text();
    const parsed = text ? (JSON.parse(text) as unknown) : null;
    if (!response.ok) throw new ApiError(response.status, parsed, `${method} ${path}`);
    return parsed as T;
  }

  get<T = Json>(path: string) {
    return this.send<T>('GET', path);
  }
  post<T = Json>(path: string, body: unknown) {
    return this.send<T>('POST', path, body);
  }
  put<T = Json>(path: string, body: unknown) {
    return this.send<T>('PUT', path, body);
  }
  /** A multipart POST: the fields, then the file in the part `file`. */
  upload<T = Json>(path: string, file: { name: string; type: string; bytes: Uint8Array }, fields: Json = {}) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return this.send<T>('POST', path, undefined, form);
  }
}

interface LoginAnswer {
  Status: string;
  Message?: string;
  LoginToken?: string;
  Data?: Json;
}

/** POST /api/Account/Login; throws unless Status is 'Ok'. */
export async function apiSignIn(
  username: string,
  password: string,
  userMode: 'Admin' | 'Applicant' | 'Student',
): Promise<{ api: ApiClient; data: Json }> {
  const response = await fetch(`${ORIGIN}/api/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Username: username, Password: password, userMode, schoolId: 1 }),
  });
  const body = (await response.json()) as LoginAnswer;
  if (body.Status !== 'Ok' || !body.LoginToken || !body.Data)
    throw new ApiError(response.status, body, `sign-in of ${username}`);
  return { api: new ApiClient(body.LoginToken), data: body.Data };
}

/** The demo super admin (admin@demo.edu.ng) through the API. Its roles and password are never changed. */
export const demoAdmin = async () => (await apiSignIn(DEMO.admin, DEMO_PASSWORD, 'Admin')).api;

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface PageEntry {
  PageId: number;
  Menu_Id: number;
  Menu_Name: string;
  Page: string;
}

export interface AdmissionsAdmin {
  email: string;
  password: string;
  roleName: string;
  /** The pages of the Admissions menu the role grants. */
  pages: PageEntry[];
}

/** The default password in an account e-mail ('Default password: …' or the indented line after 'default password:'). */
function passwordIn(text: string): string {
  const match = /Default password:\s*(\S+)/.exec(text) ?? /default password:\s*\n\s*(\S+)/i.exec(text);
  if (!match?.[1]) throw new Error(`No default password in the e-mail:\n${text}`);
  return match[1];
}

/**
 * As admin@demo.edu.ng: a role holding exactly the Admissions menu's pages and a new admin with
 * only that role, whose default password is read from the e-mail the portal sends.
 */
export async function createAdmissionsAdmin(admin: ApiClient): Promise<AdmissionsAdmin> {
  const tag = suffix();
  const catalogue = await admin.get<{ Data: PageEntry[] }>('/api/admin/pages');
  const pages = catalogue.Data.filter((p) => p.Menu_Name === 'Admissions');
  if (pages.length === 0) throw new Error('The page catalogue has no Admissions menu');
  const roleName = `E2E Admissions ${tag}`;
  const role = await admin.post<{ Status: string; Data: { RoleId: number } }>(
    '/api/AdminRole/CreateAdminRolesAsync',
    { RoleName: roleName, Description: 'Admissions pages only (e2e)', PageIds: pages.map((p) => p.PageId) },
  );
  const email = `admissions.${tag}@staff.test`;
  const since = Date.now() - 1000;
  await admin.post('/api/Admin/CreateUserAsync', {
    Email: email,
    FirstName: 'Ifeoma',
    LastName: 'Okonkwo',
    RoleIds: [role.Data.RoleId],
  });
  const mail = await readLatestMail(email, { since });
  return { email, password: passwordIn(mail.text), roleName, pages };
}

/** The smallest baseline JPEG (1×1 pixel): the passport. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A small, well-formed one-page PDF. */
function tinyPdf(title: string): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

interface ImportJob {
  id: number;
  status: string;
  createdCount: number;
  invalidCount: number;
  errors: string[];
  message: string | null;
}

/** Polls an import job until it is done (or failed). */
export async function waitForImport(admin: ApiClient, id: number, timeoutMs = 60_000): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await admin.get<{ Data: ImportJob }>(`/api/admin/imports/${id}`)).Data;
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline)
      throw new Error(`Import ${id} still ${job.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

export interface RegisteredApplicant {
  id: number;
  jambRegNo: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A registered applicant of the test's own: imported as admin from a one-row CAPS CSV; the
 * default password arrives by e-mail; then, as the applicant through the API: change password,
 * biodata, guardian, 8 O'level results, passport and the required documents, SubmitReg.
 */
export async function createRegisteredApplicant(admin: ApiClient): Promise<RegisteredApplicant> {
  const digits = `${Date.now()}${Math.floor(Math.random() * 100)}`.slice(-10);
  const letters = String.fromCharCode(
    65 + Math.floor(Math.random() * 26),
    65 + Math.floor(Math.random() * 26),
  );
  const jambRegNo = `24${digits}${letters}`;
  const email = `applicant.${jambRegNo.toLowerCase()}@example.com`;
  const firstName = 'Chiamaka';
  const lastName = `Eze${letters.charAt(0)}${letters.charAt(1).toLowerCase()}`;

  // 1. The CAPS list with one row, imported as admin; the new account's password is e-mailed.
  const csv = `JAMB Number,First Name,Last Name,E-mail,CAPS Status\r\n${jambRegNo},${firstName},${lastName},${email},Admitted\r\n`;
  const since = Date.now() - 1000;
  const started = await admin.upload<{ Data: ImportJob }>('/api/admin/imports/CAPSList', {
    name: 'caps.csv',
    type: 'text/csv',
    bytes: Buffer.from(csv, 'utf8'),
  });
  const job = await waitForImport(admin, started.Data.id);
  if (job.status !== 'done' || job.createdCount !== 1)
    throw new Error(`The CAPS import did not create the applicant: ${JSON.stringify(job)}`);
  const defaultPassword = passwordIn((await readLatestMail(email, { since })).text);

  // 2. As the applicant: change the default password.
  const first = await apiSignIn(jambRegNo, defaultPassword, 'Applicant');
  const password = `E2e-Applicant-${suffix()}!`;
  await first.api.post('/api/Account/ChangePassword', {
    currentPassword: defaultPassword,
    newPassword: password,
  });
  const { api, data } = await apiSignIn(jambRegNo, password, 'Applicant');
  const id = Number(data.ApplicantID);

  // 3. Biodata (a host-state indigene in the first department) and guardian.
  const countries = await api.get<{ Data: { CountryId: number; Code: string }[] }>(
    '/api/reference/countries?q=nigeria',
  );
  const nigeria = countries.Data.find((c) => c.Code === 'NG')!.CountryId;
  const lgas = await api.get<{ Data: { LgaId: number }[] }>('/api/reference/lgas?stateId=2656');
  const departments = await api.get<{
    Data: { DepartmentId: number; CoursesOfStudy: { CourseOfStudyId: number }[] }[];
  }>('/api/reference/departments');
  const department = departments.Data.find((d) => d.CoursesOfStudy.length > 0)!;
  await api.put('/api/applicant/biodata', {
    FirstName: firstName,
    OtherName: '',
    LastName: lastName,
    Email: email,
    DateOfBirth: '2006-05-20',
    Gender: 'Female',
    PhoneNumber: '08031234567',
    Address: '4 Test Close, Minna',
    MaritalStatus: 'Single',
    CountryId: nigeria,
    StateId: 2656,
    LgaId: lgas.Data[0]!.LgaId,
    DepartmentId: department.DepartmentId,
    CourseOfStudyId: department.CoursesOfStudy[0]!.CourseOfStudyId,
  });
  await api.put('/api/applicant/guardian', {
    Name: 'Mrs Eze',
    Relationship: 'Mother',
    PhoneNumber: '08039876543',
    Email: '',
    Address: '4 Test Close, Minna',
  });

  // 4. Eight O'level results in one batch.
  const subjects = await api.get<{ OLevelSubjectID: number }[]>('/api/Subjects/GetSubjects');
  const grades = await api.get<{ OLevelGradeID: number }[]>('/api/Olevel/GetGrades');
  const types = await api.get<{ OLevelTypeID: number }[]>('/api/OLevelType/LoadExams');
  await api.post(
    '/api/OResults/PostOResult',
    subjects.slice(0, 8).map((s) => ({
      OLevelTypeID: types[0]!.OLevelTypeID,
      ExamYear: 2020,
      ExamNumber: '4250123456',
      OLevelSubjectID: s.OLevelSubjectID,
      OLevelGradeID: grades[0]!.OLevelGradeID,
      ApplicantId: id,
    })),
  );

  // 5. Passport and the required documents, then SubmitReg.
  await api.upload('/api/applicant/documents/passport', {
    name: 'passport.jpg',
    type: 'image/jpeg',
    bytes: TINY_JPEG,
  });
  for (const kind of ['olevel_result', 'jamb_result', 'birth_certificate', 'lga_certificate']) {
    await api.upload(`/api/applicant/documents/${kind}`, {
      name: `${kind}.pdf`,
      type: 'application/pdf',
      bytes: tinyPdf(kind),
    });
  }
  const submitted = await api.get<{ Status: string; Data: { RegComplete: boolean } }>(
    `/api/Applicants/SubmitReg?applicantId=${id}`,
  );
  if (submitted.Status !== 'OK' || !submitted.Data.RegComplete)
    throw new Error(`SubmitReg did not complete the registration: ${JSON.stringify(submitted)}`);

  return { id, jambRegNo, email, password, firstName, lastName };
}

/** As an admin with the screening and verification pages: screen, then verify, these applicants. */
export async function screenAndVerify(admin: ApiClient, ids: number[]): Promise<void> {
  await admin.post('/api/admin/applications/screen', { ids });
  await admin.post('/api/admin/applications/verify', { ids });
}
