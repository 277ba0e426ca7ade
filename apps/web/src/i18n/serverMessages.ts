import { createIntl, type IntlShape } from 'react-intl';
import type { MessageRef, MessageValue } from '@portal/contracts';
import { settingsStore } from '../app/settings';
import { formatKobo, formatLongDay } from '../lib/money';
import { loadCatalogue } from './catalogues';
import { DEFAULT_LOCALE, isRtlLocale, type Locale, type MessageId } from './locales';

/**
 * The server's messages in the user's language (ADR 9). Every answer names the declared messages it
 * carries — `MessageId` and `MessageValues` beside its English `Message`, `Texts` for the texts of its
 * `Errors` and of its `Data`'s reasons — and the API client puts this module's translation in their
 * place as the answer arrives, so every page that shows a server's message shows it translated.
 * Amounts (kobo) and days (ISO) are written by the web's own formatters, in the locale.
 */
type Envelope = {
  Message?: unknown;
  MessageId?: unknown;
  MessageValues?: Record<string, MessageValue>;
  MessageKinds?: MessageRef['Kinds'];
  Errors?: unknown;
  Data?: unknown;
  Texts?: Record<string, MessageRef>;
};

/** Same walk as the server's (apps/api/src/platform/messages.ts): `Data`'s Reason / Reasons, three deep. */
const REASON_KEYS = new Set(['Reason', 'Reasons']);
const MAX_DEPTH = 3;

const intls = new Map<Locale, IntlShape>();

async function intlFor(locale: Locale): Promise<IntlShape> {
  let intl = intls.get(locale);
  if (!intl) {
    const messages = await loadCatalogue(locale, 'server');
    // A message missing from the catalogue falls back to the English the server sent: no console error.
    intl = createIntl({ locale, defaultLocale: DEFAULT_LOCALE, messages, onError: () => undefined });
    intls.set(locale, intl);
  }
  return intl;
}

/** Money and days written in the locale; in a right-to-left language, inserted text keeps its direction. */
function formatRef(intl: IntlShape, ref: MessageRef, english: string, rtl: boolean): string {
  // Ids come from the server; one this build's catalogue lacks (a newer server) keeps the English.
  const id = `server.${ref.Id}` as MessageId;
  if (!(id in intl.messages)) return english;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(ref.Values ?? {})) {
    const kind = ref.Kinds?.[name];
    const text =
      kind === 'money'
        ? formatKobo(intl, Number(value))
        : kind === 'date'
          ? formatLongDay(intl, String(value))
          : value;
    values[name] = rtl && typeof text === 'string' ? `\u2068${text}\u2069` : text;
  }
  return intl.formatMessage({ id }, values);
}

/** The id of a declared message an answer carries in `Data` or `Errors` (as shown, in any language). */
export function serverMessageId(answer: unknown, text: string): string | undefined {
  return (answer as Envelope | undefined)?.Texts?.[text]?.Id;
}

/** Replaces the declared English texts of an answer by their translation; a no-op in English. */
export async function localiseAnswer(body: unknown): Promise<void> {
  if (typeof body !== 'object' || body === null) return;
  const envelope = body as Envelope;
  if (typeof envelope.MessageId !== 'string' && !envelope.Texts) return;
  const locale = settingsStore.get().locale;
  if (locale === DEFAULT_LOCALE) return;
  let intl: IntlShape;
  try {
    intl = await intlFor(locale);
  } catch {
    return; // The catalogue did not download: the English text stays, as before.
  }
  const rtl = isRtlLocale(locale);
  if (typeof envelope.MessageId === 'string' && typeof envelope.Message === 'string') {
    envelope.Message = formatRef(
      intl,
      { Id: envelope.MessageId, Values: envelope.MessageValues, Kinds: envelope.MessageKinds },
      envelope.Message,
      rtl,
    );
  }
  const texts = envelope.Texts;
  if (!texts) return;
  const translate = (text: unknown) => {
    const ref = typeof text === 'string' ? texts[text] : undefined;
    if (!ref) return text;
    const translated = formatRef(intl, ref, text as string, rtl);
    texts[translated] = ref; // so a page can still tell which message it shows (`serverMessageId`)
    return translated;
  };
  if (Array.isArray(envelope.Errors)) {
    for (const row of envelope.Errors as { message?: unknown }[]) row.message = translate(row.message);
  }
  const walk = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) return value.forEach((item) => walk(item, depth + 1));
    const record = value as Record<string, unknown>;
    for (const [key, field] of Object.entries(record)) {
      if (REASON_KEYS.has(key)) record[key] = Array.isArray(field) ? field.map(translate) : translate(field);
      else walk(field, depth + 1);
    }
  };
  walk(envelope.Data, 1);
}
