import { expect, test } from 'vitest';
import { loadRtlCache } from './rtlCache';

/** The CSS the right-to-left cache writes into the document for one rule of the portal's. */
async function writtenFor(styles: string): Promise<string> {
  const cache = await loadRtlCache();
  const name = `probe-${styles.length}`;
  cache.insert(`.${name}`, { name, styles, next: undefined }, cache.sheet, true);
  const written = [...document.querySelectorAll('style[data-emotion^="muirtl"]')]
    .map((style) => style.textContent)
    .join('');
  // Only this rule: other tests of the worker may have written theirs with the same cache.
  return new RegExp(`\\.${name}\\{[^}]*\\}`).exec(written)?.[0] ?? '';
}

test('the right-to-left cache mirrors each rule and keeps the vendor prefixes', async () => {
  const css = await writtenFor('margin-left:4px;padding-right:8px;text-align:left;user-select:none;');
  expect(css).toContain('margin-right:4px');
  expect(css).toContain('padding-left:8px');
  expect(css).toContain('text-align:right');
  expect(css).not.toContain('margin-left');
  // Safari still needs the prefixed user-select, as on the left-to-right pages.
  expect(css).toContain('-webkit-user-select:none');
  expect(css).toContain('user-select:none');
});
