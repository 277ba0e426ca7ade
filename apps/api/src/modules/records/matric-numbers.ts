import { matricNumberFrom } from '@portal/contracts';

/**
 * Matric numbers from a programme's pattern ({YYYY}, {YY}, {DEPT}, {PROG} and a serial {NNNN}).
 * The scope is the pattern with everything but the serial filled in ('DIT/2024/{NNNN}'): numbers
 * are counted per scope, so two programmes sharing a pattern share its serials and never clash.
 */
export interface MatricValues {
  year: number;
  department: string;
  programme: string;
}

const SERIAL = /(\{N+\})/;

export function matricScope(pattern: string, values: MatricValues): string {
  return pattern
    .split(SERIAL)
    .map((part) => (SERIAL.test(part) ? part : matricNumberFrom(part, { ...values, serial: 0 })))
    .join('');
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A POSIX regular expression matching the numbers of a scope, and one whose first group captures
 * the serial (for `substring(... from ...)`).
 */
export function scopeRegex(scope: string): { match: string; serial: string } {
  let first = true;
  const parts = scope.split(SERIAL).map((part) => {
    if (!SERIAL.test(part)) return { text: escapeRegex(part), group: escapeRegex(part) };
    const digits = `[0-9]{${part.length - 2}}`;
    const group = first ? `(${digits})` : digits;
    first = false;
    return { text: digits, group };
  });
  return {
    match: `^${parts.map((p) => p.text).join('')}$`,
    serial: `^${parts.map((p) => p.group).join('')}$`,
  };
}

export function matricNumber(scope: string, serial: number): string {
  return scope.replace(/\{(N+)\}/g, (_all, ns: string) => String(serial).padStart(ns.length, '0'));
}

/** The year a session starts: its start date, else the first four digits of its name ('2024/2025'). */
export function sessionYear(
  session: { startDate: string | null; name: string | null },
  fallback: number,
): number {
  if (session.startDate) return Number(session.startDate.slice(0, 4));
  const match = /\d{4}/.exec(session.name ?? '');
  return match ? Number(match[0]) : fallback;
}
