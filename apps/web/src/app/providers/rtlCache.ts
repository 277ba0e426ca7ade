import createCache, { type EmotionCache } from '@emotion/cache';

let pending: Promise<EmotionCache> | undefined;

/**
 * The right-to-left style cache, downloaded only when a right-to-left layout is first wanted.
 *
 * Its plugins come from a module of their own that imports stylis by name: the web asks for the stylis
 * emotion pins, so the plugin's parser and serialiser are emotion's, in the entry already, and only the
 * plugin and stylis's prefix table download. (A dynamic `import('stylis')` here would make the entry
 * hold all of stylis's exports as one object, the prefix table with them, on every page.)
 */
export function loadRtlCache(): Promise<EmotionCache> {
  pending ??= import('./rtlStylisPlugins').then(({ rtlStylisPlugins }) =>
    createCache({ key: 'muirtl', stylisPlugins: rtlStylisPlugins }),
  );
  return pending;
}
