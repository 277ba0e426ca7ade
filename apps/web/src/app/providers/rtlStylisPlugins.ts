import { DECLARATION, prefix, type Middleware } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The vendor prefixes of each declaration (`user-select` → `-webkit-user-select` too), as emotion's
 * own cache adds them on the left-to-right pages. Only declarations: the prefixed copies of keyframes
 * and of `::placeholder` and `:read-only` selectors serve browsers no longer in use, and the
 * components write their placeholder selectors out themselves.
 *
 * Built from stylis's `prefix` rather than its `prefixer` middleware on purpose: `prefixer` sits in
 * the module with the `middleware` that emotion's cache (in every page's entry) uses, and would tie
 * stylis's prefix table to every page.
 */
const prefixDeclarations: Middleware = (element, _index, children) => {
  if (element.type === DECLARATION && element.length > -1 && !element.return) {
    // stylis's own middleware passes the siblings too (the grid prefixes read them); its types omit it.
    element.return = (prefix as (value: string, length: number, siblings: unknown) => string)(
      element.value,
      element.length,
      children,
    );
  }
  return undefined;
};

/** The right-to-left cache's plugins, in stylis's order: prefixes first, then the mirroring. */
export const rtlStylisPlugins: Middleware[] = [prefixDeclarations, rtlPlugin];
