import type { Exec } from '../../platform/db.js';
import * as repo from './hostels.repository.js';

/** Whether students may apply for a hostel now (the student dashboard asks). */
export async function hostelApplicationsOpen(db: Exec, now = new Date()): Promise<boolean> {
  const round = await repo.currentRound(db);
  return !!round && round.state === 'published' && round.opensAt <= now && now < round.closesAt;
}
