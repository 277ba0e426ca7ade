import type { IntlShape } from 'react-intl';

type Formats = Pick<IntlShape, 'formatNumber' | 'formatDate'>;

/**
 * Naira for display, from the naira amounts the API sends (the server counts kobo; naira only at
 * the edges): the naira sign and the locale's digits, '₦5,000.00' in English, '₦5 000,00' in French.
 * The one money formatter of the web: pages, tables, charts and the server's messages use it (never
 * the currency style, which writes 'NGN 5,000' in some locales).
 */
export function formatNaira(intl: Formats, naira: number, fractionDigits = 2): string {
  const digits = intl.formatNumber(Math.abs(naira), {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
  return `${naira < 0 ? '-' : ''}₦${digits}`;
}

/** Kobo (what the server's messages carry) for display, as `formatNaira`. */
export const formatKobo = (intl: Formats, kobo: number): string => formatNaira(intl, kobo / 100);

/** An ISO day ('2026-11-26') as the locale writes it in full: '26 November 2026', '26 novembre 2026'. */
export const formatLongDay = (intl: Formats, iso: string): string =>
  intl.formatDate(`${iso.slice(0, 10)}T00:00:00Z`, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A long id shown short: 'a1b2c3d4…9f0e' (copy buttons copy the whole id). */
export function shortenId(id: string, head = 8, tail = 4): string {
  return id.length > head + tail + 1 ? `${id.slice(0, head)}…${id.slice(-tail)}` : id;
}
