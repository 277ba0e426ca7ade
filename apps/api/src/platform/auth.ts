import { randomUUID, webcrypto } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import { STUDENT_MESSAGES, type UserMode } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { adminRoles, admins, pages, rolePages, sessions, students } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';

export type UserKind = UserMode;

export interface AuthContext {
  kind: UserKind;
  userId: number;
  sessionId: string;
  /** An admin's pages, read with the session when the route is guarded by a page. */
  pages?: readonly string[];
  /**
   * A student the registry has disabled since signing in: refused (403, with the reason) by every
   * route that is not public. Read with the session, so a student's route needs no query of its own
   * to know the caller may still act.
   */
  disabled?: boolean;
}

/**
 * Who may call a route. Every route declares one; a test fails on any route that does not.
 * - 'public': anyone
 * - { modes }: a signed-in user of one of these kinds; `withPages` also reads an admin's pages, for a
 *   route every admin may call whose answer depends on the pages (the staff home page)
 * - { page }: an admin whose current roles grant this page (checked on every request)
 */
export type RouteAccess =
  'public' | { modes: readonly UserKind[]; withPages?: boolean } | { page: string | readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
    /** Every route with its declared access and its request schemas (for the tests that walk them all). */
    routeAccessTable: {
      method: string;
      url: string;
      access: RouteAccess | undefined;
      params?: unknown;
      querystring?: unknown;
    }[];
  }
}

