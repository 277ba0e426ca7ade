import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  admins,
  applicants,
  coursesOfStudy,
  departments,
  levels,
  pages,
  rolePages,
  adminRoles,
  passwordResets,
  students,
} from '../../db/schema/index.js';
import type { UserKind } from '../../platform/auth.js';

const lower = (value: string) => value.trim().toLowerCase();

export async function findApplicantForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ id: applicants.id, passwordHash: applicants.passwordHash })
    .from(applicants)
    .where(
      or(
        eq(sql`lower(${applicants.email})`, lower(username)),
        eq(sql`upper(${applicants.jambRegNo})`, username.trim().toUpperCase()),
      ),
    )
    .limit(1);
  return row;
}

export async function findStudentForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ id: students.id, passwordHash: students.passwordHash, isActive: students.isActive })
    .from(students)
    .where(
      or(
        eq(sql`lower(${students.email})`, lower(username)),
        eq(sql`upper(${students.matricNo})`, username.trim().toUpperCase()),
      ),
    )
    .limit(1);
  return row;
}

export async function findAdminForLogin(db: Db, username: string) {
  const [row] = await db
    .select({ id: admins.id, passwordHash: admins.passwordHash, isActive: admins.isActive })
    .from(admins)
    .where(eq(sql`lower(${admins.email})`, lower(username)))
    .limit(1);
  return row;
}

export async function applicantProfile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: applicants.id,
      email: applicants.email,
      jambRegNo: applicants.jambRegNo,
      firstName: applicants.firstName,
      lastName: applicants.lastName,
      otherName: applicants.otherName,
      phone: applicants.phone,
      gender: applicants.gender,
      departmentId: applicants.departmentId,
      departmentName: departments.name,
      levelId: applicants.levelId,
      entryModeId: applicants.entryModeId,
      admissionSessionId: applicants.admissionSessionId,
      passportKey: applicants.passportKey,
      passwordChangedAt: applicants.passwordChangedAt,
    })
    .from(applicants)
    .leftJoin(departments, eq(departments.id, applicants.departmentId))
    .where(eq(applicants.id, id))
    .limit(1);
  return row;
}

export async function studentProfile(db: Db, id: number) {
  const [row] = await db
    .select({
      id: students.id,
      matricNo: students.matricNo,
      email: students.email,
      firstName: students.firstName,
      lastName: students.lastName,
      otherName: students.otherName,
      phone: students.phone,
      gender: students.gender,
      stateId: students.stateId,
      levelId: students.levelId,
      levelName: levels.name,
      departmentId: students.departmentId,
      departmentName: departments.name,
      courseOfStudy: coursesOfStudy.name,
      passportKey: students.passportKey,
      publicId: students.publicId,
      applicantId: students.applicantId,
      matriculatedAt: students.matriculatedAt,
    })
    .from(students)
    .leftJoin(departments, eq(departments.id, students.departmentId))
    .leftJoin(levels, eq(levels.id, students.levelId))
    .leftJoin(coursesOfStudy, eq(coursesOfStudy.id, students.courseOfStudyId))
    .where(eq(students.id, id))
    .limit(1);
  return row;
}

export async function adminProfile(db: Db, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

/** The admin's pages as the sidebar's `Data5` entries, in menu order. */
export async function adminPageEntries(db: Db, adminId: number) {
  return db
    .selectDistinct({
      Menu_Id: pages.menuId,
      Menu_Name: pages.menuName,
      Menu_Icon: pages.menuIcon,
      Page: pages.page,
      id: pages.id,
    })
    .from(adminRoles)
    .innerJoin(rolePages, eq(rolePages.roleId, adminRoles.roleId))
    .innerJoin(pages, eq(pages.id, rolePages.pageId))
    .where(eq(adminRoles.adminId, adminId))
    .orderBy(pages.menuId, pages.id);
}

export async function findUserIdByEmail(db: Db, kind: UserKind, email: string): Promise<number | undefined> {
  const table = kind === 'Admin' ? admins : kind === 'Student' ? students : applicants;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(sql`lower(${table.email})`, lower(email)))
    .limit(1);
  return row?.id;
}

export async function findEmailByUserId(db: Db, kind: UserKind, id: number): Promise<string | undefined> {
  const table = kind === 'Admin' ? admins : kind === 'Student' ? students : applicants;
  const [row] = await db.select({ email: table.email }).from(table).where(eq(table.id, id)).limit(1);
  return row?.email;
}

export async function findPasswordHash(db: Db, kind: UserKind, id: number): Promise<string | undefined> {
  const table = kind === 'Admin' ? admins : kind === 'Student' ? students : applicants;
  const [row] = await db.select({ hash: table.passwordHash }).from(table).where(eq(table.id, id)).limit(1);
  return row?.hash;
}

/** Sets a new password; an applicant's default password then counts as changed. */
export async function setPassword(db: Pick<Db, 'update'>, kind: UserKind, id: number, passwordHash: string) {
  if (kind === 'Admin') {
    await db.update(admins).set({ passwordHash, isFirstLogin: false }).where(eq(admins.id, id));
  } else if (kind === 'Student') {
    await db.update(students).set({ passwordHash }).where(eq(students.id, id));
  } else {
    await db
      .update(applicants)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(applicants.id, id));
  }
}

/** Records a password-reset code (its hash); with a transaction it commits with the caller's change. */
export async function insertPasswordReset(
  exec: Pick<Db, 'insert'>,
  reset: { userKind: UserKind; userId: number; codeHash: string; expiresAt: Date },
) {
  await exec.insert(passwordResets).values(reset);
}

/** Marks a valid, unused, unexpired reset code used, answering its user (undefined when none). */
export async function useResetCode(
  exec: Pick<Db, 'update'>,
  kind: UserKind,
  codeHash: string,
): Promise<{ userId: number } | undefined> {
  const [reset] = await exec
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.codeHash, codeHash),
        eq(passwordResets.userKind, kind),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return reset;
}
