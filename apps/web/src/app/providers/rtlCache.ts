import createCache, { type EmotionCache } from '@emotion/cache';

let pending: Promise<EmotionCache> | undefined;

/**
 * The right-to-left style cache, downloaded only when a right-to-left layout is first wanted. Each
 * import names the one export it takes (`.then(({ name }) => …)`), which lets the build leave out the
 * rest: stylis's `prefixer` is in the entry already (emotion's own cache uses it), so only the
 * right-to-left plugin downloads, not a second part of stylis beside it.
 */
export function loadRtlCache(): Promise<EmotionCache> {
  pending ??= Promise.all([
    import('stylis').then(({ prefixer }) => prefixer),
    import('stylis-plugin-rtl').then(({ default: rtlPlugin }) => rtlPlugin),
  ]).then(([prefixer, rtlPlugin]) => createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }));
  return pending;
}
