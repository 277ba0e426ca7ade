import type { UserMode } from '@portal/contracts';

/** The four protected areas, each with its own kind of signed-in user (spec sections 2 and 4). */
export const AREA_IDS = ['applicant', 'admin', 'student', 'app'] as const;
export type AreaId = (typeof AREA_IDS)[number];

export type UserKind = 'applicantUser' | 'adminUser' | 'studentUser' | 'authUser';

/** The cookie the signed-in users are kept in, each under its `UserKind` (lib/session.ts). */
export const USER_COOKIE = 'user';

export interface Area {
  id: AreaId;
  /** Where the area's user is kept in the `user` cookie. */
  userKind: UserKind;
  /** The userMode the sign-in and sign-out calls send. The generic 'app' area signs in as Admin. */
  userMode: UserMode;
  signInPath: string;
  signOutPath: string;
  dashboardPath: string;
}

export const AREAS: Record<AreaId, Area> = {
  applicant: {
    id: 'applicant',
    userKind: 'applicantUser',
    userMode: 'Applicant',
    signInPath: '/ApplicantSignin',
    signOutPath: '/ApplicantSignin',
    dashboardPath: '/applicant/dashboard',
  },
  admin: {
    id: 'admin',
    userKind: 'adminUser',
    userMode: 'Admin',
    signInPath: '/AdminSignin',
    signOutPath: '/AdminSignin',
    dashboardPath: '/admin/dashboard',
  },
  student: {
    id: 'student',
    userKind: 'studentUser',
    userMode: 'Student',
    signInPath: '/StudentSignin',
    signOutPath: '/StudentSignin',
    dashboardPath: '/student/dashboard',
  },
  app: {
    id: 'app',
    userKind: 'authUser',
    userMode: 'Admin',
    signInPath: '/signin',
    signOutPath: '/Signin',
    dashboardPath: '/app/dashboard',
  },
};

/** The area a path (inside the /portal basename) belongs to, matched without regard to case. */
export function areaOfPath(pathname: string): AreaId | null {
  const first = pathname.split('/').find(Boolean)?.toLowerCase();
  return AREA_IDS.find((id) => id === first) ?? null;
}

/** The sign-in page for a user mode named in a reset link ('Staff' is an admin). */
export function signInPathOfMode(mode: string): string | null {
  const normalised = mode.trim().toLowerCase();
  if (normalised === 'staff' || normalised === 'admin') return AREAS.admin.signInPath;
  if (normalised === 'applicant') return AREAS.applicant.signInPath;
  if (normalised === 'student') return AREAS.student.signInPath;
  return null;
}
