import { randomBytes } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createPdf } from '../../platform/pdf.js';

/** Helpers shared by the applicant, O'level and document tests (not used by the app). */

/** A multipart/form-data body with one file part. */
export function multipart(fileName: string, contentType: string, data: Buffer, field = 'file') {
  const boundary = `----portal-test-${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function upload(
  app: FastifyInstance,
  auth: Record<string, string>,
  kind: string,
  data: Buffer,
  fileName: string,
  contentType: string,
) {
  const body = multipart(fileName, contentType, data);
  return app.inject({
    method: 'POST',
    url: `/api/applicant/documents/${kind}`,
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
}

/** The smallest valid baseline JPEG (1×1 pixel). */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A small real PDF. */
export async function smallPdf(title = 'Test document'): Promise<Buffer> {
  const pdf = createPdf({ title });
  pdf.paragraph(title);
  return pdf.toBuffer();
}

/** Every file under a directory (recursively), relative to it. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((p) => statSync(path.join(dir, p)).isFile());
  } catch {
    return [];
  }
}

/** An O'level row for the API, by the reference lists' ids. */
export function resultRow(
  applicantId: number,
  subjectId: number,
  overrides: Partial<Record<string, unknown>> = {},
): Record<string, unknown> {
  return {
    OLevelTypeID: 1,
    ExamYear: 2019,
    ExamNumber: '4250123456',
    OLevelSubjectID: subjectId,
    OLevelGradeID: 2,
    ApplicantId: applicantId,
    ...overrides,
  };
}
