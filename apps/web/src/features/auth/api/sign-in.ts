import {
  SCHOOL_ID,
  type AdminUser,
  type ApplicantUser,
  type LoginRequest,
  type LoginResponse,
  type StudentUser,
} from '@portal/contracts';
import { api, ApiError, STATUS_OK } from '../../../lib/api';
import { AREAS, type AreaId } from '../../../lib/areas';
import { appStateStore, keepUser, type SessionAdmin } from '../../../lib/session';

/*
 * Sign-in runs on the critical path, so it uses the plain client rather than TanStack Query
 * (which loads with the first lazy page instead).
 */

interface ActiveSessionsResponse {
  Status: string;
  Data: { Academic_SessionID: number | null; Admission_SessionID: number | null }[];
}

let activeSessions: Promise<ActiveSessionsResponse> | null = null;

/** GET /api/ActiveSessions?schId=1, asked once per page load (again after a failure). */
export function fetchActiveSessions(): Promise<ActiveSessionsResponse> {
  activeSessions ??= api<ActiveSessionsResponse>('/api/ActiveSessions', {
    query: { schId: SCHOOL_ID },
    area: null,
  });
  activeSessions.catch(() => (activeSessions = null));
  return activeSessions;
}

/** The sessions call failed: the page shows 'error in fetching API'. */
export class SessionsUnavailableError extends Error {}

export interface SignInInput {
  area: AreaId;
  username: string;
  password: string;
}

/**
 * Signs in to an area (spec section 4): posts the credentials with the active session and, when
 * the answer's Status is 'Ok', keeps the user of that kind (admins' pages and students' role pages
 * in the app state). Throws ApiError with the server's Message otherwise.
 */
export async function signIn({ area, username, password }: SignInInput): Promise<void> {
  const { userKind, userMode } = AREAS[area];
  let sessions: ActiveSessionsResponse;
  try {
    sessions = await fetchActiveSessions();
  } catch {
    throw new SessionsUnavailableError();
  }
  const current = sessions.Data[0];
  const body: LoginRequest = {
    Username: username.trim(),
    Password: password,
    SessionID:
      (userMode === 'Applicant' ? current?.Admission_SessionID : current?.Academic_SessionID) ?? undefined,
    userMode,
    schoolId: SCHOOL_ID,
  };
  const response = await api<LoginResponse>('/api/Account/Login', { method: 'POST', body, area: null });
  if (response.Status !== STATUS_OK || !response.Data)
    throw new ApiError(200, response.Status, response.Message ?? '');

  if (userKind === 'applicantUser') {
    keepUser(userKind, response.Data as ApplicantUser);
  } else if (userKind === 'studentUser') {
    appStateStore.set({ studentPages: response.RoleData ?? [] });
    keepUser(userKind, response.Data as StudentUser);
  } else {
    const { permissions: _permissions, ...admin } = response.Data as AdminUser;
    appStateStore.set(
      userKind === 'adminUser'
        ? { adminPages: response.Data5 ?? [] }
        : { consolePages: response.Data5 ?? [] },
    );
    keepUser(userKind, admin satisfies SessionAdmin);
  }
}
