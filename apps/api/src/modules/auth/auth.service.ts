import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  EMAIL_PATTERN,
  SCHOOL_ID,
  STATUS,
  STUDENT_MESSAGES,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LoginResponse,
} from '@portal/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { SessionService, UserKind } from '../../platform/auth.js';
import { AppError, badRequest, forbidden } from '../../platform/errors.js';
import { INSTITUTION, type Mailer } from '../../platform/mail.js';
import {
  assertAcceptablePassword,
  decoyPasswordHash,
  hashPassword,
  isDefaultPasswordHash,
  verifyPassword,
} from '../../platform/passwords.js';
import { addressKey, type Limit, type RateLimits } from '../../platform/rate-limit.js';
import { isIndigene } from '../../platform/school.js';
import { applicantPassportUrl } from '../applicants/applicants.service.js';
import { studentPassportUrl, studentRoleData } from '../students/students.service.js';
import * as repo from './auth.repository.js';

const RESET_TTL_MS = 30 * 60_000;

/** 'Staff' is how the reset link names an admin. */
/** What GET /api/Account/Logout answers. */
export const LOGOUT_MESSAGES = {
  signedOut: 'Signed out.',
  notSignedIn: 'You were not signed in: there was no session to end.',
  notYours: 'You can only sign out of your own session.',
} as const;

