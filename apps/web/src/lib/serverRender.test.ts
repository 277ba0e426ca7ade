import { expect, test } from 'vitest';
import { widthQueryMatches } from './serverRender';

test('the breakpoints’ width queries are answered for the width a page is rendered for', () => {
  expect(widthQueryMatches('@media (min-width:1200px)', 1280)).toBe(true);
  expect(widthQueryMatches('@media (min-width:1200px)', 360)).toBe(false);
  expect(widthQueryMatches('@media (max-width:599.95px)', 360)).toBe(true);
  expect(widthQueryMatches('@media (max-width:599.95px)', 1280)).toBe(false);
  expect(widthQueryMatches('@media (min-width:600px) and (max-width:899.95px)', 768)).toBe(true);
  expect(widthQueryMatches('@media (min-width:600px) and (max-width:899.95px)', 1280)).toBe(false);
});

test('any other media feature does not hold', () => {
  expect(widthQueryMatches('(prefers-reduced-motion: reduce)', 360)).toBe(false);
  expect(widthQueryMatches('print', 1280)).toBe(false);
});
