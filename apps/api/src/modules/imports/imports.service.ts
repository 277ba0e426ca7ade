import { rm, stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_MESSAGES, STATUS, type ImportJobItem, type ImportKind } from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor, type AuditEntry } from '../../platform/audit.js';
import { paged, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { newDefaultPassword, newPublicId } from '../../platform/ids.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import { hashDefaultPassword } from '../../platform/passwords.js';
import type { FileStorage } from '../../platform/storage.js';
import { readRows, UNREADABLE_FILE } from '../../platform/sheets.js';
import { iso, isoRequired } from '../../platform/time.js';
import { admissionSessionOrCurrent, invalidateApplicationCounts } from '../admissions/admissions.service.js';
import {
  checkRow,
  mapHeader,
  normaliseName,
  stateKey,
  type Candidate,
  type CandidateField,
  type Lookups,
  UserFacingError,
} from './candidates.js';
import { importPassports } from './passports.js';
import * as repo from './imports.repository.js';

/**
 * Loading candidates (Post-UTME list, CAPS list, admission list) and passport photographs.
 *
 * The upload is streamed to disk and answered at once with a job the client polls. A job runs
 * in this process, one at a time, in two phases:
 *
 * 1. Rows: the file is read as a stream, every row is checked (problems are reported by row
 *    number) and the valid rows are applied in transactions of 1,000 — an upsert keyed on the
 *    JAMB number that compares before writing, so uploading the same file again changes
 *    nothing. New applicants are created at once (visible in the lists) with a password hash
 *    that matches no password.
 * 2. Default passwords: each new applicant gets a random default password (72 bits), stored
 *    with a keyed hash (`hashDefaultPassword`: HMAC-SHA-256 under a key derived from the server
 *    secret, microseconds each) and e-mailed; sign-in accepts it and then requires a new
 *    password, stored with argon2id. The hashes and the e-mails carrying the passwords are
 *    written in one transaction per 1,000 accounts: an account is never left with a password
 *    nobody was told. 50,000 new accounts can sign in seconds after their rows are applied.
 *
 * A job survives a restart: unfinished jobs resume from their kept file (re-applying rows is
 * harmless), and accounts still waiting for a password are picked up by the next sweep.
 */

const BATCH_SIZE = 1000;
const MAX_ERRORS_KEPT = 1000;
const CREDENTIAL_BATCH = 1000;

export type CandidateKind = Exclude<ImportKind, 'utmeImages'>;

function toJobItem(row: repo.ImportJobRow): ImportJobItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    fileName: row.fileName,
    format: row.format,
    admissionSessionId: row.admissionSessionId,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    unchangedCount: row.unchangedCount,
    invalidCount: row.invalidCount,
    accountsPending: row.accountsPending,
    accountsIssued: row.accountsIssued,
    errors: row.errors,
    warnedCount: row.warnedCount,
    warnings: row.warnings,
    message: row.message,
    createdAt: isoRequired(row.createdAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export class ImportService {
  private readonly queue: number[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly storage: FileStorage,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {}

  // ───────────── the API side ─────────────

  async accept(
    actor: AuditActor,
    kind: ImportKind,
    upload: {
      filePath: string;
      fileName: string;
      size: number;
      format: 'csv' | 'xlsx' | 'zip';
      sha256: string;
    },
    admissionSessionId: number | undefined,
  ) {
    let sessionId: number | null = null;
    if (kind !== 'utmeImages') {
      const session = await admissionSessionOrCurrent(this.db, admissionSessionId);
      if (!session)
        throw badRequest(
          admissionSessionId ? 'Admission session not found.' : 'No admission session is current.',
        );
      sessionId = session.id;
    }
    // One file of a kind is imported once at a time, whichever process received it (a partial
    // unique index while the job is unfinished): the same file sent again meanwhile is refused.
    const job = await this.db.transaction(async (tx) => {
      const row = await repo
        .insertJob(tx, {
          kind,
          status: 'queued',
          fileName: upload.fileName.slice(0, 200),
          format: upload.format,
          filePath: upload.filePath,
          fileSize: upload.size,
          admissionSessionId: sessionId,
          actorAdminId: actor.adminId,
          fileSha256: upload.sha256,
        })
        .catch((error: unknown) => {
          throw pgErrorCode(error) === PG_UNIQUE_VIOLATION ? conflict(ADMIN_MESSAGES.importRunning) : error;
        });
      await audit(tx, {
        actor,
        page: kind,
        action: 'upload',
        entity: 'import_job',
        entityId: row.id,
        before: null,
        after: {
          kind,
          fileName: row.fileName,
          format: upload.format,
          size: upload.size,
          admissionSessionId: sessionId,
        },
      });
      return row;
    });
    this.enqueue(job.id);
    return {
      Status: STATUS.ok,
      Message: 'The file was received; the import is running. Poll the job for progress.',
      Data: toJobItem(job),
    };
  }

  async get(id: number) {
    const row = await repo.findJob(this.db, id);
    if (!row) throw notFound('Import not found.');
    return { Status: STATUS.ok, Data: toJobItem(row) };
  }

  async list(kinds: string[], page: number, pageSize: number) {
    const { rows, total } = await repo.listJobs(this.db, kinds, page, pageSize);
    return paged(rows.map(toJobItem), page, pageSize, total);
  }

  // ───────────── the runner ─────────────

  enqueue(id: number): void {
    if (!this.queue.includes(id)) this.queue.push(id);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.stopped) return;
    this.running = (async () => {
      while (!this.stopped) {
        const id = this.queue.shift();
        if (id === undefined) {
          // No job waiting: give any account still without a password its password.
          await this.issueCredentials(null);
          if (this.queue.length === 0) break;
          continue;
        }
        await this.run(id).catch((err) => this.log.error({ err, job: id }, 'import job failed'));
      }
    })().finally(() => {
      this.running = null;
      if (this.queue.length && !this.stopped) this.kick();
    });
  }

  /** On start: resume jobs that a restart interrupted, and issue passwords still owed. */
  async resume(): Promise<void> {
    for (const job of await repo.unfinishedJobs(this.db)) {
      if (job.status !== 'issuing' && !(job.filePath && (await stat(job.filePath).catch(() => null)))) {
        await repo.updateJob(this.db, job.id, {
          status: 'failed',
          message:
            'The uploaded file was lost when the server restarted. Upload it again; rows already applied are kept.',
          finishedAt: new Date(),
        });
        continue;
      }
      this.queue.push(job.id);
    }
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Waits until no job is running (tests and benchmarks). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async actorOfJob(job: repo.ImportJobRow): Promise<AuditActor> {
    const email = job.actorAdminId ? await repo.adminEmail(this.db, job.actorAdminId) : undefined;
    return { adminId: job.actorAdminId ?? 0, email: email ?? 'system' };
  }

  private async run(id: number): Promise<void> {
    // Only one process runs a job: the one holding its lease.
    const job = await repo.claimJob(this.db, id);
    if (!job) return;
    const actor = await this.actorOfJob(job);
    try {
      if (job.status !== 'issuing') {
        await repo.updateJob(this.db, id, {
          status: 'running',
          startedAt: job.startedAt ?? new Date(),
          processedRows: 0,
          createdCount: 0,
          updatedCount: 0,
          unchangedCount: 0,
          invalidCount: 0,
          errors: [],
          warnedCount: 0,
          warnings: [],
        });
        if (job.kind === 'utmeImages') {
          await importPassports(this.db, this.storage, job, actor, async (values) => {
            await repo.updateJob(this.db, id, values);
            await repo.renewLease(this.db, id);
          });
          await this.finish(job, { status: 'done', message: null });
          return;
        }
        await this.applyRows(job, actor);
        if (this.stopped) return;
        await repo.updateJob(this.db, id, {
          status: 'issuing',
          accountsPending: await repo.countPendingAccounts(this.db),
        });
      }
      await this.issueCredentials(id);
      if (this.stopped) return;
      await this.finish(job, {
        status: 'done',
        message: null,
        accountsPending: await repo.countPendingAccounts(this.db),
      });
    } catch (error) {
      const message =
        error instanceof UserFacingError
          ? error.message
          : 'The import stopped on an unexpected error; rows applied so far are kept. Try again.';
      if (!(error instanceof UserFacingError)) this.log.error({ err: error, job: id }, 'import failed');
      await this.finish(job, { status: 'failed', message });
    }
  }

  private async finish(
    job: repo.ImportJobRow,
    values: { status: string; message: string | null; accountsPending?: number },
  ) {
    await repo.updateJob(this.db, job.id, {
      ...values,
      finishedAt: new Date(),
      filePath: null,
      leaseUntil: null,
    });
    if (job.filePath) await rm(job.filePath, { force: true });
  }

  private async lookups(): Promise<Lookups> {
    const [stateRows, lgaRows, courseRows] = await Promise.all([
      repo.allStates(this.db),
      repo.allLgas(this.db),
      repo.allCourses(this.db),
    ]);
    return {
      states: new Map(stateRows.map((s) => [stateKey(s.name), s.id])),
      lgas: new Map(lgaRows.map((l) => [`${l.stateId}:${normaliseName(l.name)}`, l.id])),
      courses: new Map(
        courseRows.map((c) => [normaliseName(c.name), { id: c.id, departmentId: c.departmentId }]),
      ),
    };
  }

  /** Phase 1: check every row and apply the valid ones in batches. */
  private async applyRows(job: repo.ImportJobRow, actor: AuditActor): Promise<void> {
    const kind = job.kind as CandidateKind;
    const format = job.format as 'csv' | 'xlsx';
    const lookups = await this.lookups();
    const levelId = await repo.entryLevelId(this.db);

    // A first pass counts the rows, so the client can show progress against a total.
    let totalRows = 0;
    try {
      let first = true;
      for await (const { cells } of readRows(job.filePath!, format)) {
        if (first) {
          first = false;
          try {
            mapHeader(cells, kind);
          } catch (error) {
            throw new UserFacingError((error as Error).message);
          }
          continue;
        }
        if (!isBlank(cells)) totalRows += 1;
      }
      if (first) throw new UserFacingError('The file is empty.');
    } catch (error) {
      if (error instanceof UserFacingError) throw error;
      // The sheet reader says what is wrong with the file (platform/sheets.ts).
      if (error instanceof AppError && error.statusCode === 400) throw new UserFacingError(error.message);
      throw new UserFacingError(UNREADABLE_FILE(format, (error as Error).message));
    }
    await repo.updateJob(this.db, job.id, { totalRows });

    const errors: string[] = [];
    let invalid = 0;
    const note = (problems: string[]) => {
      invalid += 1;
      for (const p of problems) if (errors.length < MAX_ERRORS_KEPT) errors.push(p);
    };
    const warnings: string[] = [];
    let warned = 0;
    const warn = (notes: string[]) => {
      if (!notes.length) return;
      warned += 1;
      for (const w of notes) if (warnings.length < MAX_ERRORS_KEPT) warnings.push(w);
    };
    const seenJamb = new Map<string, number>();
    const seenEmail = new Map<string, number>();
    let columns: Map<CandidateField, number> | null = null;
    let batch: Candidate[] = [];
    let invalidInBatch = 0;

    const flush = async () => {
      const counts = await this.applyBatch(job, actor, batch, levelId, columns!, note, warn);
      await repo.addToJob(this.db, job.id, {
        processedRows: batch.length + invalidInBatch,
        createdCount: counts.created,
        updatedCount: counts.updated,
        unchangedCount: counts.unchanged,
      });
      await repo.updateJob(this.db, job.id, {
        invalidCount: invalid,
        errors: [...errors],
        warnedCount: warned,
        warnings: [...warnings],
      });
      await repo.renewLease(this.db, job.id);
      batch = [];
      invalidInBatch = 0;
    };

    for await (const { row, cells } of readRows(job.filePath!, format)) {
      if (this.stopped) return;
      if (!columns) {
        columns = mapHeader(cells, kind);
        continue;
      }
      if (isBlank(cells)) continue;
      const { candidate, problems } = checkRow(cells, row, columns, kind, lookups);
      if (candidate) {
        const jambRow = seenJamb.get(candidate.jambRegNo);
        const emailRow = seenEmail.get(candidate.email);
        if (jambRow !== undefined)
          problems.push(`Row ${row}: JAMB Number ${candidate.jambRegNo} repeats row ${jambRow}`);
        else if (emailRow !== undefined)
          problems.push(`Row ${row}: E-mail ${candidate.email} repeats row ${emailRow}`);
      }
      if (!candidate || problems.length) {
        note(problems);
        invalidInBatch += 1;
      } else {
        seenJamb.set(candidate.jambRegNo, row);
        seenEmail.set(candidate.email, row);
        batch.push(candidate);
      }
      if (batch.length + invalidInBatch >= BATCH_SIZE) await flush();
    }
    if (batch.length || invalidInBatch) await flush();
  }

  /** One transaction: compare each candidate with the stored applicant and write only what differs. */
  private async applyBatch(
    job: repo.ImportJobRow,
    actor: AuditActor,
    batch: Candidate[],
    levelId: number | null,
    columns: Map<CandidateField, number>,
    note: (problems: string[]) => void,
    warn: (notes: string[]) => void,
  ): Promise<{ created: number; updated: number; unchanged: number }> {
    if (batch.length === 0) return { created: 0, updated: 0, unchanged: 0 };
    const counts = { created: 0, updated: 0, unchanged: 0 };
    const page = job.kind;
    let pendingWarnings: Candidate[] = [];
    await this.db.transaction(async (tx) => {
      const existing = new Map(
        (
          await repo.applicantsByJamb(
            tx,
            batch.map((c) => c.jambRegNo),
          )
        ).map((e) => [e.jambRegNo, e]),
      );
      const fresh = batch.filter((c) => !existing.has(c.jambRegNo));
      const owners = new Map(
        (
          await repo.applicantsByEmail(
            tx,
            fresh.map((c) => c.email),
          )
        ).map((o) => [o.email, o]),
      );
      const entries: AuditEntry[] = [];
      const inserts: Parameters<typeof repo.insertApplicants>[1] = [];
      const refused = new Set<Candidate>();
      for (const c of fresh) {
        const owner = owners.get(c.email);
        if (owner) {
          note([
            `Row ${c.row}: E-mail ${c.email} is already used by the applicant with JAMB Number ${owner.jambRegNo}`,
          ]);
          refused.add(c);
          continue;
        }
        inserts.push({
          publicId: newPublicId(),
          jambRegNo: c.jambRegNo,
          email: c.email,
          passwordHash: repo.PENDING_PASSWORD,
          firstName: c.firstName,
          lastName: c.lastName,
          otherName: c.otherName ?? null,
          phone: c.phone ?? null,
          stateId: c.stateId ?? null,
          lgaId: c.lgaId ?? null,
          courseOfStudyId: c.courseOfStudyId ?? null,
          departmentId: c.departmentId ?? null,
          levelId,
          entryModeId: 1,
          admissionSessionId: job.admissionSessionId,
          utmeScore: c.utmeScore ?? null,
          capsStatus: c.capsStatus ?? null,
        });
      }
      const created = await repo.insertApplicants(tx, inserts);
      counts.created = created.length;
      for (const row of created) {
        entries.push({
          actor,
          page,
          action: 'import-create',
          entity: 'applicant',
          entityId: row.id,
          before: null,
          after: row,
        });
      }
      for (const c of batch) {
        const e = existing.get(c.jambRegNo);
        if (!e) continue;
        const changes = differences(e, c, columns);
        if (Object.keys(changes).length === 0) {
          counts.unchanged += 1;
          continue;
        }
        await repo.updateApplicant(tx, e.id, changes);
        counts.updated += 1;
        const before = Object.fromEntries(Object.keys(changes).map((k) => [k, e[k as keyof typeof e]]));
        entries.push({
          actor,
          page,
          action: 'import-update',
          entity: 'applicant',
          entityId: e.id,
          before,
          after: changes,
        });
      }
      await audit(tx, entries);
      // Kept once the batch is written: the warnings of the rows it imported.
      pendingWarnings = batch.filter((c) => !refused.has(c) && c.warnings?.length);
    });
    for (const c of pendingWarnings) warn(c.warnings!);
    if (counts.created || counts.updated) invalidateApplicationCounts();
    return counts;
  }

  /** Phase 2: a default password for every account still waiting for one, e-mailed with it. */
  private async issueCredentials(jobId: number | null): Promise<void> {
    let afterId = 0;
    while (!this.stopped) {
      const pending = await repo.pendingAccounts(this.db, afterId, CREDENTIAL_BATCH);
      if (pending.length === 0) break;
      afterId = pending[pending.length - 1]!.id;
      await this.writeCredentials(
        jobId,
        pending.map((account) => {
          const password = newDefaultPassword();
          return { account, password, hash: hashDefaultPassword(password, this.config.JWT_SECRET) };
        }),
      );
    }
  }

  /** One transaction: the hashes and the e-mails that carry the passwords, or neither. */
  private async writeCredentials(
    jobId: number | null,
    hashed: {
      account: Awaited<ReturnType<typeof repo.pendingAccounts>>[number];
      password: string;
      hash: string;
    }[],
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const issued = new Set(
        await repo.issuePasswords(
          tx,
          hashed.map((h) => ({ id: h.account.id, hash: h.hash })),
        ),
      );
      await this.mailer.enqueueAll(
        hashed
          .filter((h) => issued.has(h.account.id))
          .map(({ account, password }) => ({
            to: account.email,
            subject: `Your applicant account on the ${INSTITUTION} portal`,
            text:
              `Dear ${[account.firstName, account.lastName].filter(Boolean).join(' ') || 'applicant'},\n\n` +
              `An applicant account has been created for you on the ${INSTITUTION} portal.\n\n` +
              `Sign in at ${this.config.PUBLIC_URL}/portal/ApplicantSignin with your JAMB registration number ` +
              `(${account.jambRegNo}) or this e-mail address, and this default password:\n\n` +
              `    ${password}\n\n` +
              `You will be asked to change it when you sign in. Keep it private: the admissions office will never ask for it.`,
          })),
        tx,
        { bulk: jobId !== null },
      );
      if (jobId !== null) {
        if (issued.size) await repo.addToJob(tx, jobId, { accountsIssued: issued.size });
        await repo.renewLease(tx, jobId);
      }
    });
    this.mailer.kick();
  }
}

function isBlank(cells: unknown[]): boolean {
  return cells.every((c) => c === null || c === undefined || String(c).trim() === '');
}

/**
 * What a row changes on a stored applicant. JAMB's facts (names, course, UTME score, CAPS
 * status) follow the file; contact details the applicant may have corrected (phone, state,
 * LGA) are only filled in when empty; the e-mail, the sign-in identity, is never changed here.
 */
export function differences(e: repo.ExistingCandidate, c: Candidate, columns: Map<CandidateField, number>) {
  const set: Record<string, string | number> = {};
  const follow = (
    key:
      | 'firstName'
      | 'lastName'
      | 'otherName'
      | 'courseOfStudyId'
      | 'departmentId'
      | 'utmeScore'
      | 'capsStatus',
    value: string | number | null | undefined,
  ) => {
    if (value !== undefined && value !== null && e[key] !== value) set[key] = value;
  };
  follow('firstName', c.firstName);
  follow('lastName', c.lastName);
  if (columns.has('otherName')) follow('otherName', c.otherName);
  follow('courseOfStudyId', c.courseOfStudyId);
  follow('departmentId', c.departmentId);
  follow('utmeScore', c.utmeScore);
  follow('capsStatus', c.capsStatus);
  if (e.phone === null && c.phone) set.phone = c.phone;
  if (e.stateId === null && c.stateId) {
    set.stateId = c.stateId;
    if (e.lgaId === null && c.lgaId) set.lgaId = c.lgaId;
  } else if (e.lgaId === null && c.lgaId && c.stateId === e.stateId) {
    set.lgaId = c.lgaId;
  }
  return set;
}
