import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { registerModules } from './modules/index.js';
import { authPlugin } from './platform/auth.js';
import { cacheReferenceData, clearReferenceData } from './platform/cache.js';
import { registerSchoolStorage } from './platform/school.js';
import type { AppDeps } from './platform/deps.js';
import { registerErrorHandler } from './platform/errors.js';
import { JobQueue } from './platform/jobs.js';
import { Mailer } from './platform/mail.js';
import { DOCUMENT_HEADERS, registerJsonAnswers } from './platform/json-answers.js';
import { registerMessageRefs } from './platform/messages.js';
import { RateLimits } from './platform/rate-limit.js';
import { signedInPages } from './platform/signed-in-pages.js';
import { createStorage } from './platform/storage.js';
import { encodingFor, webAssets } from './platform/web-assets.js';

export interface BuildOptions {
  /** An already-open database (tests share one per file); otherwise opened from config. */
  database?: Database;
  /** Seed reference and demo data on start (idempotent). Defaults to true. */
  seed?: boolean;
  /**
   * Work background jobs in this process (mail delivery, payment reconciliation, lapses…). Defaults
   * to true; without, jobs are still queued (by this or another process) but left for others.
   */
  jobs?: boolean;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole application: plugins, then modules. Tests boot exactly this. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY, never by default.
    trustProxy: config.TRUST_PROXY.length > 0 ? config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  registerMessageRefs(app);
  const webDist = config.WEB_DIST_DIR ?? defaultWebDist;

  const database =
    options.database ?? (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR }));
  const ownsDatabase = !options.database;
  cacheReferenceData(database.db, config.REFERENCE_CACHE_MS);
  const storage = createStorage(config);
  // The documents draw the school's logo from this storage (platform/school.ts).
  registerSchoolStorage(database.db, storage);
  // The demo seed (and the services it reuses) is imported only when it runs: a test file's app starts
  // on a database seeded already, without loading it.
  if (options.seed ?? true) {
    const { seed } = await import('./db/seed/index.js');
    await seed(database.db, storage);
  }
  const jobs = new JobQueue(database, app.log, options.jobs ?? true);
  const mailer = new Mailer(database.db, app.log, jobs, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    timeoutMs: config.SMTP_TIMEOUT * 1000,
  });
  const rateLimits = new RateLimits(database.db, jobs);
  const deps: AppDeps = { config, database, mailer, jobs, storage, rateLimits };
  app.decorate('deps', deps);

  // First, so its onRoute hook sees every route, including those of the plugins below.
  await app.register(authPlugin, {
    db: database.db,
    secret: config.JWT_SECRET,
    ttlSeconds: config.SESSION_TTL,
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The admissions office views applicants' PDFs inline: fetched with the bearer token, shown from a blob.
        frameSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(webDist)],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerJsonAnswers(app);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'School portal API', version: '1.0.0', description: 'Applicants, students and staff.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  registerErrorHandler(app);
  // An admin's change (a window, a fee schedule, a course offered…) is seen at once in this process.
  app.addHook('onResponse', async (request, reply) => {
    if (request.auth?.kind === 'Admin' && request.method !== 'GET' && reply.statusCode < 400)
      clearReferenceData(database.db);
  });

  await registerModules(app, deps);
  await serveWeb(app, webDist, config.SERVER_RENDER === 'on');

  // Every module has declared its jobs: the queue's tables and queues exist before any request.
  await jobs.install();
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onListen', async () => jobs.startPeriodic());
  app.addHook('onClose', async () => {
    // First: running jobs end (or are left to their claim's expiry) while the database is open.
    await jobs.stop();
    await app.payments.stop();
    mailer.close();
    if (ownsDatabase) await database.close();
  });
  return app;
}

/** The build's prerendered public pages (dist/prerendered/<page>.html), by route in lower case ('' for /). */
function prerenderedPages(distDir: string): Map<string, string> {
  const dir = path.join(distDir, 'prerendered');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [file === 'index.html' ? '' : file.slice(0, -'.html'.length), `prerendered/${file}`]),
  );
}

/**
 * The hashes of the pages' inline scripts, for the Content-Security-Policy: index.html's (a signed-in
 * page's early reads) and the prerendered pages' (the check, before the first paint, that the page
 * was prerendered in the visitor's language and theme).
 */
