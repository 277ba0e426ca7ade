import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGES,
  auditQuery,
  auditResponse,
  createRoleRequest,
  createUserRequest,
  okMessage,
  pagesResponse,
  roleResponse,
  rolesResponse,
  userResponse,
  userRolesResponse,
  usersQuery,
  usersResponse,
  recordId,
} from '@portal/contracts';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../platform/audit.js';
import { errorResponses } from '../../platform/routes.js';
import type { AdminService } from './admin.service.js';

const errors = errorResponses(400, 401, 403, 404, 409, 500);
const rolePages = [ADMIN_PAGES.roles, ADMIN_PAGES.administrators] as const;

/** Spec §7 `AdminRole/*` and `Admin/CreateUserAsync`, the page catalogue and the audit trail. */
export function adminRoutes(app: FastifyInstance, db: Db, service: AdminService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/pages', {
    config: { access: { page: rolePages } },
    schema: {
      tags: ['admin'],
      summary: 'The page catalogue: every page a role can grant',
      response: { 200: pagesResponse, ...errors },
    },
    handler: () => service.pages(),
  });

  r.get('/api/AdminRole/GetRolesAsync', {
    config: { access: { page: rolePages } },
    schema: {
      tags: ['admin'],
      summary: 'Roles with their pages',
      response: { 200: rolesResponse, ...errors },
    },
    handler: () => service.roles(),
  });

  r.post('/api/AdminRole/CreateAdminRolesAsync', {
    config: { access: { page: ADMIN_PAGES.roles } },
    bodyLimit: 64 * 1024,
    schema: {
      tags: ['admin'],
      summary: 'Create (no RoleId) or update a role with exactly these pages',
      body: createRoleRequest,
      response: { 200: roleResponse, ...errors },
    },
    handler: async (request) => service.saveRole(await actorOf(db, request), request.body),
  });

  r.delete('/api/admin/roles/:id', {
    config: { access: { page: ADMIN_PAGES.roles } },
    schema: {
      tags: ['admin'],
      summary: 'Delete a role that no administrator holds',
      params: z.object({ id: recordId }),
      response: { 200: okMessage, ...errors },
    },
    handler: async (request) => service.deleteRole(await actorOf(db, request), request.params.id),
  });

  r.get('/api/AdminRole/GetUserAsync', {
    config: { access: { page: ADMIN_PAGES.administrators } },
    schema: {
      tags: ['admin'],
      summary: 'Admin users with their roles, paginated (page, pageSize, search, isActive)',
      querystring: usersQuery,
      response: { 200: usersResponse, ...errors },
    },
    handler: (request) => service.users(request.query),
  });

  r.post('/api/Admin/CreateUserAsync', {
    config: { access: { page: ADMIN_PAGES.administrators } },
    bodyLimit: 16 * 1024,
    schema: {
      tags: ['admin'],
      summary: 'Add (no UserId) or update an admin user; a new admin is e-mailed a default password',
      body: createUserRequest,
      response: { 200: userResponse, ...errors },
    },
    handler: async (request) => service.saveUser(await actorOf(db, request), request.body),
  });

  r.get('/api/AdminRole/GetRolesIDAsync/:id', {
    config: { access: { page: [ADMIN_PAGES.administrators, ADMIN_PAGES.roles] } },
    schema: {
      tags: ['admin'],
      summary: 'The roles of an admin user',
      params: z.object({ id: recordId }),
      response: { 200: userRolesResponse, ...errors },
    },
    handler: (request) => service.rolesOfUser(request.params.id),
  });

  r.get('/api/admin/audit', {
    config: { access: { page: ADMIN_PAGES.auditTrail } },
    schema: {
      tags: ['admin'],
      summary: 'The audit trail, filtered by person, page, action, record and date range; newest first',
      querystring: auditQuery,
      response: { 200: auditResponse, ...errors },
    },
    handler: (request) => service.auditTrail(request.query),
  });
}
