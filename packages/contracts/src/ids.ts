import { z } from 'zod';

/** The largest value of a PostgreSQL integer (int4) column: every record id lives in 1 … this. */
export const MAX_RECORD_ID = 2_147_483_647;

/** The message an id out of range is refused with. */
export const RECORD_ID_MESSAGE = `An id is a whole number from 1 to ${MAX_RECORD_ID}.`;

/** Is this value an id a record could have (an int4 key: a whole number from 1 to MAX_RECORD_ID)? */
export function isRecordId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_RECORD_ID;
}

/**
 * A record id from a URL (path or query string): coerced from text, refused (400) unless it is a
 * whole number from 1 to 2,147,483,647, so it never overflows an integer column. Use it wherever an
 * id is parsed.
 */
export const recordId = z.coerce
  .number({ error: RECORD_ID_MESSAGE })
  .int(RECORD_ID_MESSAGE)
  .positive(RECORD_ID_MESSAGE)
  .max(MAX_RECORD_ID, RECORD_ID_MESSAGE);

/** A record id in a JSON body (a number, not coerced), bounded the same way. */
export const recordIdNumber = z
  .number({ error: RECORD_ID_MESSAGE })
  .int(RECORD_ID_MESSAGE)
  .positive(RECORD_ID_MESSAGE)
  .max(MAX_RECORD_ID, RECORD_ID_MESSAGE);

/** `{ id }` path parameters. */
export const idParams = z.object({ id: recordId });
