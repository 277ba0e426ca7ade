import { z } from 'zod';
import {
  RECORDS_PAGES,
  STATUS,
  STUDENT_IMPORT_COLUMNS,
  addStudentRequest,
  type StudentImportResult,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor, type AuditEntry } from '../../platform/audit.js';
import { newPublicId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';
import { readRows } from '../../platform/sheets.js';
import type { AuthService } from '../auth/auth.service.js';
import { normaliseName, normalisePhone, stateKey, UserFacingError } from '../imports/candidates.js';
import { pgErrorCode } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { NO_PASSWORD_YET, WELCOME_LINK_TTL_MS, welcomeMail } from './matriculation.service.js';
import * as repo from './records.repository.js';

/**
 * Importing existing students (addnew) from CSV or XLSX, for an institution moving onto the
 * portal. The file is read as a stream (platform/sheets), every row checked by the same contract
 * as the one-student form and its problems reported by row number; valid rows are applied in
 * transactions of BATCH rows keyed on the matric number, comparing before writing, so importing
 * the same file again changes nothing. A new student is e-mailed a link to set a password.
 */
const BATCH = 500;
const MAX_ERRORS = 1000;

type Column = (typeof STUDENT_IMPORT_COLUMNS)[number];
const FIELDS: Record<Column, keyof Row> = {
  'Matric Number': 'matricNo',
  'First Name': 'firstName',
  'Last Name': 'lastName',
  'Other Name': 'otherName',
  'E-mail': 'email',
  Phone: 'phone',
  Gender: 'gender',
  State: 'state',
  LGA: 'lga',
  Course: 'course',
  Level: 'level',
  'Entry Mode': 'entryMode',
  'Admitted Session': 'session',
  'Date of Birth': 'dateOfBirth',
  Address: 'address',
};
const ALIASES: Partial<Record<keyof Row, string[]>> = {
  matricNo: ['matricnumber', 'matricno', 'matric', 'matriculationnumber', 'regno'],
  firstName: ['firstname', 'first', 'givenname'],
  lastName: ['lastname', 'surname'],
  otherName: ['othername', 'othernames', 'middlename'],
  email: ['email', 'emailaddress'],
  phone: ['phone', 'phonenumber', 'gsm', 'mobile'],
  gender: ['gender', 'sex'],
  state: ['state', 'stateoforigin'],
  lga: ['lga', 'localgovernment', 'localgovernmentarea'],
  course: ['course', 'courseofstudy', 'programme'],
  level: ['level', 'currentlevel'],
  entryMode: ['entrymode', 'modeofentry'],
  session: ['admittedsession', 'session', 'admissionsession', 'yearofentry'],
  dateOfBirth: ['dateofbirth', 'dob', 'birthdate'],
  address: ['address', 'homeaddress'],
};
const REQUIRED: (keyof Row)[] = ['matricNo', 'firstName', 'lastName', 'email', 'course', 'level'];
const LABEL = Object.fromEntries(Object.entries(FIELDS).map(([label, key]) => [key, label])) as Record<
  keyof Row,
  string
>;

interface Row {
  matricNo: string;
  firstName: string;
  lastName: string;
  otherName: string;
  email: string;
  phone: string;
  gender: string;
  state: string;
  lga: string;
  course: string;
  level: string;
  entryMode: string;
  session: string;
  dateOfBirth: string;
  address: string;
}

const header = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export function mapStudentHeader(cells: unknown[]): Map<keyof Row, number> {
  const map = new Map<keyof Row, number>();
  cells.forEach((cell, index) => {
    const key = header(cell);
    for (const [field, names] of Object.entries(ALIASES) as [keyof Row, string[]][]) {
      if (!map.has(field) && names.includes(key)) map.set(field, index);
    }
  });
  const missing = REQUIRED.filter((f) => !map.has(f)).map((f) => LABEL[f]);
  if (missing.length)
    throw new UserFacingError(
      `The first row must name the columns. Missing: ${missing.join(', ')}. Expected columns: ${STUDENT_IMPORT_COLUMNS.join(', ')}.`,
    );
  return map;
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

type Lookups = Awaited<ReturnType<typeof repo.lookups>>;
type Checked = z.output<typeof addStudentRequest> & { row: number; departmentId: number };

function byName<T extends { id: number; name: string }>(rows: T[], key = normaliseName) {
  return new Map(rows.map((r) => [key(r.name), r]));
}

/** One data row checked: the student to write, or the problems, each naming the row. */
export function checkStudentRow(
  cells: unknown[],
  row: number,
  columns: Map<keyof Row, number>,
  refs: ReturnType<typeof indexLookups>,
): { student?: Checked; problems: string[] } {
  const get = (f: keyof Row) => (columns.has(f) ? cell(cells[columns.get(f)!]) : '');
  const problems: string[] = [];
  for (const f of REQUIRED) if (!get(f)) problems.push(`Row ${row}: ${LABEL[f]} is required`);
  const resolve = <T extends { id: number }>(f: keyof Row, map: Map<string, T>, key = normaliseName) => {
    const raw = get(f);
    if (!raw) return null;
    const found = map.get(key(raw));
    if (!found) problems.push(`Row ${row}: ${LABEL[f]} "${raw}" is not known`);
    return found ?? null;
  };
  const course = resolve('course', refs.courses) as Lookups['courseRows'][number] | null;
  const level = resolve('level', refs.levels, (v) => normaliseName(v).replace(/\s*level$/, ''));
  const state = resolve('state', refs.states, stateKey);
  let lgaId: number | null = null;
  if (get('lga')) {
    if (!state) problems.push(`Row ${row}: LGA "${get('lga')}" needs a State`);
    else {
      lgaId = refs.lgas.get(`${state.id}:${normaliseName(get('lga'))}`) ?? null;
      if (!lgaId) problems.push(`Row ${row}: LGA "${get('lga')}" is not in ${get('state')}`);
    }
  }
  const mode = resolve('entryMode', refs.modes);
  const session = resolve('session', refs.sessions, (v) => v.replace(/\s+/g, ''));
  const rawPhone = get('phone');
  const phone = rawPhone ? normalisePhone(rawPhone) : null;
  if (rawPhone && !phone) problems.push(`Row ${row}: Phone "${rawPhone}" is not a Nigerian mobile number`);
  const rawGender = get('gender').toLowerCase();
  const gender = rawGender.startsWith('m') ? 'Male' : rawGender.startsWith('f') ? 'Female' : null;
  if (rawGender && !gender) problems.push(`Row ${row}: Gender must be Male or Female`);
  if (problems.length) return { problems };
  const parsed = addStudentRequest.safeParse({
    matricNo: get('matricNo'),
    firstName: get('firstName'),
    lastName: get('lastName'),
    otherName: get('otherName') || null,
    email: get('email'),
    phone,
    gender,
    dateOfBirth: get('dateOfBirth') || null,
    address: get('address') || null,
    stateId: state?.id ?? null,
    lgaId,
    courseOfStudyId: course!.id,
    levelId: level!.id,
    entryModeId: mode?.id ?? null,
    admittedSessionId: session?.id ?? null,
  });
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map((issue) => {
        const key = String(issue.path[0] ?? '');
        const label = (LABEL as Record<string, string>)[key] ?? key;
        return `Row ${row}: ${label} ${issue.message}`;
      }),
    };
  }
  return { student: { ...parsed.data, row, departmentId: course!.departmentId }, problems: [] };
}

