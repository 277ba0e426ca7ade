import { flushSync } from 'react-dom';
import { api } from '../../../lib/api';
import type { AreaId } from '../../../lib/areas';
import { clearContentCaches } from '../../../lib/serviceWorker';
import { dropUser, liveUser, sessionArea } from '../../../lib/session';

/**
 * Ends the server session (GET /api/Account/Logout with the bearer token), then, whatever the
 * answer, signs the area's user out of this browser and calls `leave` (which navigates to the
 * sign-in page) in the same render, so the area's guard never sees the user gone and records the
 * page as one to come back to. Resolves false when the server could not be told, for the caller
 * to show 'Unable to complete operation at the moment'.
 */
export async function signOut(area: AreaId, leave: () => void): Promise<boolean> {
  // In /app with an admin's session, that session is the one ended.
  const { userKind, userMode } = sessionArea(area);
  const user = liveUser(userKind);
  let told = true;
  if (user) {
    try {
      await api('/api/Account/Logout', { query: { sessionID: user.sid, userMode }, area });
    } catch {
      told = false;
    }
  }
  flushSync(() => {
    leave();
    dropUser(userKind);
  });
  // A student's lecture notes kept for offline reading leave the device with them.
  if (userKind === 'studentUser') void clearContentCaches();
  return told;
}
