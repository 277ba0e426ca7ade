import { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  ACCEPTANCE_FEE_KOBO,
  ADMIN_PAGES,
  APPLICATION_STAGES,
  APPLICANT_RECORD_COLUMNS,
  APPLICANT_RECORD_VIEWS,
  STATUS,
  koboToNaira,
  type ApplicantRecordColumn,
  type ApplicantRecordRow,
  type ApplicantRecordView,
  type ApplicationItem,
  type ApplicationView,
  type admissionPaymentsQuery,
  type applicantRecordsExportQuery,
  type applicationsQuery,
  type exportQuery,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { TtlCache } from '../../platform/cache.js';
import { paged } from '../../platform/db.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import { formatNaira } from '../../platform/pdf.js';
import { sheetFile } from '../../platform/sheets.js';
import { dayRange, iso, isoRequired } from '../../platform/time.js';
import { summariesOf } from '../olevel/olevel.service.js';
import * as repo from './admissions.repository.js';

type ListQuery = z.output<typeof applicationsQuery>;

/** Which permission page serves which list. */
export const VIEW_PAGES: Record<ApplicationView, string> = {
  all: ADMIN_PAGES.allApplications,
  inprogress: ADMIN_PAGES.inProgress,
  completed: ADMIN_PAGES.completed,
  screening: ADMIN_PAGES.screen,
  verification: ADMIN_PAGES.verify,
  confirmation: ADMIN_PAGES.confirm,
  rejected: ADMIN_PAGES.rejected,
  admitted: ADMIN_PAGES.admissionList,
};

export type Transition = 'screen' | 'verify' | 'admit' | 'reject';

type Locked = Awaited<ReturnType<typeof repo.lockApplicants>>[number];

/** The admissions office's state machine: none → screened → verified → admitted | rejected. */
const TRANSITIONS: Record<
  Transition,
  { page: string; verb: string; done: string; refuse: (a: Locked) => string | null }
> = {
  screen: {
    page: ADMIN_PAGES.screen,
    verb: 'screen',
    done: 'screened',
    refuse: (a) =>
      !a.registeredAt
        ? 'registration is not complete'
        : a.admissionStatus !== 'none'
          ? `the application is already ${a.admissionStatus}`
          : null,
  },
  verify: {
    page: ADMIN_PAGES.verify,
    verb: 'verify',
    done: 'verified',
    refuse: (a) =>
      !a.registeredAt
        ? 'registration is not complete'
        : a.admissionStatus === 'none'
          ? 'the application has not been screened'
          : a.admissionStatus !== 'screened'
            ? `the application is already ${a.admissionStatus}`
            : null,
  },
  admit: {
    page: ADMIN_PAGES.confirm,
    verb: 'admit',
    done: 'admitted',
    refuse: (a) =>
      !a.registeredAt
        ? 'registration is not complete'
        : a.admissionStatus === 'admitted'
          ? 'the applicant is already admitted'
          : a.admissionStatus === 'rejected'
            ? 'the application has been rejected'
            : a.admissionStatus !== 'verified'
              ? 'the application has not been verified'
              : null,
  },
  reject: {
    page: ADMIN_PAGES.rejected,
    verb: 'reject',
    done: 'rejected',
    refuse: (a) =>
      a.admissionStatus === 'rejected'
        ? 'the application is already rejected'
        : a.acceptancePaidAt
          ? 'the applicant has paid the acceptance fee'
          : null,
  },
};

const who = (a: { jambRegNo: string; lastName: string | null; firstName: string | null }) =>
  `${a.jambRegNo}${a.lastName || a.firstName ? ` (${[a.lastName, a.firstName].filter(Boolean).join(' ')})` : ''}`;

function toItem(r: repo.ApplicationRow): ApplicationItem {
  return {
    ...r,
    registeredAt: iso(r.registeredAt),
    admittedAt: iso(r.admittedAt),
    acceptancePaidAt: iso(r.acceptancePaidAt),
    createdAt: isoRequired(r.createdAt),
  };
}

function filtersOf(q: Partial<ListQuery>): repo.ApplicationFilters {
  if (q.minScore !== undefined && q.maxScore !== undefined && q.minScore > q.maxScore) {
    throw badRequest('The lowest score cannot be above the highest.');
  }
  return {
    departmentId: q.departmentId,
    courseOfStudyId: q.courseOfStudyId,
    stateId: q.stateId,
    admissionSessionId: q.admissionSessionId,
    minScore: q.minScore,
    maxScore: q.maxScore,
    status: q.status,
    search: q.search || undefined,
  };
}

const EXPORT_COLUMNS: [string, (r: repo.ApplicationRow) => string | number | null][] = [
  ['JAMB Number', (r) => r.jambRegNo],
  ['Last Name', (r) => r.lastName],
  ['First Name', (r) => r.firstName],
  ['Other Name', (r) => r.otherName],
  ['E-mail', (r) => r.email],
  ['Phone', (r) => r.phone],
  ['Gender', (r) => r.gender],
  ['Department', (r) => r.departmentName],
  ['Course', (r) => r.courseOfStudy],
  ['State', (r) => r.stateName],
  ['LGA', (r) => r.lgaName],
  ['UTME Score', (r) => r.utmeScore],
  ['CAPS Status', (r) => r.capsStatus],
  ['Stage', (r) => r.stage],
  ['Admission Status', (r) => r.admissionStatus],
  ['Registered', (r) => iso(r.registeredAt)],
  ['Admitted', (r) => iso(r.admittedAt)],
  ['Acceptance Fee Paid', (r) => iso(r.acceptancePaidAt)],
  ['Rejection Reason', (r) => r.rejectionReason],
];

type OlevelSummary = Awaited<ReturnType<typeof summariesOf>> extends Map<number, infer S> ? S : never;
type RecordCell = string | number | null;

/** Each column of the applicant records (contracts: APPLICANT_RECORD_COLUMNS), read from a row and its O'level summary. */
const RECORD_CELLS: Record<
  ApplicantRecordColumn,
  (r: repo.ApplicationRow, o: OlevelSummary | undefined) => RecordCell
> = {
  jambRegNo: (r) => r.jambRegNo,
  name: (r) => [r.lastName, r.firstName, r.otherName].filter(Boolean).join(' ') || null,
  gender: (r) => r.gender,
  dateOfBirth: (r) => r.dateOfBirth,
  maritalStatus: (r) => r.maritalStatus,
  state: (r) => r.stateName,
  lga: (r) => r.lgaName,
  phone: (r) => r.phone,
  email: (r) => r.email,
  department: (r) => r.departmentName,
  courseOfStudy: (r) => r.courseOfStudy,
  entryMode: (r) => r.entryMode,
  utmeScore: (r) => r.utmeScore,
  capsStatus: (r) => r.capsStatus,
  sittings: (_r, o) => o?.sittings ?? 0,
  credits: (_r, o) => o?.credits ?? 0,
  results: (_r, o) => o?.results ?? null,
  status: (r) => r.admissionStatus,
};

/** The rows of a view: its columns' cells, the O'level summaries read only for a view that shows them. */
async function recordRows(db: Db, view: ApplicantRecordView, rows: repo.ApplicationRow[]) {
  const columns: readonly ApplicantRecordColumn[] = APPLICANT_RECORD_VIEWS[view];
  const olevel = columns.some((c) => c === 'sittings' || c === 'credits' || c === 'results')
    ? await summariesOf(
        db,
        rows.map((r) => r.id),
      )
    : new Map<number, OlevelSummary>();
  return rows.map((row) => ({
    id: row.id,
    cells: Object.fromEntries(columns.map((c) => [c, RECORD_CELLS[c](row, olevel.get(row.id))])),
  })) as ApplicantRecordRow[];
}

/**
 * Counting 100,000 applicants for every page of a list is the costly part of it, and the number
 * need not be exact to the second: list totals, the report and the dashboard are kept for 10 s,
 * and any admissions change made through this process clears them at once. One query per key runs
 * at a time, and a key still read in its last 2 s is counted again in the background, so that a
 * list in steady use never waits for its total.
 */
const applicationCounts = new TtlCache<number>(10_000, 500, 2_000);
const summaries = new TtlCache<unknown>(10_000, 50, 2_000);

/**
 * The caches are the module's, and each entry's key starts with its database's number: an
 * application on another database (a test file's, in the same worker) never reads this one's totals.
 */
const databases = new WeakMap<object, number>();
let databasesSeen = 0;
function databaseNumber(db: object): number {
  let n = databases.get(db);
  if (n === undefined) databases.set(db, (n = ++databasesSeen));
  return n;
}

/** Drops cached totals and summaries (called after every change to applicants). */
export function invalidateApplicationCounts(): void {
  applicationCounts.clear();
  summaries.clear();
}

/**
 * The admission session asked for, or the current one when none is named (undefined when there is
 * none). For other modules, which go through this service rather than the admissions repository.
 */
export function admissionSessionOrCurrent(db: Db, id: number | undefined) {
  return repo.admissionSessionOrCurrent(db, id);
}

/** The e-mail an admission decision sends the applicant (admitted or rejected); none for other steps. */
function decisionMail(
  action: Transition,
  row: { email: string; firstName: string | null; lastName: string | null; courseOfStudy: string | null },
  rejectionReason: string | null | undefined,
  publicUrl: string,
) {
  const greeting = `Dear ${[row.firstName, row.lastName].filter(Boolean).join(' ') || 'applicant'},\n\n`;
  const course = row.courseOfStudy ?? INSTITUTION;
  const signIn = `${publicUrl}/portal/ApplicantSignin`;
  if (action === 'admit')
    return {
      to: row.email,
      subject: 'Congratulations: you have been offered admission',
      text:
        greeting +
        `Congratulations! You have been offered provisional admission into ${course}.\n\n` +
        `To accept the offer, sign in at ${signIn} and pay the non-refundable acceptance fee of ` +
        `${formatNaira(ACCEPTANCE_FEE_KOBO)} within 5 days. Please confirm that JAMB CAPS shows "Admitted" before you pay.\n\n` +
        `Admissions Office`,
    };
  if (action === 'reject')
    return {
      to: row.email,
      subject: 'Your application for admission',
      text:
        greeting +
        `We regret to inform you that your application for admission into ${course} has not been successful.\n\n` +
        `Reason: ${rejectionReason ?? 'not given'}\n\n` +
        `You can see this decision when you sign in at ${signIn}.\n\n` +
        `Admissions Office`,
    };
  return null;
}

export class AdmissionsService {
  /** The first part of this application's cache keys (see `databaseNumber`). */
  private readonly cacheKey: number;
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
  ) {
    this.cacheKey = databaseNumber(db);
  }

  async list(view: ApplicationView, q: ListQuery) {
    const { rows, total } = await this.page(view, q);
    return paged(rows.map(toItem), q.page, q.pageSize, total);
  }

  /** The /app console's applicant records: one view's columns over the applications list's filters. */
  async records(view: ApplicantRecordView, q: ListQuery) {
    const { rows, total } = await this.page('all', q);
    return paged(await recordRows(this.db, view, rows), q.page, q.pageSize, total);
  }

  /**
   * A list's page and its (cached) total. A search waits for its total first: the page of a search
   * matching few applicants is read matches first (repo.FEW_MATCHES), whatever PostgreSQL guesses.
   */
  private async page(view: ApplicationView, q: ListQuery) {
    const filters = filtersOf(q);
    const total = applicationCounts.get(JSON.stringify([this.cacheKey, 'total', view, filters]), () =>
      repo.countApplications(this.db, view, filters),
    );
    const fewMatches = filters.search !== undefined && (await total) <= repo.FEW_MATCHES;
    const rows = await repo.listApplications(
      this.db,
      view,
      filters,
      q.page,
      q.pageSize,
      q.sort,
      q.order,
      fewMatches,
    );
    return { rows, total: await total };
  }

  /** A view's records as CSV or XLSX, streamed in batches (audited like every export of applicants). */
  async exportRecords(
    actor: AuditActor,
    view: ApplicantRecordView,
    q: z.output<typeof applicantRecordsExportQuery>,
  ) {
    const filters = filtersOf(q);
    await audit(this.db, {
      actor,
      page: ADMIN_PAGES.allApplications,
      action: 'export',
      entity: 'applicants',
      entityId: null,
      before: null,
      after: { view, format: q.format, filters },
    });
    const db = this.db;
    async function* batches() {
      let afterId = 0;
      for (;;) {
        const rows = await repo.applicationsBatch(db, 'all', filters, afterId, 1000);
        if (rows.length === 0) return;
        yield await recordRows(db, view, rows);
        afterId = rows[rows.length - 1]!.id;
        if (rows.length < 1000) return;
      }
    }
    const columns: readonly ApplicantRecordColumn[] = APPLICANT_RECORD_VIEWS[view];
    return sheetFile({
      columns: columns.map((c) => ({
        header: APPLICANT_RECORD_COLUMNS[c],
        cell: (r: ApplicantRecordRow) => r.cells[c] ?? null,
      })),
      batches,
      format: q.format,
      fileName: `applicants-${view}-${new Date().toISOString().slice(0, 10)}.${q.format}`,
      sheetName: 'Applicants',
    });
  }

  /** Applies one step of the state machine to a selection; all or nothing, each applicant audited. */
  async transition(actor: AuditActor, action: Transition, ids: number[], reason?: string) {
    const rule = TRANSITIONS[action];
    const now = new Date();
    const changed = await this.db.transaction(async (tx) => {
      const rows = await repo.lockApplicants(tx, ids);
      const problems: string[] = [];
      for (const id of ids)
        if (!rows.some((r) => r.id === id)) problems.push(`Applicant ${id} was not found.`);
      for (const row of rows) {
        const why = rule.refuse(row);
        if (why) problems.push(`Cannot ${rule.verb} ${who(row)}: ${why}.`);
      }
      if (problems.length) {
        const more = problems.length > 5 ? ` …and ${problems.length - 5} more.` : '';
        throw new AppError(
          400,
          `${problems.slice(0, 5).join(' ')}${more} Nothing was changed.`,
          STATUS.invalid,
        );
      }
      const values =
        action === 'admit'
          ? { admissionStatus: 'admitted', admittedAt: now, rejectionReason: null }
          : action === 'reject'
            ? { admissionStatus: 'rejected', admittedAt: null, rejectionReason: reason ?? null }
            : { admissionStatus: rule.done };
      await repo.setAdmissionState(tx, ids, values);
      await audit(
        tx,
        rows.map((row) => ({
          actor,
          page: rule.page,
          action,
          entity: 'applicant',
          entityId: row.id,
          before: {
            admissionStatus: row.admissionStatus,
            admittedAt: row.admittedAt,
            rejectionReason: row.rejectionReason,
          },
          after: {
            admissionStatus: values.admissionStatus,
            admittedAt: 'admittedAt' in values ? values.admittedAt : row.admittedAt,
            rejectionReason: 'rejectionReason' in values ? values.rejectionReason : row.rejectionReason,
          },
        })),
      );
      await this.mailer.enqueueAll(
        rows.flatMap(
          (row) => decisionMail(action, row, values.rejectionReason, this.config.PUBLIC_URL) ?? [],
        ),
        tx,
        { bulk: rows.length > 1 },
      );
      return rows.length;
    });
    invalidateApplicationCounts();
    if (action === 'admit' || action === 'reject') this.mailer.kick();
    const noun = changed === 1 ? 'applicant' : 'applicants';
    return { Status: STATUS.ok, Message: `${changed} ${noun} ${rule.done}.`, Data: { ids } };
  }

  report(admissionSessionId?: number) {
    return summaries.get(`${this.cacheKey}:report:${admissionSessionId ?? ''}`, () =>
      this.computeReport(admissionSessionId),
    ) as ReturnType<AdmissionsService['computeReport']>;
  }

  private async computeReport(admissionSessionId?: number) {
    const [stages, statuses, departments] = await Promise.all([
      repo.countsByStage(this.db, admissionSessionId),
      repo.countsByStatus(this.db, admissionSessionId),
      repo.countsByDepartment(this.db, admissionSessionId),
    ]);
    const byStage = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0])) as Record<string, number>;
    for (const s of stages) byStage[s.stage] = s.n;
    const byStatus: Record<string, number> = { none: 0, screened: 0, verified: 0, admitted: 0, rejected: 0 };
    for (const s of statuses) byStatus[s.status] = s.n;
    return {
      Status: STATUS.ok,
      Data: {
        total: stages.reduce((sum, s) => sum + s.n, 0),
        byStage,
        byStatus,
        byDepartment: departments.map(({ accepted: _accepted, ...d }) => d),
      },
    };
  }

  dashboard() {
    return summaries.get(`${this.cacheKey}:dashboard`, () => this.computeDashboard()) as ReturnType<
      AdmissionsService['computeDashboard']
    >;
  }

  private async computeDashboard() {
    const [stages, departments, fees] = await Promise.all([
      repo.countsByStage(this.db),
      repo.countsByDepartment(this.db),
      repo.acceptanceFeeTotals(this.db),
    ]);
    const byStage = Object.fromEntries(APPLICATION_STAGES.map((s) => [s, 0])) as Record<string, number>;
    for (const s of stages) byStage[s.stage] = s.n;
    return {
      Status: STATUS.ok,
      Data: {
        stages: { accounts: stages.reduce((sum, s) => sum + s.n, 0), ...byStage },
        byDepartment: departments.map((d) => ({
          departmentId: d.departmentId,
          departmentName: d.departmentName,
          applicants: d.total,
          registered: d.registered,
          admitted: d.admitted,
          accepted: d.accepted,
        })),
        acceptanceFees: { ...fees, paidNaira: koboToNaira(fees.paidKobo) },
      },
    };
  }

  async payments(q: z.output<typeof admissionPaymentsQuery>) {
    const { start, end } = dayRange(q.from, q.to, { from: 'From date', to: 'To date' });
    const { rows, total } = await repo.acceptancePayments(
      this.db,
      { state: q.state, provider: q.provider || undefined, search: q.search || undefined, start, end },
      q.page,
      q.pageSize,
    );
    return paged(
      rows.map((r) => ({
        id: r.id,
        transactionId: r.transactionId,
        reference: r.reference,
        provider: r.provider,
        state: r.state,
        flag: r.flag,
        amountKobo: r.amountPaidKobo ?? r.amountKobo,
        amount: koboToNaira(r.amountPaidKobo ?? r.amountKobo),
        applicantId: r.applicantId,
        jambRegNo: r.jambRegNo,
        payerName: [r.lastName, r.firstName].filter(Boolean).join(' '),
        createdAt: isoRequired(r.createdAt),
        paidAt: iso(r.paidAt),
      })),
      q.page,
      q.pageSize,
      total,
    );
  }

  /** A filtered list as CSV (streamed batch by batch) or XLSX. The export itself is audited. */
  async export(
    actor: AuditActor,
    q: z.output<typeof exportQuery>,
  ): Promise<{ stream: Readable; contentType: string; fileName: string }> {
    const filters = filtersOf(q);
    await audit(this.db, {
      actor,
      page: ADMIN_PAGES.admissionExport,
      action: 'export',
      entity: 'applicants',
      entityId: null,
      before: null,
      after: { view: q.view, format: q.format, filters },
    });
    const stamp = new Date().toISOString().slice(0, 10);
    const fileName = `applicants-${q.view}-${stamp}.${q.format}`;
    const db = this.db;
    async function* batches() {
      let afterId = 0;
      for (;;) {
        const rows = await repo.applicationsBatch(db, q.view, filters, afterId, 1000);
        if (rows.length === 0) return;
        yield rows;
        afterId = rows[rows.length - 1]!.id;
        if (rows.length < 1000) return;
      }
    }
    // Streamed in both formats (platform/sheets.ts): no row cap, memory holds one batch.
    return sheetFile({
      columns: EXPORT_COLUMNS.map(([header, cell]) => ({ header, cell })),
      batches,
      format: q.format,
      fileName,
      sheetName: 'Applicants',
    });
  }

  // ───────────── the published admitted list ─────────────

  async publication(admissionSessionId: number) {
    const session = await repo.findAdmissionSession(this.db, admissionSessionId);
    if (!session) throw notFound('Admission session not found.');
    const row = await repo.publication(this.db, admissionSessionId);
    return {
      Status: STATUS.ok,
      Data: {
        admissionSessionId,
        admissionSessionName: session.name,
        published: Boolean(row),
        publishedAt: iso(row?.publishedAt),
      },
    };
  }

  async publish(actor: AuditActor, admissionSessionId: number, publish: boolean) {
    const session = await repo.findAdmissionSession(this.db, admissionSessionId);
    if (!session) throw notFound('Admission session not found.');
    await this.db.transaction(async (tx) => {
      const before = await repo.publication(tx, admissionSessionId);
      if (publish === Boolean(before)) return;
      if (publish) await repo.publish(tx, admissionSessionId, actor.adminId);
      else await repo.unpublish(tx, admissionSessionId);
      await audit(tx, {
        actor,
        page: ADMIN_PAGES.admissionList,
        action: publish ? 'publish' : 'unpublish',
        entity: 'admission_list',
        entityId: admissionSessionId,
        before: { published: Boolean(before) },
        after: { published: publish },
      });
    });
    return this.publication(admissionSessionId);
  }

  /** The public admitted list of a session (the current one by default), once published. */
  async publicList(q: { admissionSessionId?: number; search?: string; page: number; pageSize: number }) {
    const session = await repo.admissionSessionOrCurrent(this.db, q.admissionSessionId);
    if (!session) throw notFound('Admission session not found.');
    if (!(await repo.publication(this.db, session.id))) {
      throw notFound(`The admission list for ${session.name} has not been published yet.`);
    }
    const { rows, total } = await repo.publishedAdmitted(
      this.db,
      session.id,
      q.search || undefined,
      q.page,
      q.pageSize,
    );
    return {
      ...paged(
        rows.map((r) => ({
          JambRegNo: r.jambRegNo,
          FullName: [r.lastName, r.firstName, r.otherName].filter(Boolean).join(' '),
          CourseOfStudy: r.courseOfStudy,
          DepartmentName: r.departmentName,
        })),
        q.page,
        q.pageSize,
        total,
      ),
      SessionName: session.name,
    };
  }
}
