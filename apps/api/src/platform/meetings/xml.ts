/**
 * A small XML reader for the meeting engine's answers: elements, attributes, text and CDATA; no
 * DTDs, entities beyond the five predefined ones and numeric references, or processing. Anything
 * else — a truncated answer, a mismatched tag, an HTML error page — throws `XmlError`, which the
 * adapter turns into an engine error (never a 5xx of ours).
 */

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (CDATA included), trimmed. */
  text: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref] ?? whole;
  });
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const MAX_DEPTH = 64;

/** Parses one XML document into its root element. */
export function parseXml(input: string): XmlElement {
  let i = 0;
  const text = input.replace(/^\uFEFF/, '');
  const stack: { el: XmlElement; raw: string[] }[] = [];
  let root: XmlElement | null = null;

  const fail = (why: string): never => {
    throw new XmlError(`${why} at offset ${i}`);
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) {
      if (text.slice(i).trim()) {
        if (!stack.length) fail('text outside the root element');
        stack.at(-1)!.raw.push(decode(text.slice(i)));
      }
      break;
    }
    if (lt > i) {
      const chunk = text.slice(i, lt);
      if (stack.length) stack.at(-1)!.raw.push(decode(chunk));
      else if (chunk.trim()) fail('text outside the root element');
    }
    i = lt;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i);
      if (end < 0) fail('unterminated declaration');
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i);
      if (end < 0) fail('unterminated comment');
      i = end + 3;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i);
      if (end < 0) fail('unterminated CDATA');
      if (!stack.length) fail('CDATA outside the root element');
      stack.at(-1)!.raw.push(text.slice(i + 9, end));
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      fail('document type declarations are not read');
    } else if (text.startsWith('</', i)) {
      const end = text.indexOf('>', i);
      if (end < 0) fail('unterminated end tag');
      const name = text.slice(i + 2, end).trim();
      const open = stack.pop();
      if (!open || open.el.name !== name) fail(`unexpected </${name}>`);
      open!.el.text = open!.raw.join('').trim();
      i = end + 1;
    } else {
      i += 1;
      const match = NAME.exec(text.slice(i));
      if (!match) fail('bad tag name');
      const name = match![0];
      i += name.length;
      const attributes: Record<string, string> = {};
      let selfClosing = false;
      for (;;) {
        while (/\s/.test(text[i] ?? '')) i += 1;
        if (i >= text.length) fail('unterminated tag');
        if (text.startsWith('/>', i)) {
          selfClosing = true;
          i += 2;
          break;
        }
        if (text[i] === '>') {
          i += 1;
          break;
        }
        const attr = NAME.exec(text.slice(i));
        if (!attr) fail('bad attribute');
        i += attr![0].length;
        while (/\s/.test(text[i] ?? '')) i += 1;
        if (text[i] !== '=') fail('attribute without a value');
        i += 1;
        while (/\s/.test(text[i] ?? '')) i += 1;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") fail('unquoted attribute');
        const close = text.indexOf(quote!, i + 1);
        if (close < 0) fail('unterminated attribute');
        attributes[attr![0]] = decode(text.slice(i + 1, close));
        i = close + 1;
      }
      const el: XmlElement = { name, attributes, children: [], text: '' };
      if (stack.length) stack.at(-1)!.el.children.push(el);
      else if (root) fail('a second root element');
      else root = el;
      if (!selfClosing) {
        if (stack.length >= MAX_DEPTH) fail('nested too deep');
        stack.push({ el, raw: [] });
      }
    }
  }
  if (stack.length) throw new XmlError(`<${stack.at(-1)!.el.name}> is not closed`);
  if (!root) throw new XmlError('no element');
  return root;
}

/** The first child element of that name. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** The children of that name. */
export function children(el: XmlElement | undefined, name: string): XmlElement[] {
  return el?.children.filter((c) => c.name === name) ?? [];
}

/** The text of the first child of that name ('' when absent). */
export function childText(el: XmlElement | undefined, name: string): string {
  return child(el, name)?.text ?? '';
}
