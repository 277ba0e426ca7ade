/** Lagos keeps UTC+1 all year: a `datetime-local` value read as Lagos time, and back. */
export const LAGOS_OFFSET = '+01:00';
export const toLagosInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 3600_000).toISOString().slice(0, 16) : '';
export const fromLagosInput = (value: string) => (value ? `${value}:00${LAGOS_OFFSET}` : '');
