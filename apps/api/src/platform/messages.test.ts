import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  HOSTEL_MESSAGES,
  SERVER_MESSAGES,
  serverMessageRef,
  serverMessagesEnglish,
  type MessageDeclarations,
  type MessageValueKind,
} from '@portal/contracts';
import { login, startTestApp, type TestApp } from '../../test/helpers.js';
import { seededRound } from '../modules/hostels/test-support.js';
import { MESSAGE_REFS_HEADER } from './messages.js';

/** The web's catalogues of server messages (ADR 9): read as files, the API imports nothing of the web. */
const CATALOGUES = new URL('../../../web/src/i18n/messages/server/', import.meta.url);
const LOCALES = ['en', 'zh', 'ar', 'it', 'es', 'fr'] as const;
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`${locale}.json`, CATALOGUES), 'utf8'));

const SAMPLE: Record<MessageValueKind, string | number> = {
  text: 'CSC 101',
  number: 7,
  money: 3_560_050,
  date: '2026-11-26',
};

describe('declared server messages', () => {
  const english = serverMessagesEnglish();

  it('map back from their English text to their id and values', () => {
    const wrong: string[] = [];
    for (const [namespace, messages] of Object.entries(SERVER_MESSAGES)) {
      for (const [key, declared] of Object.entries(messages as MessageDeclarations[string])) {
        const id = `${namespace}.${key}`;
        if (typeof declared === 'string') {
          // A text declared twice (the same words in two domains) maps to either id: same English.
          const ref = serverMessageRef(declared);
          if (!ref || english[ref.Id] !== declared) wrong.push(id);
          continue;
        }
        const args = declared.params.map((p) => SAMPLE[p.kind]);
        const ref = serverMessageRef((declared as unknown as (...a: unknown[]) => string)(...args));
        const values = Object.fromEntries(declared.params.map((p) => [p.name, SAMPLE[p.kind]]));
        if (ref?.Id !== id || JSON.stringify(ref.Values) !== JSON.stringify(values)) wrong.push(id);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('write amounts and days in English, and carry them as kobo and ISO days', () => {
    const text = HOSTEL_MESSAGES.feesOwed(3_560_000);
    expect(text).toBe('Pay your school fees first: ₦35,600.00 is outstanding for this session.');
    expect(serverMessageRef(text)).toEqual({
      Id: 'hostel.feesOwed',
      Values: { amount: 3_560_000 },
      Kinds: { amount: 'money' },
    });
    // 23:30 UTC is 00:30 on the 27th in Lagos, the day the pages show.
    const closed = HOSTEL_MESSAGES.closed('2026-11-26T23:30:00Z');
    expect(closed).toBe('Hostel applications closed on 27 November 2026.');
    expect(serverMessageRef(closed)).toEqual({
      Id: 'hostel.closed',
      Values: { date: '2026-11-27' },
      Kinds: { date: 'date' },
    });
    expect(HOSTEL_MESSAGES.lapsed(1)).toBe('1 allocation lapsed.');
    expect(serverMessageRef('Some words no one declared.')).toBeUndefined();
  });

  it('are in the web’s English catalogue word for word, and translated in every other locale', () => {
    const en = catalogue('en');
    expect(en).toEqual(
      Object.fromEntries(Object.entries(english).map(([id, text]) => [`server.${id}`, text])),
    );
    for (const locale of LOCALES.slice(1)) {
      const translated = catalogue(locale);
      const untranslated = Object.keys(en).filter(
        (id) => !translated[id]?.trim() || translated[id] === en[id],
      );
      expect(untranslated, `${locale}: missing or still English`).toEqual([]);
    }
  });
});

describe('the envelope names its messages for a caller that asks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 180_000);
  afterAll(() => t?.close(), 60_000);

  const signIn = (Username: string, refs: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/Account/Login',
      headers: refs ? { [MESSAGE_REFS_HEADER]: '1' } : {},
      payload: { Username, Password: 'not the password', userMode: 'Student', schoolId: 1 },
    });

  it('adds MessageId beside the English Message, and only when asked', async () => {
    const asked = await signIn('DIT/2024/0002', true);
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toEqual({
      Status: 'Invalid',
      Message: AUTH_MESSAGES.invalidMatricCredentials,
      MessageId: 'auth.invalidMatricCredentials',
    });
    const plain = await signIn('DIT/2024/0002', false);
    expect(plain.json()).toEqual({ Status: 'Invalid', Message: 'Invalid matric number or password!' });
    const byEmail = await signIn('nobody@demo.edu.ng', false);
    expect(byEmail.json().Message).toBe('Invalid email or password!');
  });

  it('names the reasons in Data with their values (amounts in kobo, days as ISO dates)', async () => {
    const { auth } = await login(t.app, 'Student', 'DIT/2024/0002');
    await seededRound(t.database.db);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/student/hostel',
      headers: { ...auth, [MESSAGE_REFS_HEADER]: '1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const reasons: string[] = body.Data.Reasons;
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(body.Texts[reason], reason).toEqual(serverMessageRef(reason));
    const fees = reasons.find((r) => body.Texts[r].Id === 'hostel.feesOwed');
    expect(body.Texts[fees!].Values.amount).toBe(9_650_000);
  });
});
