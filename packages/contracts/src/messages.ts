/**
 * Messages the server makes (refusals, reasons, confirmations) are declared once, here and beside
 * their domain (`HOSTEL_MESSAGES`, `PAYMENT_MESSAGES`…). Each has an id (`<namespace>.<key>`) and an
 * English text that the envelope's `Message` carries word for word; a message with values is an ICU
 * template (`{date}`, `{n, plural, one {…} other {…}}`) whose values travel as data: amounts in kobo,
 * dates as ISO dates. The envelope sends `MessageId` and `MessageValues` beside `Message` (and a
 * `Texts` map for the declared texts in `Errors` and in `Data`'s reasons), and the web shows the
 * message from its own catalogue in the user's language (ADR 9).
 */

/** How a value is written into the English text, and how it travels. */
export type MessageValueKind = 'text' | 'number' | 'money' | 'date';
export type MessageValue = string | number;
export interface MessageParam<K extends MessageValueKind = MessageValueKind> {
  readonly name: string;
  readonly kind: K;
}
/** A declared message with values: call it for the English text. */
export type TemplateMessage<A extends readonly unknown[] = never[]> = ((...args: A) => string) & {
  readonly template: string;
  readonly params: readonly MessageParam[];
};
/** A message as the envelope carries it beside the English text. */
export interface MessageRef {
  Id: string;
  Values?: Record<string, MessageValue>;
  /** The values that are amounts (kobo) or days (ISO), which the reader writes in its locale. */
  Kinds?: Record<string, 'money' | 'date'>;
}

export const textArg = (name: string): MessageParam<'text'> => ({ name, kind: 'text' });
export const countArg = (name: string): MessageParam<'number'> => ({ name, kind: 'number' });
/** An amount: kobo in the values, '₦35,600.00' in the English text. */
export const moneyArg = (name: string): MessageParam<'money'> => ({ name, kind: 'money' });
/** A day: 'YYYY-MM-DD' in the values, '26 November 2026' in the English text (the day in Lagos). */
export const dayArg = (name: string): MessageParam<'date'> => ({ name, kind: 'date' });

