import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** File downloads: every file the portal serves goes back as a download, never as a page. */

export interface OpenedFile {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
}

/** A safe download name: the client's base name without odd characters, with the real extension. */
export function safeFileName(clientName: string | undefined, fallback: string, ext: string): string {
  const base = (clientName ?? '')
    .split(/[\\/]/)
    .pop()!
    .replace(/\.[^.]*$/, '')
    .replace(/[^\w .()-]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${base || fallback}.${ext}`;
}

/** `attachment; filename="…"; filename*=UTF-8''…` for any name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Headers every file download carries. */
export function downloadHeaders(
  contentType: string,
  fileName: string,
  size?: number,
): Record<string, string> {
  return {
    'content-type': contentType,
    'content-disposition': attachmentHeader(fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
    ...(size !== undefined ? { 'content-length': String(size) } : {}),
  };
}

/** Sends a generated PDF as a download. */
export function sendPdf(reply: FastifyReply, { pdf, fileName }: { pdf: Buffer; fileName: string }) {
  return reply.headers(downloadHeaders('application/pdf', fileName, pdf.length)).send(pdf);
}