function inlineScriptHashes(distDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of ['index.html', ...prerenderedPages(distDir).values()]) {
    if (!existsSync(path.join(distDir, file))) continue;
    const html = readFileSync(path.join(distDir, file), 'utf8');
    for (const [, script] of html.matchAll(/<script>([\s\S]*?)<\/script>/g))
      hashes.add(
        `'sha256-${createHash('sha256')
          .update(script ?? '')
          .digest('base64')}'`,
      );
  }
  return [...hashes];
}

/**
 * The built SPA under /portal: hashed assets cached for a year, the public pages prerendered, every
 * other client route falls back to index.html (which are all revalidated on every visit).
 */
async function serveWeb(app: FastifyInstance, distDir: string, serverRender: boolean): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  const pages = prerenderedPages(distDir);
  const signedIn = serverRender ? signedInPages(app, distDir) : null;
  // The few files at the build's root, by name: index.html (which the service worker precaches by
  // that name), the service worker, its Workbox runtime, the icon.
  const rootFiles = hasWeb
    ? new Set(
        readdirSync(distDir, { withFileTypes: true })
          .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
          .map((entry) => entry.name),
      )
    : new Set<string>();
  await app.register(async (scope) => {
    // reply.sendFile for the pages and the build's root files; the hashed files are sent from memory.
    await scope.register(fastifyStatic, {
      root: distDir,
      serve: false,
      // The plugin's own Cache-Control ('public, max-age=0') would replace ours: revalidated every time.
      cacheControl: false,
      // The pages (index.html with its early reads' script: 16 KB, 4 KB in brotli) go compressed, from
      // the .br and .gz files the build writes beside them.
      preCompressed: true,
      setHeaders: (res: { setHeader(name: string, value: string): void }) => {
        res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
    const assets = webAssets(path.join(distDir, 'assets'));
    scope.get(
      '/portal/assets/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const asset = hasWeb ? await assets.read((request.params as { '*': string })['*']) : null;
        if (!asset) return reply.status(404).type('text/plain').send('Not found');
        const encoding = encodingFor(asset, request.headers['accept-encoding']);
        reply
          .header('content-type', asset.type)
          // Not `public`: it adds nothing to a response to a request without Authorization.
          .header('cache-control', 'max-age=31536000, immutable')
          .header('vary', 'accept-encoding');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(asset[encoding]);
      },
    );
    // A script or style sheet a page loads does not use the headers that govern a document
    // (Helmet's, set on every answer), nor validators (a hashed file never changes: it is kept a year
    // and never asked for again): about 0.9 KiB a file, a sixth of what a student's page sends a
    // phone. Nor Cross-Origin-Resource-Policy: it keeps a response's contents from another site's
    // page, and these are the public code every visitor downloads (the API's answers keep it). A
    // worker's script keeps Helmet's (its policy is its own answer's).
    scope.addHook('onSend', async (request, reply, payload) => {
      const url = request.url.split('?')[0] ?? '';
      if (!url.startsWith('/portal/assets/') || reply.statusCode !== 200 || /worker/i.test(url))
        return payload;
      // Helmet's document headers (json-answers.ts), the page's policy and CORP: kept is nosniff.
      for (const header of ['content-security-policy', 'cross-origin-resource-policy', ...DOCUMENT_HEADERS])
        reply.raw.removeHeader(header);
      reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
      return payload;
    });
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!hasWeb)
        return reply.status(503).type('text/plain').send('The web app is not built. Run npm run build.');
      // Routes match without regard to case or a trailing slash, as in the browser's router.
      const route = (request.url.split('?')[0] ?? '')
        .replace(/^\/portal/, '')
        .replace(/^\/+|\/+$/g, '')
        .toLowerCase();
      const file = pages.get(route);
      if (!file && signedIn && (await signedIn.send(request, reply, route))) return reply;
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile(file ?? 'index.html', distDir);
    };
    scope.get('/portal', { config: { access: 'public' }, schema: { hide: true } }, sendIndex);
    scope.get(
      '/portal/*',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const url = request.url.split('?')[0] ?? '';
        const rootFile = url.slice('/portal/'.length);
        if (rootFiles.has(rootFile)) return reply.sendFile(rootFile, distDir);
        // A missing hashed asset is a 404, not the index page.
        if (/\.[a-z0-9]{2,5}$/i.test(url)) return reply.status(404).type('text/plain').send('Not found');
        return sendIndex(request, reply);
      },
    );
    scope.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/portal/'),
    );
  });
}
