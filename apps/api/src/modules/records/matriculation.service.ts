import {
  DOCUMENT_KINDS,
  RECORDS_MESSAGES,
  RECORDS_PAGES,
  STATUS,
  type MatriculationItem,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { errorMentions, paged, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { newPublicId } from '../../platform/ids.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import { iso, isoRequired } from '../../platform/time.js';
import type { AuthService } from '../auth/auth.service.js';
import { matricNumber, matricScope, scopeRegex, sessionYear } from './matric-numbers.js';
import * as repo from './records.repository.js';

/** A hash no password matches: the student sets one through the e-mailed link. */
export const NO_PASSWORD_YET = '!set-through-link';
/** How long the set-a-password link of a new student stays valid. */
export const WELCOME_LINK_TTL_MS = 7 * 24 * 3600_000;

const documentLabel = (kind: string) => DOCUMENT_KINDS.find((d) => d.kind === kind)?.label ?? kind;

export const applicantDocumentUrl = (applicantId: number, kind: string) =>
  `/api/admin/records/applicants/${applicantId}/documents/${kind}`;

export async function documentsByApplicant(db: Db, ids: number[]) {
  const byApplicant = new Map<number, MatriculationItem['documents']>();
  for (const d of await repo.documentsOf(db, ids)) {
    const list = byApplicant.get(d.applicantId) ?? [];
    list.push({
      kind: d.kind,
      label: documentLabel(d.kind),
      fileName: d.fileName,
      url: applicantDocumentUrl(d.applicantId, d.kind),
    });
    byApplicant.set(d.applicantId, list);
  }
  return byApplicant;
}

/**
 * Matriculation: the registry clears an admitted applicant's documents (once the acceptance fee is
 * paid), then makes them a student with a matric number from their programme's pattern. The
 * applicant row stays: the student keeps their applicant history (payments, documents, O'level).
 */
export class MatriculationService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly auth: AuthService,
  ) {}

  async list(q: {
    search?: string;
    state?: 'awaiting' | 'cleared' | 'matriculated';
    page: number;
    pageSize: number;
  }) {
    const { rows, total } = await repo.matriculationPage(this.db, q);
    const documents = await documentsByApplicant(
      this.db,
      rows.map((r) => r.applicantId),
    );
    const data: MatriculationItem[] = rows.map((r) => ({
      applicantId: r.applicantId,
      jambRegNo: r.jambRegNo,
      name: r.name,
      email: r.email,
      department: r.department,
      courseOfStudy: r.courseOfStudy,
      acceptancePaidAt: iso(r.acceptancePaidAt),
      documents: documents.get(r.applicantId) ?? [],
      clearedAt: iso(r.clearedAt),
      clearedBy: r.clearedBy,
      matricNo: r.matricNo,
      matriculatedAt: iso(r.matriculatedAt),
    }));
    return paged(data, q.page, q.pageSize, total);
  }

  /** The registry clears the applicant's documents: who and when are recorded, once. */
  async clear(actor: AuditActor, applicantId: number) {
    await this.db.transaction(async (tx) => {
      const applicant = await repo.applicantForMatriculation(tx, applicantId);
      if (!applicant) throw notFound(RECORDS_MESSAGES.applicantNotFound);
      if (applicant.admissionStatus !== 'admitted' || !applicant.acceptancePaidAt)
        throw badRequest(RECORDS_MESSAGES.notEligible);
      const row = await repo.insertClearance(tx, {
        applicantId,
        clearedByAdminId: actor.adminId,
        clearedByEmail: actor.email,
      });
      if (!row) throw conflict(RECORDS_MESSAGES.alreadyCleared);
      await audit(tx, {
        actor,
        page: RECORDS_PAGES.matriculation,
        action: 'clear-documents',
        entity: 'applicant',
        entityId: applicantId,
        before: null,
        after: { clearedAt: isoRequired(row.clearedAt), clearedBy: actor.email },
      });
    });
    return { Status: STATUS.ok, Message: RECORDS_MESSAGES.cleared };
  }

  /**
   * One transaction: the applicant is locked, the serial taken from the scope's counter, the
   * student inserted, the set-a-password code and the e-mail queued, the change audited. Any
   * failure rolls all of it back, the counter included, so no number is lost.
   */
  async matriculate(actor: AuditActor, applicantId: number) {
    let result: { studentId: number; matricNo: string };
    try {
      result = await this.db.transaction(async (tx) => {
        const a = await repo.applicantForMatriculation(tx, applicantId);
        if (!a) throw notFound(RECORDS_MESSAGES.applicantNotFound);
        if (a.admissionStatus !== 'admitted' || !a.acceptancePaidAt)
          throw badRequest(RECORDS_MESSAGES.notEligible);
        if (await repo.studentOfApplicant(tx, a.id)) throw conflict(RECORDS_MESSAGES.alreadyMatriculated);
        if (!a.clearedAt) throw badRequest(RECORDS_MESSAGES.notCleared);
        if (!a.courseOfStudyId) throw badRequest(RECORDS_MESSAGES.noCourse);
        if (!a.academicSessionId) throw badRequest(RECORDS_MESSAGES.noSession);
        const format = await repo.formatForCourse(tx, a.courseOfStudyId);
        if (!format?.pattern || !format.isActive) throw badRequest(RECORDS_MESSAGES.noFormat);
        const scope = matricScope(format.pattern, {
          year: sessionYear(
            { startDate: a.academicSessionStart, name: a.academicSessionName },
            new Date().getFullYear(),
          ),
          department: format.departmentCode,
          programme: format.programmeCode ?? '',
        });
        const regex = scopeRegex(scope);
        const serial = await repo.nextSerial(tx, scope, regex.match, regex.serial);
        const matricNo = matricNumber(scope, serial);
        const student = await repo.insertStudent(tx, {
          publicId: newPublicId(),
          matricNo,
          email: a.email.toLowerCase(),
          firstName: a.firstName ?? '',
          lastName: a.lastName ?? '',
          otherName: a.otherName,
          gender: a.gender,
          phone: a.phone,
          stateId: a.stateId,
          lgaId: a.lgaId,
          departmentId: a.departmentId,
          courseOfStudyId: a.courseOfStudyId,
          levelId: a.levelId,
          entryModeId: a.entryModeId,
          admittedSessionId: a.academicSessionId,
          passportKey: a.passportKey,
          passwordHash: NO_PASSWORD_YET,
          applicantId: a.id,
          address: a.address,
          dateOfBirth: a.dateOfBirth,
          matriculatedAt: new Date(),
        });
        const link = await this.auth.passwordLink('Student', student.id, {
          ttlMs: WELCOME_LINK_TTL_MS,
          exec: tx,
        });
        await this.mailer.enqueueAll([welcomeMail(this.config, student, link, 'matriculated')], tx);
        await audit(tx, {
          actor,
          page: RECORDS_PAGES.matriculation,
          action: 'matriculate',
          entity: 'student',
          entityId: student.id,
          before: { applicantId: a.id },
          after: student,
        });
        return { studentId: student.id, matricNo };
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        if (errorMentions(error, 'students_applicant_id_unique'))
          throw conflict(RECORDS_MESSAGES.alreadyMatriculated);
        if (errorMentions(error, 'students_email_unique')) throw conflict(RECORDS_MESSAGES.emailTaken);
        if (errorMentions(error, 'students_matric_no_unique')) throw conflict(RECORDS_MESSAGES.matricTaken);
      }
      throw error;
    }
    this.mailer.kick();
    return {
      Status: STATUS.ok,
      Message: `${RECORDS_MESSAGES.matriculated} Matric number: ${result.matricNo}.`,
      Data: result,
    };
  }
}

/** The e-mail that tells a new student their matric number and how to set a password. */
export function welcomeMail(
  config: Config,
  student: { email: string; firstName: string; lastName: string; matricNo: string },
  link: string,
  how: 'matriculated' | 'added',
) {
  const name = [student.firstName, student.lastName].filter(Boolean).join(' ') || 'student';
  return {
    to: student.email,
    subject: `Your matric number: ${student.matricNo}`,
    text:
      `Dear ${name},\n\n` +
      (how === 'matriculated'
        ? `You have been matriculated at ${INSTITUTION}. Your matric number is ${student.matricNo}.\n\n`
        : `A student account has been created for you on the ${INSTITUTION} portal. Your matric number is ${student.matricNo}.\n\n`) +
      `Open this link within 7 days to set your password:\n${link}\n\n` +
      `Then sign in at ${config.PUBLIC_URL}/portal/StudentSignin with your matric number or this e-mail address.`,
  };
}
