import {
  ADMIN_MESSAGES,
  ADMIN_PAGES,
  STATUS,
  type AdminUserItem,
  type RoleItem,
  type PageCatalogueEntry,
} from '@portal/contracts';
import type { z } from 'zod';
import type { auditQuery, createRoleRequest, createUserRequest, usersQuery } from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { SUPER_ADMIN_ROLE } from '../../db/seed/pages.js';
import { audit, type AuditActor } from '../../platform/audit.js';
import type { SessionService } from '../../platform/auth.js';
import { paged, pgErrorCode, PG_UNIQUE_VIOLATION, type Exec } from '../../platform/db.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors.js';
import { newDefaultPassword } from '../../platform/ids.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import { hashPassword } from '../../platform/passwords.js';
import { dayRange, isoRequired } from '../../platform/time.js';
import * as repo from './admin.repository.js';

type RoleInput = z.output<typeof createRoleRequest>;
type UserInput = z.output<typeof createUserRequest>;

/** Roles, admin users, the page catalogue and the audit trail. */
export class AdminService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly sessions: SessionService,
    private readonly config: Config,
  ) {}

  async pages(): Promise<{ Status: string; Data: PageCatalogueEntry[] }> {
    return { Status: STATUS.ok, Data: await repo.listPages(this.db) };
  }

  // ───────────── roles ─────────────

  private async roleItems(db: Exec, ids?: number[]): Promise<RoleItem[]> {
    const roleRows = await repo.listRoles(db, ids);
    const roleIds = roleRows.map((r) => r.id);
    const pageRows = await repo.pagesOfRoles(db, roleIds);
    const counts = new Map((await repo.userCountsOfRoles(db, roleIds)).map((c) => [c.roleId, c.n]));
    return roleRows.map((r) => ({
      RoleId: r.id,
      RoleName: r.name,
      Description: r.description,
      Pages: pageRows.filter((p) => p.roleId === r.id).map(({ roleId: _roleId, ...page }) => page),
      UserCount: counts.get(r.id) ?? 0,
    }));
  }

  async roles() {
    const data = await this.roleItems(this.db);
    if (data.length === 0) return { Status: STATUS.notFound, Message: ADMIN_MESSAGES.noRoles, Data: [] };
    return { Status: STATUS.ok, Data: data };
  }

  /** Creates a role (no RoleId) or updates one, with exactly the given pages. */
  async saveRole(actor: AuditActor, input: RoleInput) {
    const updating = Boolean(input.RoleId);
    try {
      if ((await repo.countPages(this.db, input.PageIds)) !== input.PageIds.length)
        throw badRequest(ADMIN_MESSAGES.unknownPages);
      if (await repo.findRoleByName(this.db, input.RoleName, input.RoleId || undefined))
        throw conflict(ADMIN_MESSAGES.roleNameTaken);
      const roleId = await this.db.transaction(async (tx) => {
        if (updating) {
          const existing = await repo.findRole(tx, input.RoleId!);
          if (!existing) throw notFound(ADMIN_MESSAGES.roleNotFound);
          const [before] = await this.roleItems(tx, [existing.id]);
          if (existing.name === SUPER_ADMIN_ROLE) {
            const everyPage = (await repo.listPages(tx)).length;
            if (input.RoleName !== SUPER_ADMIN_ROLE || input.PageIds.length !== everyPage) {
              throw badRequest(
                'The Super Admin role keeps its name and every page; only its description can change.',
              );
            }
          }
          await repo.updateRole(tx, existing.id, { name: input.RoleName, description: input.Description });
          await repo.replaceRolePages(tx, existing.id, input.PageIds);
          await this.assertNoLockout(tx);
          const [after] = await this.roleItems(tx, [existing.id]);
          await audit(tx, {
            actor,
            page: ADMIN_PAGES.roles,
            action: 'update',
            entity: 'role',
            entityId: existing.id,
            before: roleSnapshot(before),
            after: roleSnapshot(after),
          });
          return existing.id;
        }
        const role = await repo.insertRole(tx, { name: input.RoleName, description: input.Description });
        await repo.replaceRolePages(tx, role.id, input.PageIds);
        const [after] = await this.roleItems(tx, [role.id]);
        await audit(tx, {
          actor,
          page: ADMIN_PAGES.roles,
          action: 'create',
          entity: 'role',
          entityId: role.id,
          before: null,
          after: roleSnapshot(after),
        });
        return role.id;
      });
      const [data] = await this.roleItems(this.db, [roleId]);
      return {
        Status: STATUS.ok,
        Message: updating ? ADMIN_MESSAGES.roleUpdated : ADMIN_MESSAGES.roleAdded,
        Data: data,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ADMIN_MESSAGES.roleNameTaken);
      throw new AppError(500, ADMIN_MESSAGES.roleAddFailed, STATUS.error);
    }
  }

  async deleteRole(actor: AuditActor, id: number) {
    await this.db.transaction(async (tx) => {
      const existing = await repo.findRole(tx, id);
      if (!existing) throw notFound(ADMIN_MESSAGES.roleNotFound);
      if (existing.name === SUPER_ADMIN_ROLE) throw badRequest('The Super Admin role cannot be deleted.');
      const [before] = await this.roleItems(tx, [id]);
      if (before && before.UserCount > 0) throw conflict(ADMIN_MESSAGES.roleInUse);
      await repo.deleteRole(tx, id);
      await audit(tx, {
        actor,
        page: ADMIN_PAGES.roles,
        action: 'delete',
        entity: 'role',
        entityId: id,
        before: roleSnapshot(before),
        after: null,
      });
    });
    return { Status: STATUS.ok, Message: ADMIN_MESSAGES.roleDeleted };
  }

  /** Someone must always be able to manage roles and administrators. */
  private async assertNoLockout(tx: Exec): Promise<void> {
    for (const page of [ADMIN_PAGES.roles, ADMIN_PAGES.administrators]) {
      if ((await repo.activeAdminsWithPage(tx, page)) === 0) throw conflict(ADMIN_MESSAGES.lockout);
    }
  }

  // ───────────── admin users ─────────────

  private async userItems(
    db: Exec,
    rows: Awaited<ReturnType<typeof repo.findAdmin>>[],
  ): Promise<AdminUserItem[]> {
    const list = rows.filter((r): r is NonNullable<typeof r> => Boolean(r));
    const ids = list.map((r) => r.id);
    const roleRows = await repo.rolesOfAdmins(db, ids);
    const pageRows = await repo.pageNamesOfAdmins(db, ids);
    return list.map((a) => ({
      UserId: a.id,
      Email: a.email,
      IsActive: a.isActive,
      IsFirstLogin: a.isFirstLogin,
      Username: a.email,
      Fullname: `${a.lastName} ${a.firstName}`,
      FirstName: a.firstName,
      LastName: a.lastName,
      Roles: roleRows.filter((r) => r.adminId === a.id).map(({ RoleId, RoleName }) => ({ RoleId, RoleName })),
      permissions: pageRows.filter((p) => p.adminId === a.id).map((p) => p.page),
      CreatedAt: isoRequired(a.createdAt),
    }));
  }

  async users(q: z.output<typeof usersQuery>) {
    const { rows, total } = await repo.listAdmins(this.db, {
      page: q.page,
      pageSize: q.pageSize,
      search: q.search || undefined,
      isActive: q.isActive === undefined ? undefined : q.isActive === 'true',
    });
    return paged(await this.userItems(this.db, rows), q.page, q.pageSize, total, ADMIN_MESSAGES.noUsers);
  }

  /** Adds an admin (a random default password is e-mailed) or updates one (which may deactivate it). */
  async saveUser(actor: AuditActor, input: UserInput) {
    const updating = Boolean(input.UserId);
    try {
      if ((await repo.countRoles(this.db, input.RoleIds)) !== input.RoleIds.length)
        throw badRequest(ADMIN_MESSAGES.unknownRoles);
      if (await repo.findAdminByEmail(this.db, input.Email, input.UserId || undefined))
        throw conflict(ADMIN_MESSAGES.emailTaken);
      if (updating) return await this.updateUser(actor, input);
      return await this.addUser(actor, input);
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict(ADMIN_MESSAGES.emailTaken);
      throw new AppError(
        500,
        updating ? ADMIN_MESSAGES.userUpdateFailed : ADMIN_MESSAGES.userAddFailed,
        STATUS.error,
      );
    }
  }

  private async addUser(actor: AuditActor, input: UserInput) {
    const password = newDefaultPassword();
    const passwordHash = await hashPassword(password);
    const id = await this.db.transaction(async (tx) => {
      const admin = await repo.insertAdmin(tx, {
        email: input.Email,
        firstName: input.FirstName,
        lastName: input.LastName,
        passwordHash,
        isActive: input.IsActive ?? true,
      });
      await repo.replaceAdminRoles(tx, admin.id, input.RoleIds);
      const [after] = await this.userItems(tx, [admin]);
      await audit(tx, {
        actor,
        page: ADMIN_PAGES.administrators,
        action: 'create',
        entity: 'admin',
        entityId: admin.id,
        before: null,
        after,
      });
      await this.mailer.enqueue(
        {
          to: admin.email,
          subject: `Your staff account on the ${INSTITUTION} portal`,
          text:
            `Dear ${input.FirstName} ${input.LastName},\n\n` +
            `An administrator account has been created for you on the ${INSTITUTION} portal.\n\n` +
            `Sign in at ${this.config.PUBLIC_URL}/portal/AdminSignin\n` +
            `E-mail: ${admin.email}\nDefault password: ${password}\n\n` +
            `Please change this password after you sign in (Change Password in the menu).`,
        },
        tx,
      );
      return admin.id;
    });
    // The outbox row is committed now; wake the mailer (a wake-up inside the transaction may find nothing yet).
    this.mailer.kick();
    const [data] = await this.userItems(this.db, [await repo.findAdmin(this.db, id)]);
    return { Status: STATUS.ok, Message: ADMIN_MESSAGES.userAdded, Data: data };
  }

  private async updateUser(actor: AuditActor, input: UserInput) {
    const id = input.UserId!;
    const deactivated = await this.db.transaction(async (tx) => {
      const existing = await repo.findAdmin(tx, id);
      if (!existing) throw notFound(ADMIN_MESSAGES.userNotFound);
      const isActive = input.IsActive ?? existing.isActive;
      if (!isActive && existing.isActive && id === actor.adminId)
        throw badRequest(ADMIN_MESSAGES.selfDeactivate);
      const [before] = await this.userItems(tx, [existing]);
      await repo.updateAdmin(tx, id, {
        email: input.Email,
        firstName: input.FirstName,
        lastName: input.LastName,
        isActive,
      });
      await repo.replaceAdminRoles(tx, id, input.RoleIds);
      await this.assertNoLockout(tx);
      const [after] = await this.userItems(tx, [await repo.findAdmin(tx, id)]);
      await audit(tx, {
        actor,
        page: ADMIN_PAGES.administrators,
        action:
          existing.isActive && !isActive
            ? 'deactivate'
            : !existing.isActive && isActive
              ? 'activate'
              : 'update',
        entity: 'admin',
        entityId: id,
        before,
        after,
      });
      return existing.isActive && !isActive;
    });
    // The session check already refuses an inactive admin; ending the sessions also tidies them up.
    if (deactivated) await this.sessions.revokeAll('Admin', id);
    const [data] = await this.userItems(this.db, [await repo.findAdmin(this.db, id)]);
    return { Status: STATUS.ok, Message: ADMIN_MESSAGES.userUpdated, Data: data };
  }

  async rolesOfUser(userId: number) {
    const admin = await repo.findAdmin(this.db, userId);
    if (!admin) throw notFound(ADMIN_MESSAGES.userNotFound);
    const roleIds = (await repo.rolesOfAdmins(this.db, [userId])).map((r) => r.RoleId);
    if (roleIds.length === 0)
      return { Status: STATUS.notFound, Message: ADMIN_MESSAGES.noUserRoles, Data: [] };
    return { Status: STATUS.ok, Data: await this.roleItems(this.db, roleIds) };
  }

  // ───────────── audit trail ─────────────

  async auditTrail(q: z.output<typeof auditQuery>) {
    const { start, end } = dayRange(q.from, q.to, { from: 'From date', to: 'To date' });
    const { rows, total } = await repo.listAudit(
      this.db,
      {
        actorId: q.actorId,
        actor: q.actor || undefined,
        pageName: q.pageName || undefined,
        action: q.action || undefined,
        entity: q.entity || undefined,
        entityId: q.entityId || undefined,
        start,
        end,
      },
      q.page,
      q.pageSize,
    );
    return paged(
      rows.map((r) => ({
        id: r.id,
        at: isoRequired(r.at),
        actorAdminId: r.actorAdminId,
        actorEmail: r.actorEmail,
        page: r.page,
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        before: r.before ?? null,
        after: r.after ?? null,
      })),
      q.page,
      q.pageSize,
      total,
    );
  }
}

function roleSnapshot(role: RoleItem | undefined) {
  if (!role) return null;
  return {
    RoleId: role.RoleId,
    RoleName: role.RoleName,
    Description: role.Description,
    Pages: role.Pages.map((p) => p.Page),
  };
}
