import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { serverMessageRef, type MessageRef } from '@portal/contracts';

/**
 * The envelope names the declared message each of its texts was made from, so the web can show it in
 * the user's language (ADR 9): `MessageId`, `MessageValues` (amounts in kobo, days as ISO dates) and
 * `MessageKinds` (which values are amounts or days) beside `Message`, and `Texts` (English
 * text → id and values) for the declared texts of `Errors` and of `Data`'s `Reason` / `Reasons`.
 * `Message` itself stays English, word for word. Only a caller that asks (the header below, which the
 * portal's web sends) gets them: the specification's responses stay exactly as specified for others.
 */
export const MESSAGE_REFS_HEADER = 'x-message-refs';
export const wantsMessageRefs = (request: FastifyRequest) => request.headers[MESSAGE_REFS_HEADER] === '1';

const REF_KEYS = ['MessageId', 'MessageValues', 'MessageKinds', 'Texts'] as const;
/** Fields of `Data` that carry server-made reasons. */
const REASON_KEYS = new Set(['Reason', 'Reasons']);
/** Deep enough for `Data.Skipped[].Reason`; the walk never reads further into big payloads. */
const MAX_DEPTH = 3;

type Envelope = Record<string, unknown>;
const isObject = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function collectReasons(value: unknown, depth: number, texts: Record<string, MessageRef>): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    for (const item of value) collectReasons(item, depth + 1, texts);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, field] of Object.entries(value)) {
    if (REASON_KEYS.has(key)) {
      for (const text of Array.isArray(field) ? field : [field]) addText(text, texts);
    } else if (typeof field === 'object' && field !== null) collectReasons(field, depth + 1, texts);
  }
}

function addText(text: unknown, texts: Record<string, MessageRef>): void {
  if (typeof text !== 'string' || text in texts) return;
  const ref = serverMessageRef(text);
  if (ref) texts[text] = ref;
}

/** The envelope with its message references added (the same object when it names none). */
export function withMessageRefs<T>(payload: T): T {
  if (!isObject(payload) || typeof payload.Status !== 'string' || 'MessageId' in payload) return payload;
  const added: Envelope = {};
  if (typeof payload.Message === 'string') {
    const ref = serverMessageRef(payload.Message);
    if (ref) {
      added.MessageId = ref.Id;
      if (ref.Values) added.MessageValues = ref.Values;
      if (ref.Kinds) added.MessageKinds = ref.Kinds;
    }
  }
  const texts: Record<string, MessageRef> = {};
  if (Array.isArray(payload.Errors))
    for (const row of payload.Errors) if (isObject(row)) addText(row.message, texts);
  collectReasons(payload.Data, 1, texts);
  if (Object.keys(texts).length) added.Texts = texts;
  return Object.keys(added).length ? ({ ...payload, ...added } as T) : payload;
}

/**
 * Adds the references to every JSON answer. The response schemas encode what they declare and drop the
 * rest, so the serializer puts the references back after encoding.
 */
export function registerMessageRefs(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) =>
    wantsMessageRefs(request) ? withMessageRefs(payload) : payload,
  );
  app.setSerializerCompiler(
    (route: { schema: FastifySchema; method: string; url: string; httpStatus?: string }) => {
      const encode = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
      return (data: unknown) => {
        const json = encode(data);
        if (!isObject(data) || !('MessageId' in data || 'Texts' in data) || !json.endsWith('}')) return json;
        // Keys the route's schema declares (the error envelope's) are encoded already.
        const extra = REF_KEYS.filter((key) => data[key] !== undefined && !json.includes(`"${key}":`)).map(
          (key) => `${JSON.stringify(key)}:${JSON.stringify(data[key])}`,
        );
        if (!extra.length) return json;
        return json === '{}' ? `{${extra.join(',')}}` : `${json.slice(0, -1)},${extra.join(',')}}`;
      };
    },
  );
}
