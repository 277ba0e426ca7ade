import { STATUS, type HostelSlipVerification, type AllocationState } from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { createPdf, formatLongDate, loadInstitution } from '../../platform/pdf.js';
import { iso } from '../../platform/time.js';
import { findStudentRecord, passportBytesOf, studentPassportUrl } from '../students/students.service.js';
import { allocationByPublicId, bedSpaceOf, displayName } from './allocations.service.js';
import * as repo from './hostels.repository.js';
import type { HostelsDeps } from './hostels.service.js';

/**
 * The allocation slip (A4): the student's photograph, name, matric number and bed space, with a QR
 * code to the public page a porter opens at check-in — keyed by the allocation's 128-bit public id,
 * so it shows whether the person in front of them is the allocated student and whether the
 * allocation still stands.
 */

const slipVerifyUrl = (publicUrl: string, publicId: string) =>
  `${publicUrl}/portal/HostelSlip?id=${encodeURIComponent(publicId)}`;

async function detailOf(db: Db, allocation: repo.AllocationRecord) {
  const [detail, student] = await Promise.all([
    repo.allocationDetail(db, allocation.id),
    findStudentRecord(db, allocation.studentId),
  ]);
  if (!detail || !student) throw notFound();
  const sessions = await repo.sessionNames(db, [(await repo.findRound(db, allocation.roundId))!.sessionId]);
  return { detail, student, session: [...sessions.values()][0] ?? '' };
}

export async function renderSlip(deps: HostelsDeps, allocation: repo.AllocationRecord): Promise<Buffer> {
  const { detail, student, session } = await detailOf(deps.db, allocation);
  const institution = await loadInstitution(deps.db);
  const verifyUrl = slipVerifyUrl(deps.config.PUBLIC_URL, detail.publicId);
  const bed = bedSpaceOf(detail);
  const b = createPdf({
    title: `Hostel allocation slip ${detail.matricNo} ${session}`,
    author: institution.name,
    footer: `Verify: ${verifyUrl}`,
  });
  b.header(institution, 'HOSTEL ALLOCATION SLIP', `${session} session`);
  const top = b.y;
  const photo = { x: b.right - 86, y: top, width: 86, height: 104 };
  b.photo(await passportBytesOf(deps, student), photo);
  b.keyValues(
    [
      ['Name', displayName(detail)],
      ['Matric No.', detail.matricNo],
      ['Session', session],
      ['Hostel', bed.Hostel],
      ['Block', bed.Block],
      ['Room', bed.Room],
      ['Bed space', String(bed.Bed)],
      ['Hostel fee paid on', formatLongDate(detail.paidAt)],
    ],
    { columns: 1, width: b.width - 100, labelShare: 0.3 },
  );
  b.y = Math.max(b.y, photo.y + photo.height) + 10;
  b.paragraph(
    'This bed space is allocated to the student named above and cannot be transferred. The porter checks ' +
      'the student against the page the QR code opens.',
    { width: b.width },
  );
  b.moveDown(10);
  b.signedWithQr(['Signature of the student', 'Hall porter'], verifyUrl, 'Scan to verify this allocation');
  return b.toBuffer();
}

export const slipFileName = (matricNo: string) => `HostelSlip-${matricNo.replace(/[^0-9A-Za-z]/g, '')}.pdf`;

/** GET /api/hostel-slips/verify?id: the allocated student at a glance, and whether the allocation stands. */
export async function verifySlip(deps: HostelsDeps, publicId: string) {
  const allocation = await allocationByPublicId(deps.db, publicId);
  const { detail, student, session } = await detailOf(deps.db, allocation);
  const institution = await loadInstitution(deps.db);
  const data: HostelSlipVerification = {
    Institution: institution.name,
    Name: displayName(detail),
    MatricNo: detail.matricNo,
    PassportUrl: await studentPassportUrl(deps, student),
    Session: session,
    BedSpace: bedSpaceOf(detail),
    State: detail.state as AllocationState,
    Valid: detail.state === 'paid',
    PaidAt: iso(detail.paidAt),
  };
  return { Status: STATUS.ok, Data: data };
}
