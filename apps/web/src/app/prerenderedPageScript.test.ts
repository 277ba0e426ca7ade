import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { prerenderedPageScript } from '../../scripts/prerendered-page-script.mjs';

const ENTRY = '/portal/assets/index-test.js';

/** Runs a prerendered page's inline script here (its submit guard given a stand-in, not this document's). */
function runPageScript() {
  const html = prerenderedPageScript(['assets/page-test.js'], ENTRY);
  const code = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
  new Function('addEventListener', code)(() => undefined);
}

const afterFirstFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(() => setTimeout(resolve, 10))));

/** What the script adds to the head, kept aside (this document loads no script files). */
let added: Element[] = [];
const entryScript = () =>
  added.find((node) => node instanceof HTMLScriptElement && node.getAttribute('src') === ENTRY);

beforeEach(() => {
  added = [];
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    added.push(node as unknown as Element);
    return node;
  });
});
afterEach(() => {
  delete (document as { readyState?: string }).readyState;
});

test('a prerendered page loads its entry after the first frame, once the document is parsed whole', async () => {
  // The first frame can come while the rest of the page is still arriving on a slow link: the entry
  // must wait, or it finds no #root (or hydrates half a page).
  Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'loading' });
  runPageScript();
  await afterFirstFrame();
  expect(entryScript()).toBeUndefined();

  delete (document as { readyState?: string }).readyState;
  document.dispatchEvent(new Event('DOMContentLoaded'));
  expect(entryScript()?.getAttribute('type')).toBe('module');
  expect(added.some((node) => node.getAttribute('href') === '/portal/assets/page-test.js')).toBe(true);
});

test('a page parsed by its first frame loads its entry then', async () => {
  runPageScript();
  expect(entryScript()).toBeUndefined();
  await afterFirstFrame();
  expect(entryScript()).toBeDefined();
});
