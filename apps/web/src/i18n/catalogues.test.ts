// @vitest-environment node
import { expect, test } from 'vitest';
import { LOCALES, NAMESPACES } from './locales';

/**
 * The message catalogues (messages/: the main one and one folder per namespace) must be complete:
 * every id of the English file in every locale, nothing else, the same placeholders, and each id in
 * one namespace only. The web build checks that the code uses only ids of the English files.
 */
// The files as written (`?raw`: not compiled to syntax trees as the app imports them).
const FILES = import.meta.glob<string>('./messages/**/*.json', {
  eager: true,
  query: '?raw',
  import: 'default',
});
const FOLDERS = [
  ...new Set(
    Object.keys(FILES)
      .map((file) => /^\.\/messages\/([a-z]+)\//.exec(file)?.[1])
      .filter((folder): folder is string => !!folder),
  ),
];
const CATALOGUES = ['', ...FOLDERS];

const read = (namespace: string, locale: string): Record<string, string> => {
  const raw = FILES[namespace ? `./messages/${namespace}/${locale}.json` : `./messages/${locale}.json`];
  if (raw === undefined) throw new Error(`No catalogue ${namespace || 'main'}/${locale}`);
  return JSON.parse(raw) as Record<string, string>;
};

/**
 * The argument names an ICU message uses ({name}, {count, plural, =0 {…} other {…}}), sorted;
 * the text inside plural and select options is searched too.
 */
export function placeholders(message: string): string[] {
  const names: string[] = [];
  let at = 0;
  const readText = (): void => {
    while (at < message.length && message[at] !== '}') {
      if (message[at] === '{') readArgument();
      else at += 1;
    }
  };
  const readArgument = (): void => {
    const close = /[,}]/g;
    close.lastIndex = at + 1;
    const end = close.exec(message)?.index ?? message.length;
    names.push(message.slice(at + 1, end).trim());
    at = end;
    if (message[at] === ',') {
      // A formatted argument: its options are sub-messages in braces, each read as text.
      while (at < message.length && message[at] !== '}') {
        if (message[at] === '{') {
          at += 1;
          readText();
        }
        at += 1;
      }
    }
    at += 1;
  };
  readText();
  return names.sort();
}

test('the placeholder reader finds arguments inside plural options', () => {
  expect(
    placeholders('{count, plural, =0 {none} one {# of {total}} other {# of {total}}} for {name}'),
  ).toEqual(['count', 'name', 'total', 'total']);
  expect(placeholders('Plain text')).toEqual([]);
});

test('every namespace the app loads has a folder of catalogues, and no folder is left unused', () => {
  expect([...FOLDERS].sort()).toEqual([...NAMESPACES].sort());
});

for (const namespace of CATALOGUES) {
  for (const locale of LOCALES.slice(1)) {
    test(`catalogue ${namespace || 'main'}/${locale} has exactly the English ids and placeholders`, () => {
      const english = read(namespace, 'en');
      const translated = read(namespace, locale);
      expect(
        Object.keys(english).filter((id) => !(id in translated)),
        'missing ids',
      ).toEqual([]);
      expect(
        Object.keys(translated).filter((id) => !(id in english)),
        'ids not in English',
      ).toEqual([]);
      for (const [id, message] of Object.entries(english)) {
        expect(placeholders(translated[id] ?? ''), `${locale} ${id}`).toEqual(placeholders(message));
        expect(translated[id]?.trim(), `${locale} ${id} is empty`).toBeTruthy();
      }
    });
  }
}

test('each message id lives in one catalogue only', () => {
  const seen = new Map<string, string>();
  const duplicates: string[] = [];
  for (const namespace of CATALOGUES) {
    for (const id of Object.keys(read(namespace, 'en'))) {
      if (seen.has(id)) duplicates.push(`${id} (${seen.get(id) || 'main'} and ${namespace || 'main'})`);
      seen.set(id, namespace);
    }
  }
  expect(duplicates).toEqual([]);
});
