import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  RECORDS_PAGES,
  STATUS,
  STUDENT_IMPORT_COLUMNS,
  addStudentRequest,
  type StudentImportJob,
} from '@portal/contracts';
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor, type AuditEntry } from '../../platform/audit.js';
import { newPublicId } from '../../platform/ids.js';
import type { Mailer } from '../../platform/mail.js';
import { readRows, UNREADABLE_FILE } from '../../platform/sheets.js';
import type { AuthService } from '../auth/auth.service.js';
import { normaliseName, normalisePhone, stateKey, UserFacingError } from '../imports/candidates.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { pgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db.js';
import { iso, isoRequired } from '../../platform/time.js';
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

interface StudentImportResult {
  totalRows: number;
  created: number;
  updated: number;
  unchanged: number;
  invalid: number;
  errors: string[];
}
/** A running job whose heartbeat is older than this has lost its process. */
const STALE_MS = 5 * 60_000;
const LOST =
  'The import stopped when the server restarted; rows applied so far are kept. Upload the file again.';

const counts = (r: StudentImportResult) => ({
  createdCount: r.created,
  updatedCount: r.updated,
  unchangedCount: r.unchanged,
  invalidCount: r.invalid,
  errors: [...r.errors],
});

function toJob(row: repo.ImportJobRow): StudentImportJob {
  return {
    id: row.id,
    status: row.status as StudentImportJob['status'],
    fileName: row.fileName,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    created: row.createdCount,
    updated: row.updatedCount,
    unchanged: row.unchangedCount,
    invalid: row.invalidCount,
    errors: row.errors,
    message: row.message,
    createdAt: isoRequired(row.createdAt),
    finishedAt: iso(row.finishedAt),
  };
}

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
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Takes the uploaded file (the caller's no more) and answers at once with the job to poll. */
  async accept(
    actor: AuditActor,
    upload: { filePath: string; fileName: string; format: 'csv' | 'xlsx'; sha256: string },
  ): Promise<{ Status: string; Message: string; Data: StudentImportJob }> {
    const job = await this.claimFile(actor, upload);
    const work = this.process(job.id, actor, upload).finally(() => this.running.delete(work));
    this.running.add(work);
    return {
      Status: STATUS.ok,
      Message: 'The file was received; the import is running.',
      Data: toJob(job),
    };
  }

  /**
   * The job for an uploaded file. One file runs once at a time in every process (a partial unique
   * index on its SHA-256 while running): the same file sent again meanwhile is refused with 409,
   * unless the running one lost its process, which is then closed as such.
   */
  private async claimFile(
    actor: AuditActor,
    upload: { fileName: string; format: 'csv' | 'xlsx'; sha256: string },
  ): Promise<repo.ImportJobRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await repo.insertImportJob(this.db, {
          fileName: upload.fileName.slice(0, 200),
          format: upload.format,
          actorAdminId: actor.adminId,
          fileSha256: upload.sha256,
        });
      } catch (error) {
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION || attempt > 0) throw error;
        const running = await repo.runningImportOfFile(this.db, upload.sha256);
        if (running && !(await this.closeIfLost(running))) throw conflict(ADMIN_MESSAGES.importRunning);
      }
    }
  }

  /** Closes a running job whose process stopped (no heartbeat for STALE_MS); answers whether it did. */
  private async closeIfLost(job: repo.ImportJobRow): Promise<repo.ImportJobRow | null> {
    if (job.status !== 'running' || Date.now() - job.heartbeatAt.getTime() <= STALE_MS) return null;
    return repo.updateImportJob(this.db, job.id, { status: 'failed', message: LOST, finishedAt: new Date() });
  }

  async get(id: number): Promise<{ Status: string; Data: StudentImportJob }> {
    const job = await repo.findImportJob(this.db, id);
    if (!job) throw notFound('Import not found.');
    // Its process stopped: say so rather than leave the page waiting.
    const closed = await this.closeIfLost(job);
    return { Status: STATUS.ok, Data: toJob(closed ?? job) };
  }

  /** Waits for the imports this process is running (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private async process(
    id: number,
    actor: AuditActor,
    upload: { filePath: string; fileName: string; format: 'csv' | 'xlsx' },
  ): Promise<void> {
    try {
      const result = await this.run(id, actor, upload.filePath, upload.format, upload.fileName);
      await repo.updateImportJob(this.db, id, {
        ...counts(result),
        status: 'done',
        finishedAt: new Date(),
        heartbeatAt: new Date(),
      });
    } catch (error) {
      const known = error instanceof UserFacingError;
      if (!known) this.log.error({ err: error, job: id }, 'student import failed');
      await repo
        .updateImportJob(this.db, id, {
          status: 'failed',
          message: known
            ? error.message
            : 'The import stopped on an unexpected error; rows applied so far are kept. Try again.',
          finishedAt: new Date(),
        })
        .catch(() => undefined);
    } finally {
      await rm(upload.filePath, { force: true });
    }
  }

  private async run(
    id: number,
    actor: AuditActor,
    filePath: string,
    format: 'csv' | 'xlsx',
    fileName: string,
  ) {
    const refs = indexLookups(await repo.lookups(this.db));
    // A first pass counts the rows, so the page can show progress against a total.
    let totalRows = 0;
    try {
      let header = true;
      for await (const { cells } of readRows(filePath, format)) {
        if (header) {
          mapStudentHeader(cells);
          header = false;
        } else if (!cells.every((c) => cell(c) === '')) totalRows += 1;
      }
      if (header) throw new UserFacingError('The file is empty.');
    } catch (error) {
      if (error instanceof UserFacingError) throw error;
      // The sheet reader says what is wrong with the file (platform/sheets.ts).
      if (error instanceof AppError && error.statusCode === 400) throw new UserFacingError(error.message);
      throw new UserFacingError(UNREADABLE_FILE(format, (error as Error).message));
    }
    await repo.updateImportJob(this.db, id, { totalRows, heartbeatAt: new Date() });

    const result: StudentImportResult = {
      totalRows,
      created: 0,
      updated: 0,
      unchanged: 0,
      invalid: 0,
      errors: [],
    };
    let processed = 0;
    const note = (problems: string[]) => {
      result.invalid += 1;
      for (const p of problems) if (result.errors.length < MAX_ERRORS) result.errors.push(p);
    };
    const seenMatric = new Map<string, number>();
    const seenEmail = new Map<string, number>();
    let columns: Map<keyof Row, number> | null = null;
    let batch: Checked[] = [];
    let seen = 0;
    const flush = async () => {
      if (batch.length) await this.apply(actor, batch, result, note);
      processed += seen;
      batch = [];
      seen = 0;
      await repo.updateImportJob(this.db, id, {
        ...counts(result),
        processedRows: processed,
        heartbeatAt: new Date(),
      });
    };
    for await (const { row, cells } of readRows(filePath, format)) {
      if (!columns) {
        columns = mapStudentHeader(cells);
        continue;
      }
      if (cells.every((c) => cell(c) === '')) continue;
      seen += 1;
      const { student, problems } = checkStudentRow(cells, row, columns, refs);
      if (student) {
        const m = seenMatric.get(student.matricNo);
        const e = seenEmail.get(student.email);
        if (m !== undefined) problems.push(`Row ${row}: Matric Number ${student.matricNo} repeats row ${m}`);
        else if (e !== undefined) problems.push(`Row ${row}: E-mail ${student.email} repeats row ${e}`);
      }
      if (!student || problems.length) note(problems);
      else {
        seenMatric.set(student.matricNo, row);
        seenEmail.set(student.email, row);
        batch.push(student);
      }
      if (seen >= BATCH) await flush();
    }
    await flush();
    await audit(this.db, {
      actor,
      page: RECORDS_PAGES.addNew,
      action: 'import',
      entity: 'student_import',
      entityId: id,
      before: null,
      after: { fileName, format, ...result, errors: result.errors.slice(0, 20) },
    });
    return result;
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
        // Another import (another file, another process) may have just added this student: then
        // nothing is written twice, and the row says so.
        const created = await repo.insertStudentIfNew(tx, {
          ...values,
          publicId: newPublicId(),
          matricNo: s.matricNo,
          email: s.email,
          passwordHash: NO_PASSWORD_YET,
        });
        if (!created) {
          refused.push([
            `Row ${s.row}: Matric Number ${s.matricNo} or E-mail ${s.email} was added by another import at the same time; nothing was changed`,
          ]);
          continue;
        }
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
      await this.mailer.enqueueAll(mails, tx, { bulk: true });
      await audit(tx, entries);
    });
    for (const r of refused) note(r);
    result.created += counts.created;
    result.updated += counts.updated;
    result.unchanged += counts.unchanged;
    if (counts.created) this.mailer.kick();
  }
}
