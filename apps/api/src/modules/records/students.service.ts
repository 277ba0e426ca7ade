import { z } from 'zod';
import {
  RECORDS_MESSAGES,
  RECORDS_PAGES,
  STATUS,
  addStudentRequest,
  type StudentRecord,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SessionService } from '../../platform/auth.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { errorMentions, paged, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import { iso, isoRequired } from '../../platform/time.js';
import { applicantPassportUrl } from '../applicants/applicants.service.js';
import type { AuthService } from '../auth/auth.service.js';
import { olevelRows } from '../olevel/olevel.service.js';
import { courseRegistrationsOfStudent } from '../courses/approval.service.js';
import { paymentsOfPerson } from '../payments/payments.service.js';
import type { CardSecrets } from './card-secrets.js';
import {
  documentsByApplicant,
  NO_PASSWORD_YET,
  WELCOME_LINK_TTL_MS,
  welcomeMail,
} from './matriculation.service.js';
import * as repo from './records.repository.js';
import { verificationEntry } from './verification.service.js';

export type AddStudent = z.output<typeof addStudentRequest>;

/** A unique violation on the students table, told in words. */
export function duplicateStudent(error: unknown): AppError | null {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return null;
  if (errorMentions(error, 'students_matric_no_unique')) return conflict(RECORDS_MESSAGES.matricTaken);
  if (errorMentions(error, 'students_email_unique')) return conflict(RECORDS_MESSAGES.emailTaken);
  return null;
}

