import type { Exec } from '../../platform/db.js';
import * as repo from './figures.repository.js';

/** Score sheets submitted per lecturer (the /app instructors' page, issue 28). */
export const sheetsSubmittedBy = (db: Exec, adminIds: readonly number[]) => repo.submittedBy(db, adminIds);