function indexLookups(refs: Lookups) {
  return {
    courses: byName(refs.courseRows),
    levels: byName(refs.levelRows, (v) => normaliseName(v).replace(/\s*level$/, '')),
    states: byName(refs.stateRows, stateKey),
    lgas: new Map(refs.lgaRows.map((l) => [`${l.stateId}:${normaliseName(l.name)}`, l.id])),
    modes: byName(refs.modeRows),
    sessions: byName(refs.sessionRows, (v) => v.replace(/\s+/g, '')),
  };
}

/** The stored fields a row may change on an existing student (never the e-mail: the sign-in identity). */
const COMPARED = [
  'firstName',
  'lastName',
  'otherName',
  'phone',
  'gender',
  'stateId',
  'lgaId',
  'departmentId',
  'courseOfStudyId',
  'levelId',
  'entryModeId',
  'admittedSessionId',
  'dateOfBirth',
  'address',
] as const;

export class StudentImport {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly auth: AuthService,
  ) {}

  async run(actor: AuditActor, filePath: string, format: 'csv' | 'xlsx', fileName: string) {
    const refs = indexLookups(await repo.lookups(this.db));
    const result: StudentImportResult = {
      totalRows: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      invalid: 0,
      errors: [],
    };
    const note = (problems: string[]) => {
      result.invalid += 1;
      for (const p of problems) if (result.errors.length < MAX_ERRORS) result.errors.push(p);
    };
    const seenMatric = new Map<string, number>();
    const seenEmail = new Map<string, number>();
    let columns: Map<keyof Row, number> | null = null;
    let batch: Checked[] = [];
    const flush = async () => {
      if (batch.length) await this.apply(actor, batch, result, note);
      batch = [];
    };
    try {
      for await (const { row, cells } of readRows(filePath, format)) {
        if (!columns) {
          columns = mapStudentHeader(cells);
          continue;
        }
        if (cells.every((c) => cell(c) === '')) continue;
        result.totalRows += 1;
        const { student, problems } = checkStudentRow(cells, row, columns, refs);
        if (student) {
          const m = seenMatric.get(student.matricNo);
          const e = seenEmail.get(student.email);
          if (m !== undefined)
            problems.push(`Row ${row}: Matric Number ${student.matricNo} repeats row ${m}`);
          else if (e !== undefined) problems.push(`Row ${row}: E-mail ${student.email} repeats row ${e}`);
        }
        if (!student || problems.length) {
          note(problems);
          continue;
        }
        seenMatric.set(student.matricNo, row);
        seenEmail.set(student.email, row);
        batch.push(student);
        if (batch.length >= BATCH) await flush();
      }
    } catch (error) {
      // The file's own faults are told to the officer; the database's are not theirs to read.
      if (error instanceof UserFacingError || error instanceof AppError || pgErrorCode(error)) throw error;
      throw new UserFacingError(
        `The file could not be read as ${format.toUpperCase()}: ${(error as Error).message}`,
      );
    }
    if (!columns) throw new UserFacingError('The file is empty.');
    await flush();
    await audit(this.db, {
      actor,
      page: RECORDS_PAGES.addNew,
      action: 'import',
      entity: 'student_import',
      entityId: null,
      before: null,
      after: { fileName, format, ...result, errors: result.errors.slice(0, 20) },
    });
    return {
      Status: STATUS.ok,
      Message: `${result.created} added, ${result.updated} updated, ${result.unchanged} unchanged, ${result.invalid} with problems.`,
      Data: result,
    };
  }

  /** One transaction: compare each row with the stored student of its matric number, write only what differs. */
  private async apply(
    actor: AuditActor,
    batch: Checked[],
    result: StudentImportResult,
    note: (problems: string[]) => void,
  ) {
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const refused: string[][] = [];
    await this.db.transaction(async (tx) => {
      const existing = new Map(
        (
          await repo.studentsByMatric(
            tx,
            batch.map((s) => s.matricNo),
          )
        ).map((s) => [s.matricNo, s]),
      );
      const owners = new Map(
        (
          await repo.studentsByEmail(
            tx,
            batch.map((s) => s.email),
          )
        ).map((o) => [o.email.toLowerCase(), o]),
      );
      const entries: AuditEntry[] = [];
      const mails = [];
      for (const s of batch) {
        const stored = existing.get(s.matricNo);
        const owner = owners.get(s.email);
        if (owner && owner.matricNo !== s.matricNo) {
          refused.push([`Row ${s.row}: E-mail ${s.email} is already used by the student ${owner.matricNo}`]);
          continue;
        }
        const values = {
          firstName: s.firstName,
          lastName: s.lastName,
          otherName: s.otherName,
          phone: s.phone,
          gender: s.gender ?? null,
          stateId: s.stateId ?? null,
          lgaId: s.lgaId ?? null,
          departmentId: s.departmentId,
          courseOfStudyId: s.courseOfStudyId,
          levelId: s.levelId,
          entryModeId: s.entryModeId ?? null,
          admittedSessionId: s.admittedSessionId ?? null,
          dateOfBirth: s.dateOfBirth ?? null,
          address: s.address,
        };
        if (stored) {
          if (stored.email.toLowerCase() !== s.email) {
            refused.push([
              `Row ${s.row}: Matric Number ${s.matricNo} belongs to a student with another e-mail (${stored.email})`,
            ]);
            continue;
          }
          const changes = Object.fromEntries(
            COMPARED.filter((k) => (stored[k] ?? null) !== (values[k] ?? null)).map((k) => [k, values[k]]),
          );
          if (Object.keys(changes).length === 0) {
            counts.unchanged += 1;
            continue;
          }
          await repo.updateStudent(tx, stored.id, changes);
          counts.updated += 1;
          entries.push({
            actor,
            page: RECORDS_PAGES.addNew,
            action: 'import-update',
            entity: 'student',
            entityId: stored.id,
            before: Object.fromEntries(
              Object.keys(changes).map((k) => [k, stored[k as keyof typeof stored]]),
            ),
            after: changes,
          });
          continue;
        }
        const created = await repo.insertStudent(tx, {
          ...values,
          publicId: newPublicId(),
          matricNo: s.matricNo,
          email: s.email,
          passwordHash: NO_PASSWORD_YET,
        });
        counts.created += 1;
        const link = await this.auth.passwordLink('Student', created.id, {
          ttlMs: WELCOME_LINK_TTL_MS,
          exec: tx,
        });
        mails.push(welcomeMail(this.config, created, link, 'added'));
        entries.push({
          actor,
          page: RECORDS_PAGES.addNew,
          action: 'import-create',
          entity: 'student',
          entityId: created.id,
          before: null,
          after: created,
        });
      }
      await this.mailer.enqueueAll(mails, tx);
      await audit(tx, entries);
    });
    for (const r of refused) note(r);
    result.created += counts.created;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
    if (counts.created) this.mailer.kick();
  }
}
