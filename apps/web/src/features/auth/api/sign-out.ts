import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { AREAS, type AreaId } from '../../../lib/areas';
import { dropUser, liveUser } from '../../../lib/session';

/**
 * Ends the server session (GET /api/Account/Logout with the bearer token), then signs the area's
 * user out of this browser whatever the answer, so a shared computer is never left signed in.
 * Rejects when the server could not be told; the caller shows 'Unable to complete operation at the moment'.
 */
export async function signOut(area: AreaId): Promise<void> {
  const { userKind, userMode } = AREAS[area];
  const user = liveUser(userKind);
  if (!user) return;
  try {
    await api('/api/Account/Logout', { query: { sessionID: user.sid, userMode }, area });
  } finally {
    dropUser(userKind);
  }
}

export const useSignOut = () => useMutation({ mutationFn: signOut });
