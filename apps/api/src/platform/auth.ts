import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SignJWT, jwtVerify } from 'jose';
import type { UserMode } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { adminRoles, admins, pages, rolePages, sessions } from '../db/schema/index.js';
import { forbidden, unauthorized } from './errors.js';

export type UserKind = UserMode;

export interface AuthContext {
  kind: UserKind;
  userId: number;
  sessionId: string;
}

/**
 * Who may call a route. Every route declares one; a test fails on any route that does not.
 * - 'public': anyone
 * - { modes }: a signed-in user of one of these kinds
 * - { page }: an admin whose current roles grant this page (checked on every request)
 */
export type RouteAccess = 'public' | { modes: readonly UserKind[] } | { page: string | readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    sessions: SessionService;
    routeAccessTable: { method: string; url: string; access: RouteAccess | undefined }[];
  }
}

export class SessionService {
  private readonly key: Uint8Array;
  constructor(
    private readonly db: Db,
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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
      .sign(this.key);
    return { token, sessionId, expiresAt };
  }

  /** Checks algorithm, signature, expiry and a live session row. Returns null when any fails. */
  async authenticate(token: string): Promise<AuthContext | null> {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] }));
    } catch {
      return null;
    }
    const sessionId = typeof payload.sid === 'string' ? payload.sid : null;
    const kind = payload.kind as UserKind | undefined;
    const userId = Number(payload.sub);
    if (!sessionId || !kind || !Number.isInteger(userId)) return null;
    // An admin's session also needs the admin to be active: deactivation bites on the next request.
    const [row] = await this.db
      .select({ userKind: sessions.userKind, userId: sessions.userId, adminActive: admins.isActive })
      .from(sessions)
      .leftJoin(admins, and(eq(sessions.userKind, 'Admin'), eq(admins.id, sessions.userId)))
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
      .limit(1);
    if (!row || row.userKind !== kind || row.userId !== userId) return null;
    if (kind === 'Admin' && row.adminActive !== true) return null;
    return { kind, userId, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
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

/** The pages an admin's current roles grant. */
export async function adminPageNames(db: Db, adminId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ page: pages.page })
    .from(adminRoles)
    .innerJoin(rolePages, eq(rolePages.roleId, adminRoles.roleId))
    .innerJoin(pages, eq(pages.id, rolePages.pageId))
    .where(eq(adminRoles.adminId, adminId));
  return rows.map((r) => r.page);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authenticates by the Authorization header only and enforces each route's declared access.
 * Admin page permissions are read from the database on every request, so a removed
 * permission bites on the next call.
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
        app.routeAccessTable.push({ method, url: route.url, access: route.config?.access });
      }
    });

    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config?.access;
      const token = bearerToken(request);
      if (token) request.auth = await app.sessions.authenticate(token);
      if (access === 'public' || !request.routeOptions.url) return;
      if (!access) throw forbidden('This route declares no access rule.');
      if (!request.auth) throw unauthorized();
      if ('modes' in access) {
        if (!access.modes.includes(request.auth.kind)) throw forbidden();
        return;
      }
      if (request.auth.kind !== 'Admin') throw forbidden();
      const wanted = typeof access.page === 'string' ? [access.page] : access.page;
      const granted = await adminPageNames(opts.db, request.auth.userId);
      if (!wanted.some((p) => granted.includes(p))) throw forbidden();
    });
  },
);

/** The signed-in user of a route that declared its modes. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
