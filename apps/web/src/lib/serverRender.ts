import type { FeePurpose, InstitutionInfo } from '@portal/contracts';
import type { Namespace } from '../i18n/locales';

/**
 * What the server gives a signed-in page it renders to HTML (src/prerender.tsx, ADR 17): the
 * page's address, the transport that takes the page's reads to the API in-process, the school's
 * particulars, and the width class of the visitor's screen. Null in the browser.
 */
export interface ServerRender {
  /** The page's path, /portal included. */
  pathname: string;
  /** `fetch` for the API's paths, answered by the API itself with the visitor's bearer token. */
  fetch: typeof fetch;
  institution: InstitutionInfo | null;
  /** The viewport width the page is laid out for (its media queries are answered for it). */
  viewportWidth: number;
  /**
   * What the render drew that the browser loads lazily: catalogues of strings and fees' payment
   * cards. The browser loads the same before its first render, so that render draws them too rather
   * than their placeholders (the page would shrink, then grow again, as it is taken over).
   */
  drawn: { catalogues: Set<Namespace>; fees: Set<FeePurpose> };
}

let current: ServerRender | null = null;

/** The render under way on the server, if any (renders run one at a time: src/prerender.tsx). */
export const serverRender = (): ServerRender | null => current;

export function setServerRender(render: ServerRender | null): void {
  current = render;
}

/**
 * Whether a width-only media query (as MUI's breakpoints write them: `@media (min-width:1200px)`,
 * `(max-width:599.95px)`, joined by `and`) holds at `width` px; any other feature does not.
 */
export function widthQueryMatches(query: string, width: number): boolean {
  const features = query.replace(/^@media\s*/i, '').split(/\s+and\s+/i);
  return features.every((feature) => {
    const match = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/i.exec(feature.trim());
    if (!match) return false;
    const limit = Number(match[2]);
    return match[1]!.toLowerCase() === 'min' ? width >= limit : width <= limit;
  });
}
