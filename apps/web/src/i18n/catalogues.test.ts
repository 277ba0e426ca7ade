// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { LOCALES, NAMESPACES } from './locales';

/**
 * The message catalogues (messages/: the main one and one folder per namespace) must be complete:
 * every id of the English file in every locale, nothing else, the same placeholders, and each id in
 * one namespace only. The web build checks that the code uses only ids of the English files.
 */
const MESSAGES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');
const FOLDERS = readdirSync(MESSAGES).filter((name) => statSync(path.join(MESSAGES, name)).isDirectory());
const CATALOGUES = ['', ...FOLDERS];

const read = (namespace: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(MESSAGES, namespace, `${locale}.json`), 'utf8'));

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
