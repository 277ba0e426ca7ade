/**
 * The public pages a QR code opens. Every id in them is a 128-bit random public id; sequential
 * ids never appear in a public link.
 */
export const verifyUrls = {
  receipt: (publicUrl: string, transactionId: string) =>
    `${publicUrl}/portal/QrCode?transactionId=${encodeURIComponent(transactionId)}`,
  admissionLetter: (publicUrl: string, applicantId: string) =>
    `${publicUrl}/portal/AdmissionLetter?applicantId=${encodeURIComponent(applicantId)}`,
  siwesLetter: (publicUrl: string, studId: string) =>
    `${publicUrl}/portal/SiwesLetter?StudId=${encodeURIComponent(studId)}`,
  courseForm: (publicUrl: string, registrationId: string, version: number) =>
    `${publicUrl}/portal/CourseForm?id=${encodeURIComponent(registrationId)}&v=${version}`,
  /** A report card or transcript; a transcript's recipient link adds the request (`r`) to record its opening. */
  resultDocument: (publicUrl: string, documentId: string, requestId?: number) =>
    `${publicUrl}/portal/ResultVerify?id=${encodeURIComponent(documentId)}${requestId ? `&r=${requestId}` : ''}`,
};

/** A QR code of the text as a PNG data URL (for pages; PDFs draw the code as vectors). */
export async function qrDataUrl(text: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}

/** "OKAFOR Chinedu Emeka": surname first, as Nigerian documents print names. */
export function fullName(p: {
  lastName: string | null;
  firstName: string | null;
  otherName: string | null;
}): string {
  return [p.lastName?.toUpperCase(), p.firstName, p.otherName].filter((s) => s && s.trim()).join(' ');
}