export function userKindOf(mode: string): UserKind | null {
  const normalised = mode.trim().toLowerCase();
  if (normalised === 'applicant') return 'Applicant';
  if (normalised === 'student') return 'Student';
  if (normalised === 'admin' || normalised === 'staff') return 'Admin';
  return null;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly mailer: Mailer,
    private readonly config: Config,
    private readonly rateLimits: RateLimits,
  ) {}

  /**
   * The limits one sign-in is counted against: the account from this address (so guessing from
   * one address cannot lock the account for everyone else), the account from anywhere (a slower
   * ceiling against guessing spread over many addresses), and the address whatever the account.
   */
  private signInLimits(kind: UserKind, username: string, ip: string): Limit[] {
    const account = `${kind}:${username.trim().toLowerCase()}`;
    const address = addressKey(ip);
    const { config } = this;
    return [
      {
        key: `login:account-address:${account}@${address}`,
        limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_ADDRESS,
        windowSeconds: config.RATE_LIMIT_WINDOW,
      },
      {
        key: `login:account:${account}`,
        limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
        windowSeconds: config.RATE_LIMIT_ACCOUNT_WINDOW,
      },
      {
        key: `login:address:${address}`,
        limit: config.RATE_LIMIT_LOGIN_PER_ADDRESS,
        windowSeconds: config.RATE_LIMIT_WINDOW,
      },
    ];
  }

  async login(input: LoginRequest, ip: string): Promise<LoginResponse> {
    const kind = input.userMode;
    // Counted before any hashing, so a flood never reaches argon2; a success is handed back below,
    // so only failures use up the budget.
    const counted = await this.rateLimits.hit(this.signInLimits(kind, input.Username, ip));

    const account =
      kind === 'Applicant'
        ? await repo.findApplicantForLogin(this.db, input.Username)
        : kind === 'Student'
          ? await repo.findStudentForLogin(this.db, input.Username)
          : await repo.findAdminForLogin(this.db, input.Username);
    const ok = await verifyPassword(
      account?.passwordHash ?? (await decoyPasswordHash()),
      input.Password,
      this.config.JWT_SECRET,
    );
    if (!account || !ok) {
      const byMatric = kind === 'Student' && !input.Username.includes('@');
      throw new AppError(
        401,
        byMatric ? AUTH_MESSAGES.invalidMatricCredentials : AUTH_MESSAGES.invalidCredentials,
        STATUS.invalid,
      );
    }
    if ('isActive' in account && !account.isActive) {
      throw new AppError(
        403,
        kind === 'Student'
          ? STUDENT_MESSAGES.deactivated
          : 'This account has been deactivated. Please contact the administrator.',
        STATUS.invalid,
      );
    }
    await this.rateLimits.refund(counted);
    // An issued default password works once to sign in, then must be replaced (IsPasswdChgd null).
    const mustChangePassword = isDefaultPasswordHash(account.passwordHash);

    const { token, sessionId } = await this.sessions.open(kind, account.id, ip);
    const base = {
      Status: STATUS.ok,
      Message: AUTH_MESSAGES.loginSuccess,
      LoginToken: token,
      sid: sessionId,
    };
    if (kind === 'Applicant')
      return {
        ...base,
        Data: await this.applicantData(account.id, token, sessionId, mustChangePassword),
      };
    if (kind === 'Student') {
      const { data, matriculated } = await this.studentData(account.id, token, sessionId);
      return { ...base, Data: data, Data2: [data], RoleData: studentRoleData({ matriculated }) };
    }
    const admin = await repo.adminProfile(this.db, account.id);
    const entries = await repo.adminPageEntries(this.db, account.id);
    const Data5 = entries.map(({ id: _id, ...entry }) => entry);
    return {
      ...base,
      Data: {
        token,
        sid: sessionId,
        UserId: account.id,
        Email: admin!.email,
        IsActive: admin!.isActive,
        IsFirstLogin: admin!.isFirstLogin || mustChangePassword,
        Username: admin!.email,
        Fullname: `${admin!.lastName} ${admin!.firstName}`,
        FirstName: admin!.firstName,
        LastName: admin!.lastName,
        IsSupport: admin!.isSupport,
        Passport: null,
        permissions: Data5.map((p) => p.Page),
      },
      Data5,
    };
  }

  private async applicantData(id: number, token: string, sid: string, mustChangePassword: boolean) {
    const a = (await repo.applicantProfile(this.db, id))!;
    return {
      token,
      sid,
      ApplicantID: a.id,
      SessionID: a.admissionSessionId,
      SchoolID: SCHOOL_ID,
      FirstName: a.firstName,
      LastName: a.lastName,
      OtherName: a.otherName,
      Email: a.email,
      PhoneNumber: a.phone,
      Gender: a.gender,
      DepartmentName: a.departmentName,
      DeptID: a.departmentId,
      LevelID: a.levelId,
      JambRegNo: a.jambRegNo,
      AdmModeId: a.entryModeId,
      Passport: await applicantPassportUrl(this.db, this.config, a.id),
      UsernameEmail: a.email,
      IsPasswdChgd: a.passwordChangedAt && !mustChangePassword ? true : null,
    };
  }

  private async studentData(id: number, token: string, sid: string) {
    const s = (await repo.studentProfile(this.db, id))!;
    const data = {
      token,
      sid,
      StudID: s.id,
      StudId: s.id,
      MatricNo: s.matricNo,
      FirstName: s.firstName,
      LastName: s.lastName,
      OtherName: s.otherName,
      Email: s.email,
      PhoneNumber: s.phone,
      Gender: s.gender,
      StateID: s.stateId,
      EntryTypeId: (await isIndigene(this.db, s.stateId)) ? 1 : 2,
      LevelID: s.levelId,
      LevelName: s.levelName,
      DeptID: s.departmentId,
      DepartmentName: s.departmentName,
      CourseOfStudy: s.courseOfStudy,
      // In the `user` cookie; the `cbtUser` cookie holds the same without it.
      Passport: await studentPassportUrl({ db: this.db, config: this.config }, s),
    };
    return { data, matriculated: s.matriculatedAt !== null };
  }

  /**
   * Ends the caller's own session (the bearer token's). A sessionID (or userMode) naming anyone
   * else's session is refused, never silently ignored; without a live session there is nothing to
   * end, and the answer says so.
   */
  async logout(
    auth: { sessionId: string; kind: UserKind } | null,
    query: { sessionID?: string; userMode?: string } = {},
  ): Promise<string> {
    const mode = query.userMode?.trim() ? userKindOf(query.userMode) : undefined;
    if (mode === null) throw badRequest('Unknown user mode.');
    if (!auth) return LOGOUT_MESSAGES.notSignedIn;
    const sessionId = query.sessionID?.trim();
    if ((sessionId && sessionId !== auth.sessionId) || (mode && mode !== auth.kind)) {
      throw forbidden(LOGOUT_MESSAGES.notYours);
    }
    await this.sessions.revoke(auth.sessionId);
    return LOGOUT_MESSAGES.signedOut;
  }

  /**
   * Step 1: always the same answer, and the lookup and mail happen after the reply, so neither
   * the answer nor its timing tells whether the address is registered.
   */
  async requestReset(
    input: Extract<ForgotPasswordRequest, { step: 1 }>,
    ip: string,
  ): Promise<{ Status: string; Message: string }> {
    const email = input.email.trim().toLowerCase();
    if (!email) throw badRequest('Email is required');
    if (!EMAIL_PATTERN.test(email)) throw badRequest('Email is invalid');
    const kind = userKindOf(input.userMode);
    if (!kind) throw badRequest('Unknown user mode.');
    await this.rateLimits.hit(this.resetLimits(kind, email, ip));
    setImmediate(() => {
      this.sendResetLink(kind, email, input.userMode).catch(() => undefined);
    });
    return { Status: STATUS.ok, Message: AUTH_MESSAGES.resetSent };
  }

  /** Reset requests per address, and per account (every request counts: each may send a mail). */
  private resetLimits(kind: UserKind, email: string, ip: string): Limit[] {
    const perAddress = this.config.RATE_LIMIT_RESET_PER_ADDRESS;
    return [
      {
        key: `reset:address:${addressKey(ip)}`,
        limit: perAddress,
        windowSeconds: this.config.RATE_LIMIT_WINDOW,
      },
      {
        key: `reset:account:${kind}:${email}`,
        limit: Math.max(3, Math.ceil(perAddress / 2)),
        windowSeconds: this.config.RATE_LIMIT_WINDOW,
      },
    ];
  }

  private async sendResetLink(kind: UserKind, email: string, mode: string): Promise<void> {
    const userId = await repo.findUserIdByEmail(this.db, kind, email);
    if (!userId) return;
    const code = randomBytes(32).toString('base64url');
    await repo.insertPasswordReset(this.db, {
      userKind: kind,
      userId,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    // The link is always built from PUBLIC_URL, whatever link the client proposed.
    const usermode = kind === 'Admin' ? (mode.toLowerCase() === 'staff' ? 'Staff' : 'Admin') : kind;
    const link = `${this.config.PUBLIC_URL}/portal/confirmnewpassword/?id=${encodeURIComponent(code)}&usermode=${usermode}`;
    await this.mailer.enqueue({
      to: email,
      subject: 'Reset your portal password',
      text:
        `A password reset was requested for your ${kind.toLowerCase()} account on the ${INSTITUTION} portal.\n\n` +
        `Open this link within 30 minutes to choose a new password:\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail; your password stays the same.`,
    });
  }

  /** Step 2: a valid, unused, unexpired code sets the password and ends every session. */
  async completeReset(
    input: Extract<ForgotPasswordRequest, { step: 2 }>,
  ): Promise<{ Status: string; Message: string }> {
    const kind = userKindOf(input.userMode);
    if (!kind) throw badRequest('Unknown user mode.');
    assertAcceptablePassword(input.password);
    const passwordHash = await hashPassword(input.password);
    const userId = await this.db.transaction(async (tx) => {
      const reset = await repo.useResetCode(tx, kind, hashCode(input.code));
      if (!reset) return null;
      await repo.setPassword(tx, kind, reset.userId, passwordHash);
      return reset.userId;
    });
    if (userId === null) throw new AppError(400, AUTH_MESSAGES.resetCodeInvalid, STATUS.notFound);
    await this.sessions.revokeAll(kind, userId);
    return { Status: STATUS.ok, Message: AUTH_MESSAGES.resetDone };
  }

  /** A signed-in user changes their own password; their other sessions end. */
  async changePassword(kind: UserKind, userId: number, sessionId: string, current: string, next: string) {
    const hash = await repo.findPasswordHash(this.db, kind, userId);
    if (!hash || !(await verifyPassword(hash, current, this.config.JWT_SECRET)))
      throw badRequest(AUTH_MESSAGES.currentPasswordWrong);
    if (current === next) throw badRequest('The new password must be different from the current one.');
    assertAcceptablePassword(next);
    await repo.setPassword(this.db, kind, userId, await hashPassword(next));
    await this.sessions.revokeAll(kind, userId, sessionId);
    return { Status: STATUS.ok, Message: AUTH_MESSAGES.passwordChanged };
  }

  /**
   * A password link for an account the school acts on (a newly matriculated or added student, a
   * reset sent by a registry officer), through the same codes as the forgotten-password flow. With
   * `exec` (a transaction) the code commits with the caller's change and the mail that carries it.
   */
  async passwordLink(
    kind: UserKind,
    userId: number,
    options: { ttlMs?: number; exec?: Pick<Db, 'insert'> } = {},
  ): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await repo.insertPasswordReset(options.exec ?? this.db, {
      userKind: kind,
      userId,
      codeHash: hashCode(code),
      expiresAt: new Date(Date.now() + (options.ttlMs ?? RESET_TTL_MS)),
    });
    return `${this.config.PUBLIC_URL}/portal/confirmnewpassword/?id=${encodeURIComponent(code)}&usermode=${kind}`;
  }
}