/** The claims of a token whose algorithm and signature have been checked. */
interface VerifiedClaims {
  kind: UserKind;
  userId: number;
  sessionId: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

/** How many verified tokens are remembered; beyond this the oldest is forgotten. */
const VERIFIED_TOKENS_KEPT = 10_000;

export class SessionService {
  /**
   * The HS256 key, imported once: given the secret's bytes, jose imports a key on every sign and
   * verify (12% of a restarted server's time while every candidate of a CBT hall reconnects).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Tokens whose signature has been checked, so a signed-in user's every request does not redo
   * the HMAC: a signature, once valid, stays valid. Expiry is still checked on every request, and
   * so is the session row, so sign-out and revocation still bite on the next request.
   */
  private readonly verified = new Map<string, VerifiedClaims>();
  /** The session and, for an admin, the active flag and the pages the roles grant: one query. */
  private readonly lookupWithPages;
  /** The same without the pages, for routes that ask only for a user mode. */
  private readonly lookup;

  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    const columns = {
      userKind: sessions.userKind,
      userId: sessions.userId,
      adminActive: admins.isActive,
      studentActive: students.isActive,
    };
    // JSON, which both drivers parse alike.
    const grantedPages = sql<string[] | null>`case when ${sessions.userKind} = 'Admin' then (
      select coalesce(json_agg(distinct ${pages.page}), '[]'::json) from ${adminRoles}
        join ${rolePages} on ${rolePages.roleId} = ${adminRoles.roleId}
        join ${pages} on ${pages.id} = ${rolePages.pageId}
       where ${adminRoles.adminId} = ${sessions.userId}) end`;
    // An admin's session also needs the admin to be active: deactivation bites on the next request.
    const isAdmin = and(eq(sessions.userKind, 'Admin'), eq(admins.id, sessions.userId));
    // …and a student's, whether the registry has disabled the student since.
    const isStudent = and(eq(sessions.userKind, 'Student'), eq(students.id, sessions.userId));
    const live = and(
      eq(sessions.id, sql.placeholder('sessionId')),
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, sql`now()`),
    );
    // Named statements: each connection parses and plans them once, not on every request.
    this.lookup = db
      .select(columns)
      .from(sessions)
      .leftJoin(admins, isAdmin)
      .leftJoin(students, isStudent)
      .where(live)
      .limit(1)
      .prepare('auth_session');
    this.lookupWithPages = db
      .select({ ...columns, pages: grantedPages })
      .from(sessions)
      .leftJoin(admins, isAdmin)
      .leftJoin(students, isStudent)
      .where(live)
      .limit(1)
      .prepare('auth_session_pages');
  }

  /** Opens a session row and returns its signed token. */
  async open(
    kind: UserKind,
    userId: number,
    ip?: string,
  ): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
    const sessionId = randomUUID();
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    await this.db.insert(sessions).values({ id: sessionId, userKind: kind, userId, expiresAt, ip });
    const token = await new SignJWT({ kind, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
    return { token, sessionId, expiresAt };
  }

  /** Algorithm (HS256 only), signature and claims, remembered per token; null when any fails. */
  private async verify(token: string): Promise<VerifiedClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known;
      this.verified.delete(token);
      return null;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'] }));
    } catch {
      return null;
    }
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    const kind = payload.kind as UserKind | undefined;
    const userId = Number(payload.sub);
    if (!sessionId || !kind || !Number.isInteger(userId) || typeof payload.exp !== 'number') return null;
    const claims = { kind, userId, sessionId, expiresAt: payload.exp * 1000 };
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, claims);
    return claims;
  }

  /**
   * Checks the token and a live session row (and, for an admin, that the admin is active) in one
   * query; with `withPages`, an admin's context also carries the pages the current roles grant,
   * read by the same query. Returns null when any check fails.
   */
  async authenticate(token: string, options: { withPages?: boolean } = {}): Promise<AuthContext | null> {
    const claims = await this.verify(token);
    if (!claims) return null;
    const { kind, userId, sessionId } = claims;
    const [row] = options.withPages
      ? await this.lookupWithPages.execute({ sessionId })
      : await this.lookup.execute({ sessionId });
    if (!row || row.userKind !== kind || row.userId !== userId) return null;
    if (kind === 'Admin' && row.adminActive !== true) return null;
    if (kind === 'Student' && row.studentActive === null) return null;
    const granted = 'pages' in row ? (row.pages as string[] | null) : null;
    if (granted) return { kind, userId, sessionId, pages: granted };
    return kind === 'Student' && row.studentActive === false
      ? { kind, userId, sessionId, disabled: true }
      : { kind, userId, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }

  /**
   * How many users of a kind signed in at least once since each of the instants given (the /app
   * dashboard's active students): one row read per instant, the sessions table being the record.
   */
  async signedInSince(kind: UserKind, since: readonly Date[]): Promise<number[]> {
    return Promise.all(
      since.map(async (instant) => {
        const [row] = await this.db
          .select({ n: sql<number>`count(distinct ${sessions.userId})::int` })
          .from(sessions)
          .where(and(eq(sessions.userKind, kind), gte(sessions.createdAt, instant)));
        return row?.n ?? 0;
      }),
    );
  }

  /** Ends every session of a user, e.g. after a password reset. */
  async revokeAll(kind: UserKind, userId: number, exceptSessionId?: string): Promise<void> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userKind, kind), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (exceptSessionId && rows.some((r) => r.id === exceptSessionId)) {
      await this.db.update(sessions).set({ revokedAt: null }).where(eq(sessions.id, exceptSessionId));
    }
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates by the Authorization header only and enforces each route's declared access.
 * The session and an admin's page permissions are read from the database on every request, in
 * one query, so a sign-out, a deactivation or a removed permission bites on the next call.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; secret: string; ttlSeconds: number }) => {
    app.decorate('sessions', new SessionService(opts.db, opts.secret, opts.ttlSeconds));
    app.decorate('routeAccessTable', []);
    app.decorateRequest('auth', null);

    app.addHook('onRoute', (route) => {
      // The API documentation and the web app's static files (served by plugins) are public by design.
      const servedByPublicPlugin = route.url.startsWith('/api/docs') || route.url.startsWith('/portal/');
      if (servedByPublicPlugin && !route.config?.access) {
        route.config = { ...route.config, access: 'public' } as typeof route.config;
      }
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        app.routeAccessTable.push({
          method,
          url: route.url,
          access: route.config?.access,
          params: route.schema?.params,
          querystring: route.schema?.querystring,
        });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      const token = bearerToken(request);
      const withPages =
        typeof access === 'object' &&
        ('page' in access || ('withPages' in access && access.withPages === true));
      if (token) request.auth = await app.sessions.authenticate(token, { withPages });
      if (access === 'public' || !request.routeOptions.url) return;
      if (!access) throw forbidden('This route declares no access rule.');
      if (!request.auth) throw unauthorized();
      // Disabled by the registry after signing in: refused on the next request, not at token expiry.
      if (request.auth.disabled) throw forbidden(STUDENT_MESSAGES.deactivated);
      if ('modes' in access) {
        if (!access.modes.includes(request.auth.kind)) throw forbidden();
        return;
      }
      if (request.auth.kind !== 'Admin') throw forbidden();
      const wanted = typeof access.page === 'string' ? [access.page] : access.page;
      const granted = request.auth.pages ?? [];
      if (!wanted.some((p) => granted.includes(p))) throw forbidden();
    });
  },
);

/** The signed-in user of a route that declared its modes. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
