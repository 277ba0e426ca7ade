import createCache, { type EmotionCache } from '@emotion/cache';

let pending: Promise<EmotionCache> | undefined;

/** The right-to-left style cache, downloaded only when a right-to-left layout is first wanted. */
export function loadRtlCache(): Promise<EmotionCache> {
  pending ??= Promise.all([import('stylis'), import('stylis-plugin-rtl')]).then(
    ([{ prefixer }, { default: rtlPlugin }]) =>
      createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
  );
  return pending;
}
