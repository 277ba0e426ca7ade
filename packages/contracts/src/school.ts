import { z } from 'zod';

/**
 * The school's own particulars (School Management, the registry's `school-information`): what the
 * shell, the public pages, the documents and the e-mails read about the institution.
 */

/** A colour as #rrggbb (the registry's colour fields; the documents' accent; the shell's school theme). */
export const HEX_COLOUR_PATTERN = '#[0-9a-fA-F]{6}';
export const isHexColour = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(`^${HEX_COLOUR_PATTERN}$`).test(value);

/** The colours the school has until School Management sets its own (the database's defaults). */
export const DEFAULT_SCHOOL_COLOURS = { primary: '#3f51b5', secondary: '#ffc107' } as const;

/** GET (public, cached with an ETag), POST (multipart field "file") and DELETE: the school's logo. */
export const SCHOOL_LOGO_API = '/api/school/logo';
/** The logo is a PNG or a JPEG (told by its content) of at most this many bytes. */
export const SCHOOL_LOGO_MAX_BYTES = 512 * 1024;

export const SCHOOL_MESSAGES = {
  logoSaved: 'The logo is saved: the portal and the documents show it.',
  logoRemoved: 'The logo is removed.',
  noLogo: 'The school has no logo.',
} as const;

/** GET /api/institution (public): the particulars the shell and the public pages show. */
export const institutionInfo = z.object({
  Name: z.string(),
  ShortName: z.string(),
  Address: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Website: z.string(),
  /** The logo's URL (changes when the logo does, so it may be cached for long), or null. */
  LogoUrl: z.string().nullable(),
  /** #rrggbb */
  PrimaryColour: z.string(),
  /** #rrggbb */
  SecondaryColour: z.string(),
});
export type InstitutionInfo = z.infer<typeof institutionInfo>;
export const institutionResponse = z.object({ Status: z.string(), Data: institutionInfo });

// ── contrast (WCAG 2): the school's colours under text stay readable at 4.5:1 ──

const channels = (hex: string): [number, number, number] => {
  const n = parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const toHex = (rgb: readonly number[]) =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/** The relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour, darkened (or, `towardsLight`, lightened) in tenths just enough for it and the
 * background to read at `ratio` (4.5:1 by default) — as text on the background, or the background
 * under text of that colour.
 */
export function readableShade(colour: string, background: string, towardsLight = false, ratio = 4.5): string {
  const base = channels(colour);
  let shade = toHex(base);
  for (let step = 1; step <= 10 && contrastRatio(shade, background) < ratio; step += 1) {
    const k = step / 10;
    shade = toHex(base.map((c) => (towardsLight ? c + (255 - c) * k : c * (1 - k))));
  }
  return shade;
}
