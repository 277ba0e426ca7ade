import { z } from 'zod';
import {
  RECORDS_MESSAGES,
  RECORDS_PAGES,
  STATUS,
  olevelVerificationRequest,
  type OlevelVerificationEntry,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import { paged } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { isoRequired } from '../../platform/time.js';
import type { CardSecrets } from './card-secrets.js';
import * as repo from './records.repository.js';

type VerificationRow = Awaited<ReturnType<typeof repo.verificationsPage>>['rows'][number];

/** A verification as the registry sees it: the card's PIN and serial masked, never in full. */
export function verificationEntry(cards: CardSecrets, r: VerificationRow): OlevelVerificationEntry {
  const v = r.v;
  const holder =
    v.studentId !== null
      ? {
          kind: 'student' as const,
          id: v.studentId,
          number: r.studentNumber ?? '',
          name: r.studentName ?? '',
        }
      : {
          kind: 'applicant' as const,
          id: v.applicantId!,
          number: r.applicantNumber ?? '',
          name: r.applicantName ?? '',
        };
  return {
    id: v.id,
    examType: v.examType,
    examNumber: v.examNumber,
    examYear: v.examYear,
    pinMasked: cards.masked(v.pinCipher),
    serialMasked: cards.masked(v.serialCipher),
    outcome: v.outcome as 'verified' | 'not_verified',
    note: v.note,
    verifiedBy: v.verifiedByEmail,
    verifiedAt: isoRequired(v.verifiedAt),
    holder,
  };
}

/**
 * WAECVerify: the registry records that it checked an O'level result on the examining body's
 * site with the candidate's scratch card — no outside call is made here. The PIN and serial are
 * encrypted before they reach the database and never leave it in full.
 */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly cards: CardSecrets,
  ) {}

  async list(q: { search?: string; page: number; pageSize: number }) {
    const { rows, total } = await repo.verificationsPage(this.db, q);
    return paged(
      rows.map((r) => verificationEntry(this.cards, r)),
      q.page,
      q.pageSize,
      total,
    );
  }

  async record(actor: AuditActor, input: z.output<typeof olevelVerificationRequest>) {
    const holder = await repo.holderByNumber(this.db, input.number);
    if (!holder) throw notFound(RECORDS_MESSAGES.holderNotFound);
    const id = await this.db.transaction(async (tx) => {
      const row = await repo.insertVerification(tx, {
        applicantId: holder.kind === 'applicant' ? holder.id : null,
        studentId: holder.kind === 'student' ? holder.id : null,
        examType: input.examType,
        examNumber: input.examNumber.toUpperCase(),
        examYear: input.examYear,
        pinCipher: this.cards.encrypt(input.pin),
        serialCipher: this.cards.encrypt(input.serial),
        outcome: input.outcome,
        note: input.note,
        verifiedByAdminId: actor.adminId,
        verifiedByEmail: actor.email,
      });
      await audit(tx, {
        actor,
        page: RECORDS_PAGES.waecVerify,
        action: 'verify-olevel',
        entity: holder.kind,
        entityId: holder.id,
        before: null,
        // The trail keeps no card secret, not even encrypted.
        after: {
          verificationId: row.id,
          examType: row.examType,
          examNumber: row.examNumber,
          examYear: row.examYear,
          outcome: row.outcome,
          note: row.note,
        },
      });
      return row.id;
    });
    const { rows } = await repo.verificationsPage(this.db, { page: 1, pageSize: 1, id });
    return {
      Status: STATUS.ok,
      Message: RECORDS_MESSAGES.verificationSaved,
      Data: verificationEntry(this.cards, rows[0]!),
    };
  }
}
