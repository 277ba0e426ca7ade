import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { chosenEncoding } from './downloads.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Answers shorter than this go as they are: compressing them saves less than its own overhead. */
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Helmet's headers that only a document reads (the page's script policy, framing, opener, referrer,
 * HSTS, the old IE and Flash switches): a JSON answer is never shown as a page, and they made up
 * about 0.8 KiB of every answer, more than most answers' bodies (a student's page reads five to seven).
 */
export const DOCUMENT_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** What a JSON answer keeps of a policy: nothing may run from it or frame it, should a browser open it. */
const JSON_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The API's JSON answers as a phone on a slow link wants them: Brotli (or gzip) when the client
 * accepts it and the answer is 1 KiB or more, and without the headers that only a document reads.
 * Kept: X-Content-Type-Options and Cross-Origin-Resource-Policy (no other site reads them), and a
 * short Content-Security-Policy. Other answers (files, the API docs' pages) are left as they are.
 */
export function registerJsonAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') || !request.url.startsWith('/api/')) return payload;
    // Helmet set them on the raw response as the request came in.
    for (const header of DOCUMENT_HEADERS) reply.raw.removeHeader(header);
    reply.raw.setHeader('content-security-policy', JSON_POLICY);

    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding')) return payload;
    reply.header('vary', appendVary(reply.getHeader('vary'), 'accept-encoding'));
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const encoding =
      body.length >= MIN_COMPRESSED_BYTES ? chosenEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipped(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
}

function appendVary(current: unknown, name: string): string {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.some((value) => value.toLowerCase() === name || value === '*')
    ? values.join(', ')
    : [...values, name].join(', ');
}