/** The registry's students: enquiry, the record, adding one by hand, sign-in access. */
export class StudentsService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly cards: CardSecrets,
  ) {}

  async list(q: { search?: string; isActive?: 'true' | 'false'; page: number; pageSize: number }) {
    const { rows, total } = await repo.studentsPage(this.db, {
      search: q.search,
      isActive: q.isActive === undefined ? undefined : q.isActive === 'true',
      page: q.page,
      pageSize: q.pageSize,
    });
    return paged(rows, q.page, q.pageSize, total);
  }

  /** The whole record: biodata, programme, level, payments, documents, O'level and its verification. */
  async record(id: number): Promise<{ Status: string; Data: StudentRecord }> {
    const row = await repo.studentRecord(this.db, id);
    if (!row) throw notFound(RECORDS_MESSAGES.notFound);
    const s = row.student;
    const [payments, documents, olevel, verifications, letters, passportUrl, registrations] =
      await Promise.all([
        paymentsOfPerson(this.db, { studentId: s.id, applicantId: s.applicantId }),
        s.applicantId ? documentsByApplicant(this.db, [s.applicantId]) : Promise.resolve(new Map()),
        s.applicantId ? olevelRows(this.db, s.applicantId) : Promise.resolve([]),
        repo.verificationsPage(this.db, {
          page: 1,
          pageSize: 100,
          studentId: s.id,
          applicantId: s.applicantId,
        }),
        repo.siwesLettersOf(this.db, s.id),
        s.applicantId ? applicantPassportUrl(this.db, this.config, s.applicantId) : Promise.resolve(null),
        courseRegistrationsOfStudent(this.db, s.id),
      ]);
    return {
      Status: STATUS.ok,
      Data: {
        id: s.id,
        matricNo: s.matricNo,
        firstName: s.firstName,
        lastName: s.lastName,
        otherName: s.otherName,
        email: s.email,
        phone: s.phone,
        gender: s.gender,
        dateOfBirth: s.dateOfBirth,
        address: s.address,
        state: row.state,
        lga: row.lga,
        faculty: row.faculty,
        department: row.department,
        courseOfStudy: row.courseOfStudy,
        programme: row.programme,
        level: row.level,
        entryMode: row.entryMode,
        admittedSession: row.admittedSession,
        jambRegNo: row.jambRegNo,
        applicantId: s.applicantId,
        isActive: s.isActive,
        matriculatedAt: iso(s.matriculatedAt),
        createdAt: isoRequired(s.createdAt),
        passportUrl,
        payments: payments.map((p) => ({
          reference: p.reference,
          category: p.category,
          session: p.session,
          provider: p.provider,
          amountKobo: p.amountKobo,
          state: p.state,
          flag: p.flag,
          createdAt: isoRequired(p.createdAt),
          paidAt: iso(p.paidAt),
          receiptUrl: p.state === 'paid' ? `/api/receipts/${p.publicId}.pdf` : null,
        })),
        documents: (s.applicantId ? documents.get(s.applicantId) : undefined) ?? [],
        olevel: olevel.map((o) => ({
          examType: o.OLevelTypeName,
          examYear: o.ExamYear,
          examNumber: o.ExamNumber,
          subject: o.OLevelSubjectName,
          grade: o.GradeName,
        })),
        verifications: verifications.rows.map((v) => verificationEntry(this.cards, v)),
        siwesLetters: letters.map((l) => ({
          reference: l.reference,
          months: l.months,
          issuedAt: isoRequired(l.issuedAt),
          url: `/api/letters/siwes/${s.publicId}.pdf`,
        })),
        courseRegistrations: registrations,
      },
    };
  }

  /** The add-a-student form's choices, sorted by name; the LGAs of one state only. */
  async choices(stateId: number | undefined) {
    const refs = await repo.lookups(this.db);
    const sorted = (rows: { id: number; name: string }[]) =>
      rows.map((r) => ({ value: r.id, label: r.name })).sort((a, b) => a.label.localeCompare(b.label));
    return {
      Status: STATUS.ok,
      Data: {
        courses: sorted(refs.courseRows),
        levels: sorted(refs.levelRows),
        states: sorted(refs.stateRows),
        lgas: stateId ? sorted(refs.lgaRows.filter((l) => l.stateId === stateId)) : [],
        entryModes: sorted(refs.modeRows),
        sessions: sorted(refs.sessionRows).reverse(),
      },
    };
  }

  /** addnew: one returning student by hand, checked against the reference data. */
  async add(actor: AuditActor, input: AddStudent) {
    const refs = await repo.lookups(this.db);
    const course = refs.courseRows.find((c) => c.id === input.courseOfStudyId);
    if (!course) throw badRequest('courseOfStudyId: Course of study not found.');
    if (!refs.levelRows.some((l) => l.id === input.levelId)) throw badRequest('levelId: Level not found.');
    if (input.stateId && !refs.stateRows.some((s) => s.id === input.stateId))
      throw badRequest('stateId: State not found.');
    if (input.lgaId && !refs.lgaRows.some((l) => l.id === input.lgaId && l.stateId === input.stateId))
      throw badRequest('lgaId: The LGA is not in the chosen state.');
    if (input.entryModeId && !refs.modeRows.some((m) => m.id === input.entryModeId))
      throw badRequest('entryModeId: Entry mode not found.');
    if (input.admittedSessionId && !refs.sessionRows.some((s) => s.id === input.admittedSessionId))
      throw badRequest('admittedSessionId: Session not found.');
    let student: { id: number; matricNo: string };
    try {
      student = await this.db.transaction(async (tx) => {
        const row = await repo.insertStudent(tx, {
          publicId: newPublicId(),
          matricNo: input.matricNo,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          otherName: input.otherName,
          gender: input.gender ?? null,
          phone: input.phone,
          stateId: input.stateId ?? null,
          lgaId: input.lgaId ?? null,
          departmentId: course.departmentId,
          courseOfStudyId: course.id,
          levelId: input.levelId,
          entryModeId: input.entryModeId ?? null,
          admittedSessionId: input.admittedSessionId ?? null,
          passwordHash: NO_PASSWORD_YET,
          address: input.address,
          dateOfBirth: input.dateOfBirth ?? null,
        });
        const link = await this.auth.passwordLink('Student', row.id, {
          ttlMs: WELCOME_LINK_TTL_MS,
          exec: tx,
        });
        await this.mailer.enqueueAll([welcomeMail(this.config, row, link, 'added')], tx);
        await audit(tx, {
          actor,
          page: RECORDS_PAGES.addNew,
          action: 'create',
          entity: 'student',
          entityId: row.id,
          before: null,
          after: row,
        });
        return row;
      });
    } catch (error) {
      throw duplicateStudent(error) ?? error;
    }
    this.mailer.kick();
    return {
      Status: STATUS.ok,
      Message: RECORDS_MESSAGES.added,
      Data: { studentId: student.id, matricNo: student.matricNo },
    };
  }

  /** studentAccess: sign-in on or off; switching off ends the student's open sessions. */
  async setActive(actor: AuditActor, id: number, isActive: boolean) {
    const changed = await this.db.transaction(async (tx) => {
      const before = await repo.findStudent(tx, id);
      if (!before) throw notFound(RECORDS_MESSAGES.notFound);
      const changed = await repo.setStudentActive(tx, id, isActive);
      if (changed)
        await audit(tx, {
          actor,
          page: RECORDS_PAGES.studentAccess,
          action: isActive ? 'enable-sign-in' : 'disable-sign-in',
          entity: 'student',
          entityId: id,
          before: { isActive: before.isActive },
          after: { isActive },
        });
      return changed;
    });
    if (!isActive) await this.sessions.revokeAll('Student', id);
    return {
      Status: STATUS.ok,
      Message: isActive ? RECORDS_MESSAGES.enabled : RECORDS_MESSAGES.disabled,
      Data: { changed },
    };
  }

  /** studentAccess: a password-reset link e-mailed to the student, through the sign-in's reset codes. */
  async sendReset(actor: AuditActor, id: number) {
    await this.db.transaction(async (tx) => {
      const student = await repo.findStudent(tx, id);
      if (!student) throw notFound(RECORDS_MESSAGES.notFound);
      const link = await this.auth.passwordLink('Student', id, { exec: tx });
      await this.mailer.enqueueAll(
        [
          {
            to: student.email,
            subject: 'Reset your portal password',
            text:
              `The registry has sent you a link to set a new password for your student account (${student.matricNo}) ` +
              `on the ${INSTITUTION} portal.\n\nOpen this link within 30 minutes:\n${link}\n\n` +
              `If you did not ask for this, ignore this e-mail; your password stays the same.`,
          },
        ],
        tx,
      );
      await audit(tx, {
        actor,
        page: RECORDS_PAGES.studentAccess,
        action: 'send-password-reset',
        entity: 'student',
        entityId: id,
        before: null,
        after: { email: student.email },
      });
    });
    this.mailer.kick();
    return { Status: STATUS.ok, Message: RECORDS_MESSAGES.resetSent };
  }
}
