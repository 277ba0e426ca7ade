import type { IntlShape } from 'react-intl';

/**
 * Naira for display, from the naira amounts the API sends (the server counts kobo; naira only at
 * the edges): '₦5,000.00' with the locale's grouping.
 */
export function formatNaira(intl: IntlShape, naira: number): string {
  return `₦${intl.formatNumber(naira, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A long id shown short: 'a1b2c3d4…9f0e' (copy buttons copy the whole id). */
export function shortenId(id: string, head = 8, tail = 4): string {
  return id.length > head + tail + 1 ? `${id.slice(0, head)}…${id.slice(-tail)}` : id;
}