type ArgOf<K> = K extends 'money' | 'number' ? number : K extends 'date' ? string | Date : string;
type ArgsOf<P extends readonly MessageParam[]> = { [I in keyof P]: ArgOf<P[I]['kind']> };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Kobo → '₦35,600.00', as every server text and document writes money. */
export function nairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(Math.round(kobo));
  const naira = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}₦${naira}.${String(abs % 100).padStart(2, '0')}`;
}

/** The institution's clock: Africa/Lagos, UTC+1 all year (the web's pages show days there too). */
const LAGOS_OFFSET_MS = 3_600_000;

/** The ISO day ('2026-11-26') of a date or ISO date-time, as the day is in Lagos. */
export function isoDay(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime())
    ? ''
    : new Date(date.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** '2026-11-26' → '26 November 2026'. */
export function longDayText(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return y && m && d ? `${d} ${MONTHS[m - 1]} ${y}` : '';
}

// ── The ICU subset the server writes: {name} and {name, plural, =N {…} one {…} other {…}} with #. ──

type Part = string | { name: string } | { name: string; branches: [string, Part[]][] };

function parse(template: string): Part[] {
  let at = 0;
  const parts = (inBranch: boolean): Part[] => {
    const out: Part[] = [];
    let literal = '';
    while (at < template.length) {
      const ch = template[at]!;
      if (ch === '}' && inBranch) break;
      if (ch === '{') {
        if (literal) out.push(literal);
        literal = '';
        const close = template.slice(at).search(/[,}]/) + at;
        const name = template.slice(at + 1, close).trim();
        at = close;
        if (template[at] === '}') {
          out.push({ name });
          at += 1;
          continue;
        }
        // ", plural," then selector {branch} pairs up to the closing brace.
        at = template.indexOf(',', at + 1) + 1;
        const branches: [string, Part[]][] = [];
        for (;;) {
          while (template[at] === ' ') at += 1;
          if (template[at] === '}') break;
          const open = template.indexOf('{', at);
          const selector = template.slice(at, open).trim();
          at = open + 1;
          branches.push([selector, parts(true)]);
          at += 1;
        }
        at += 1;
        out.push({ name, branches });
        continue;
      }
      literal += ch;
      at += 1;
    }
    if (literal) out.push(literal);
    return out;
  };
  return parts(false);
}

function englishValue(param: MessageParam, value: unknown): string {
  if (param.kind === 'money') return nairaText(Number(value));
  if (param.kind === 'date') return longDayText(isoDay(value as string | Date));
  return String(value);
}

function render(
  parts: Part[],
  values: Record<string, MessageValue>,
  english: Record<string, string>,
  n?: number,
): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return n === undefined ? part : part.replace(/#/g, String(n));
      if (!('branches' in part)) return english[part.name] ?? '';
      const value = Number(values[part.name]);
      const branch =
        part.branches.find(([s]) => s === `=${value}`) ??
        (value === 1 ? part.branches.find(([s]) => s === 'one') : undefined) ??
        part.branches.find(([s]) => s === 'other');
      return branch ? render(branch[1], values, english, value) : '';
    })
    .join('');
}

/** Declares a message with values: `template('Closed on {date}.', dayArg('date'))`. */
export function template<const P extends readonly MessageParam[]>(
  icu: string,
  ...params: P
): TemplateMessage<ArgsOf<P>> {
  const parts = parse(icu);
  const fn = (...args: unknown[]) => {
    const values: Record<string, MessageValue> = {};
    const english: Record<string, string> = {};
    params.forEach((param, i) => {
      values[param.name] = args[i] as MessageValue;
      english[param.name] = englishValue(param, args[i]);
    });
    return render(parts, values, english);
  };
  return Object.assign(fn, { template: icu, params }) as unknown as TemplateMessage<ArgsOf<P>>;
}

// ── From an English text back to its declaration ──

type Declared = string | TemplateMessage<never>;
export type MessageDeclarations = Record<string, Readonly<Record<string, Declared>>>;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERN: Record<MessageValueKind, string> = {
  text: '(.+?)',
  number: '(-?\\d+)',
  money: '(-?₦[\\d,]+\\.\\d\\d)',
  date: `(\\d{1,2} (?:${MONTHS.join('|')}) \\d{4})`,
};

function fromEnglish(kind: MessageValueKind, captured: string): MessageValue {
  if (kind === 'number') return Number(captured);
  if (kind === 'money') {
    const negative = captured.startsWith('-');
    const kobo = Number(captured.replace(/[^\d]/g, ''));
    return negative ? -kobo : kobo;
  }
  if (kind === 'date') {
    const [d, month, y] = captured.split(' ');
    const m = MONTHS.indexOf(month!) + 1;
    return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  }
  return captured;
}

interface Matcher {
  id: string;
  regex: RegExp;
  /** Which value each capture group holds; for a plural branch's #, the plural's own name. */
  groups: { name: string; kind: MessageValueKind }[];
  /** A fixed value a branch implies (`one {One student…}`: n = 1). */
  fixed: Record<string, number>;
  literalLength: number;
}

function matchers(id: string, message: TemplateMessage<never>): Matcher[] {
  const kinds = new Map(message.params.map((p) => [p.name, p.kind]));
  // Every combination of plural branches is one regular expression (messages have at most one plural).
  let variants: {
    source: string;
    groups: Matcher['groups'];
    fixed: Record<string, number>;
    literal: number;
  }[] = [{ source: '', groups: [], fixed: {}, literal: 0 }];
  const add = (parts: Part[], plural?: string) => {
    for (const part of parts) {
      if (typeof part === 'string') {
        const pieces = plural ? part.split('#') : [part];
        variants = variants.map((v) => {
          let source = v.source;
          const groups = [...v.groups];
          pieces.forEach((piece, i) => {
            if (i > 0) {
              source += PATTERN.number;
              groups.push({ name: plural!, kind: 'number' });
            }
            source += escape(piece);
          });
          return { ...v, source, groups, literal: v.literal + part.length };
        });
      } else if (!('branches' in part)) {
        const kind = kinds.get(part.name) ?? 'text';
        variants = variants.map((v) => ({
          ...v,
          source: v.source + PATTERN[kind],
          groups: [...v.groups, { name: part.name, kind }],
        }));
      } else {
        const before = variants;
        const next: typeof variants = [];
        for (const [selector, branch] of part.branches) {
          variants = before.map((v) => {
            const fixed = { ...v.fixed };
            const exact = /^=(\d+)$/.exec(selector);
            if (exact) fixed[part.name] = Number(exact[1]);
            else if (selector === 'one') fixed[part.name] = 1;
            return { ...v, fixed };
          });
          add(branch, part.name);
          next.push(...variants);
        }
        variants = next;
      }
    }
  };
  add(parse(message.template));
  return variants.map((v) => ({
    id,
    regex: new RegExp(`^${v.source}$`, 'u'),
    groups: v.groups,
    fixed: v.fixed,
    literalLength: v.literal,
  }));
}

/**
 * The index of declared messages, from their English text to their id and values. Fixed texts are
 * looked up at once; templates are tried most specific (longest literal text) first.
 */
export function messageIndex(declarations: MessageDeclarations) {
  const fixed = new Map<string, string>();
  const templates: Matcher[] = [];
  for (const [namespace, messages] of Object.entries(declarations)) {
    for (const [key, declared] of Object.entries(messages)) {
      const id = `${namespace}.${key}`;
      if (typeof declared === 'string') {
        if (!fixed.has(declared)) fixed.set(declared, id);
      } else templates.push(...matchers(id, declared));
    }
  }
  templates.sort((a, b) => b.literalLength - a.literalLength);
  return (english: string): MessageRef | undefined => {
    const id = fixed.get(english);
    if (id) return { Id: id };
    for (const m of templates) {
      const found = m.regex.exec(english);
      if (!found) continue;
      const values: Record<string, MessageValue> = { ...m.fixed };
      const kinds: Record<string, 'money' | 'date'> = {};
      m.groups.forEach((g, i) => {
        values[g.name] = fromEnglish(g.kind, found[i + 1]!);
        if (g.kind === 'money' || g.kind === 'date') kinds[g.name] = g.kind;
      });
      return Object.keys(kinds).length
        ? { Id: m.id, Values: values, Kinds: kinds }
        : { Id: m.id, Values: values };
    }
    return undefined;
  };
}

/** Every declared message by id, with its English ICU text: what the web's catalogues translate. */
export function englishCatalogue(declarations: MessageDeclarations): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [namespace, messages] of Object.entries(declarations))
    for (const [key, declared] of Object.entries(messages))
      out[`${namespace}.${key}`] = typeof declared === 'string' ? declared : declared.template;
  return out;
}
