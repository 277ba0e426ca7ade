import { badRequest } from './errors.js';

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

export function isoRequired(value: Date | string): string {
  return iso(value)!;
}

/** Nigeria keeps West Africa Time (UTC+1) all year; admins pick dates in it. */
export const INSTITUTION_UTC_OFFSET = '+01:00';

/** Today's date in the institution's time, YYYY-MM-DD. */
export function institutionToday(now = new Date()): string {
  return new Date(now.getTime() + 60 * 60_000).toISOString().slice(0, 10);
}

/** The current year in the institution's time (West Africa Time). */
export function institutionYear(now = new Date()): number {
  return Number(institutionToday(now).slice(0, 4));
}

/**
 * The instants bounding inclusive days [from, to] in the institution's time. Refuses dates after
 * today and a range that ends before it starts.
 */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  labels: { from: string; to: string } = { from: 'from', to: 'to' },
  allowFuture = false,
): { start?: Date; end?: Date } {
  const today = institutionToday();
  if (!allowFuture) {
    if (from && from > today) throw badRequest(`${labels.from} cannot be after today.`);
    if (to && to > today) throw badRequest(`${labels.to} cannot be after today.`);
  }
  if (from && to && to < from) throw badRequest(`${labels.to} cannot be before ${labels.from}.`);
  const start = from ? new Date(`${from}T00:00:00${INSTITUTION_UTC_OFFSET}`) : undefined;
  const end = to
    ? new Date(new Date(`${to}T00:00:00${INSTITUTION_UTC_OFFSET}`).getTime() + 86_400_000)
    : undefined;
  return { start, end };
}
