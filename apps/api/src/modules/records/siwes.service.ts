import {
  RECORDS_MESSAGES,
  RECORDS_PAGES,
  SIWES_MIN_LEVEL_RANK,
  STATUS,
  type SiwesItem,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { paged } from '../../platform/db.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { iso } from '../../platform/time.js';
import { siwesIssueTerms, type LettersDeps } from '../letters/letters.service.js';
import * as repo from './records.repository.js';

/**
 * SIWES placement letters. Eligible: an active student at 200 level or above who is not yet in
 * the course's final level (the placement comes before the final year). A letter is issued once
 * per student and academic session; its reference and length (3 months for Computer Science,
 * 6 otherwise: courses_of_study.siwes_months) come from the letters module, which then shows the
 * issued letter at SIWESLETTER?StudId= and /SiwesLetter.
 */
export class SiwesService {
  constructor(private readonly letters: LettersDeps) {}

  private get db(): Db {
    return this.letters.db;
  }

  async list(q: { search?: string; issued?: 'true' | 'false'; page: number; pageSize: number }) {
    const session = await repo.currentAcademicSession(this.db);
    const { rows, total } = await repo.siwesPage(this.db, {
      search: q.search,
      issued: q.issued === undefined ? undefined : q.issued === 'true',
      page: q.page,
      pageSize: q.pageSize,
      minRank: SIWES_MIN_LEVEL_RANK,
      sessionId: session?.id ?? null,
    });
    const data: SiwesItem[] = rows.map((r) => ({
      studentId: r.studentId,
      matricNo: r.matricNo,
      name: r.name,
      courseOfStudy: r.courseOfStudy,
      level: r.level,
      months: Number(r.months),
      letter:
        r.reference && r.issuedAt
          ? {
              reference: r.reference,
              issuedAt: iso(r.issuedAt)!,
              issuedBy: r.issuedBy ?? '',
              url: `/api/letters/siwes/${r.publicId}.pdf`,
            }
          : null,
    }));
    return paged(data, q.page, q.pageSize, total);
  }

  async issue(actor: AuditActor, studentId: number) {
    const student = await repo.siwesCandidate(this.db, studentId, SIWES_MIN_LEVEL_RANK);
    if (!student) throw badRequest(RECORDS_MESSAGES.siwesNotEligible);
    const terms = await siwesIssueTerms(this.letters, studentId);
    const session = await repo.currentAcademicSession(this.db);
    await this.db.transaction(async (tx) => {
      const row = await repo.insertSiwesLetter(tx, {
        studentId,
        academicSessionId: session?.id ?? null,
        reference: terms.reference,
        months: terms.months,
        issuedByAdminId: actor.adminId,
        issuedByEmail: actor.email,
      });
      if (!row) throw conflict(RECORDS_MESSAGES.siwesAlready);
      await audit(tx, {
        actor,
        page: RECORDS_PAGES.siwes,
        action: 'issue-siwes-letter',
        entity: 'student',
        entityId: studentId,
        before: null,
        after: { reference: row.reference, months: row.months, session: session?.name ?? null },
      });
    });
    return {
      Status: STATUS.ok,
      Message: RECORDS_MESSAGES.siwesIssued,
      Data: { reference: terms.reference, months: terms.months, url: terms.pdfUrl },
    };
  }
}
