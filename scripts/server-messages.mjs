#!/usr/bin/env node
// The web's catalogue of server messages (apps/web/src/i18n/messages/server/en.json) follows from the
// declarations in packages/contracts (SERVER_MESSAGES): id `server.<namespace>.<key>`, the English ICU
// text. Prints the ids whose English differs, is missing or is no longer declared (--write rewrites the
// English file and adds missing ids to the other locales in English, for translation); exits 1 when any.
// The API suite (platform/messages.test.ts) fails on the same differences and on an untranslated locale.
import { readFileSync, writeFileSync } from 'node:fs';
import { serverMessagesEnglish } from '@portal/contracts';

const dir = new URL('../apps/web/src/i18n/messages/server/', import.meta.url);
const english = Object.fromEntries(
  Object.entries(serverMessagesEnglish()).map(([id, text]) => [`server.${id}`, text]),
);
const current = JSON.parse(readFileSync(new URL('en.json', dir), 'utf8'));
const differ = [
  ...Object.keys(english).filter((id) => current[id] !== english[id]),
  ...Object.keys(current).filter((id) => !(id in english)),
];
if (process.argv.includes('--write')) {
  writeFileSync(new URL('en.json', dir), `${JSON.stringify(english, null, 2)}\n`);
  for (const locale of ['zh', 'ar', 'it', 'es', 'fr']) {
    const file = new URL(`${locale}.json`, dir);
    const translated = JSON.parse(readFileSync(file, 'utf8'));
    const next = Object.fromEntries(Object.keys(english).map((id) => [id, translated[id] ?? english[id]]));
    writeFileSync(file, `${JSON.stringify(next, null, 2)}\n`);
  }
}
for (const id of differ) console.log(id);
process.exit(differ.length && !process.argv.includes('--write') ? 1 : 0);
