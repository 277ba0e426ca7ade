import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What the web's server bundle (apps/web/src/prerender.tsx, built to dist-ssr/) offers the server. */
interface ServerBundle {
  signedInDocument(
    shell: string,
    route: string,
    request: {
      cookie: string;
      read: (url: string, headers: Record<string, string>) => Promise<Response>;
      viewportWidth: number;
    },
  ): Promise<string | null>;
}

/** Renders wait their turn (one at a time, in the bundle); past this many waiting, the browser renders the page. */
const MAX_WAITING = 4;
/** A render that has not finished by then is not waited for: the browser renders the page. */
const RENDER_TIMEOUT_MS = 2000;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A signed-in student's page sent with its data rendered into the document (ADR 17), so that a
 * phone on a slow link paints it before any script has run; the browser's app then renders it again
 * from the same reads. The reads are this API's own routes, asked in-process with the visitor's
 * token (as the page would ask them), so every check stays where it is. Any failure, a refused read,
 * a render too slow or too many waiting: the document is index.html as for any other page.
 */
export function signedInPages(app: FastifyInstance, distDir: string) {
  const bundleFile = path.join(distDir, '..', 'dist-ssr', 'prerender.js');
  const indexFile = path.join(distDir, 'index.html');
  const available = existsSync(bundleFile) && existsSync(indexFile);
  let bundle: Promise<ServerBundle | null> | undefined;
  let shell: string | undefined;
  let waiting = 0;

  const load = () =>
    (bundle ??= (import(pathToFileURL(bundleFile).href) as Promise<ServerBundle>).catch((error: unknown) => {
      app.log.warn(
        { err: error },
        'The web build has no server bundle: signed-in pages are rendered in the browser',
      );
      return null;
    }));

  async function render(request: FastifyRequest, route: string): Promise<string | null> {
    const loaded = await load();
    if (!loaded) return null;
    shell ??= readFileSync(indexFile, 'utf8');
    const read = async (url: string, headers: Record<string, string>) => {
      const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      const empty = answer.statusCode === 204 || answer.statusCode === 304;
      return new Response(empty ? null : answer.rawPayload, {
        status: answer.statusCode,
        headers: { 'content-type': String(answer.headers['content-type'] ?? '') },
      });
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
    });
    try {
      return await Promise.race([
        loaded.signedInDocument(shell, route, {
          cookie: request.headers.cookie ?? '',
          read,
          // A phone's layout for a phone (the user agent's "Mobi"), a desktop's otherwise.
          viewportWidth: /Mobi/i.test(request.headers['user-agent'] ?? '') ? 360 : 1280,
        }),
        timeout,
      ]);
    } catch (error) {
      request.log.warn({ err: error }, 'A signed-in page could not be rendered on the server');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /**
     * Sends the page at `route` (its path under /portal, in lower case, without slashes at its ends)
     * rendered with the visitor's data; false when it is not (the caller sends index.html).
     */
    async send(request: FastifyRequest, reply: FastifyReply, route: string): Promise<boolean> {
      if (!available || !/(?:^|;\s*)user=/.test(request.headers.cookie ?? '')) return false;
      if (waiting >= MAX_WAITING) return false;
      waiting += 1;
      let document: string | null;
      try {
        document = await render(request, route);
      } finally {
        waiting -= 1;
      }
      if (!document) return false;
      const accepts = String(request.headers['accept-encoding'] ?? '');
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
      const body =
        encoding === 'br'
          ? await brotli(document, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
          : encoding === 'gzip'
            ? await gzipAsync(document)
            : document;
      // The visitor's own data: kept by no shared cache, asked for again on every visit.
      reply.header('cache-control', 'private, no-cache').header('vary', 'cookie, accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      await reply.type('text/html; charset=utf-8').send(body);
      return true;
    },
  };
}
