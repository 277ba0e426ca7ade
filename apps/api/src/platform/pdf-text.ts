import { inflateSync } from 'node:zlib';

/**
 * The text drawn in a PDF this toolkit made (pdfkit), for tests and checks of our own
 * documents; not a general PDF reader. No dependencies beyond node:zlib, so the end-to-end
 * tests can use it too.
 *
 * pdfkit writes text as hex strings in TJ arrays. With an embedded font those are glyph ids
 * (four hex digits each) that the font's ToUnicode CMap maps back to characters; with a
 * standard font they are WinAnsi bytes. Each BT … ET block (one drawn line) becomes one line of
 * the result, page after page, in NFC.
 */
export function readPdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const cmaps = fontCmaps(pdf, source);
  const lines: string[] = [];
  for (const { dict, body } of streams(pdf, source)) {
    if (/\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)|\/Length1\b/.test(dict)) continue;
    const content = body.toString('latin1');
    if (!/\bTJ\b/.test(content)) continue;
    let cmap: Map<number, string> | undefined;
    let line: string | null = null;
    for (const token of content.matchAll(
      /\/([A-Za-z0-9_.+-]+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|\bBT\b|\bET\b/g,
    )) {
      if (token[1] !== undefined) cmap = cmaps.get(token[1]);
      else if (token[2] !== undefined) {
        for (const piece of token[2].matchAll(/<([0-9a-fA-F\s]*)>/g)) {
          line = (line ?? '') + decodeHex(piece[1]!.replace(/\s+/g, ''), cmap);
        }
      } else if (token[0] === 'BT') line = '';
      else if (line !== null) {
        lines.push(line);
        line = null;
      }
    }
    if (line) lines.push(line);
  }
  return lines.join('\n').normalize('NFC');
}

function decodeHex(hex: string, cmap: Map<number, string> | undefined): string {
  if (!cmap) return Buffer.from(hex, 'hex').toString('latin1');
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '\uFFFD';
  return out;
}

/** Every stream of the file: its dictionary and its (inflated) bytes. */
function* streams(pdf: Buffer, source: string): Generator<{ dict: string; body: Buffer }> {
  const pattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) return;
    pattern.lastIndex = end;
    const dict = match[1]!;
    const raw = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        yield { dict, body: inflateSync(raw) };
      } catch {
        continue;
      }
    } else if (!/\/Filter/.test(dict)) yield { dict, body: raw };
  }
}

/** The stream of object `id` (inflated), or null. */
function objectStream(pdf: Buffer, source: string, id: string): Buffer | null {
  const header = new RegExp(`(?:^|[\\r\\n])${id} 0 obj\\s*<<([^]*?)>>\\s*stream\\r?\\n`).exec(source);
  if (!header) return null;
  const start = header.index + header[0].length;
  const end = source.indexOf('endstream', start);
  if (end < 0) return null;
  const raw = pdf.subarray(start, end);
  try {
    return /\/FlateDecode/.test(header[1]!) ? inflateSync(raw) : raw;
  } catch {
    return null;
  }
}

/** Font resource name (F1, F2 …) → glyph id → text, for the fonts that carry a ToUnicode CMap. */
function fontCmaps(pdf: Buffer, source: string): Map<string, Map<number, string>> {
  const result = new Map<string, Map<number, string>>();
  for (const resources of source.matchAll(/\/Font\s*<<([^<>]*)>>/g)) {
    for (const [, name, id] of resources[1]!.matchAll(/\/([A-Za-z0-9_.+-]+)\s+(\d+)\s+0\s+R/g)) {
      if (result.has(name!)) continue;
      const start = source.search(new RegExp(`(?:^|[\\r\\n])${id} 0 obj\\b`));
      if (start < 0) continue;
      const object = source.slice(start, source.indexOf('endobj', start));
      const toUnicode = /\/ToUnicode\s+(\d+)\s+0\s+R/.exec(object);
      const cmap = toUnicode ? objectStream(pdf, source, toUnicode[1]!) : null;
      if (cmap) result.set(name!, parseCmap(cmap.toString('latin1')));
    }
  }
  return result;
}

const utf16 = (hex: string) => {
  const units: number[] = [];
  const digits = hex.replace(/\s+/g, '');
  for (let i = 0; i + 4 <= digits.length; i += 4) units.push(parseInt(digits.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

/** bfchar and bfrange entries (both the array and the incrementing form) of a ToUnicode CMap. */
function parseCmap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, from, to, array, single] of block[1]!.matchAll(
      /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(?:\[([^\]]*)\]|<([0-9a-fA-F\s]+)>)/g,
    )) {
      const start = parseInt(from!, 16);
      const end = parseInt(to!, 16);
      if (array !== undefined) {
        [...array.matchAll(/<([0-9a-fA-F\s]*)>/g)].forEach((m, i) => map.set(start + i, utf16(m[1]!)));
      } else {
        const first = parseInt(single!.replace(/\s+/g, ''), 16);
        for (let code = start; code <= end; code += 1)
          map.set(code, String.fromCharCode(first + code - start));
      }
    }
  }
  for (const block of text.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, value] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F\s]+)>/g)) {
      map.set(parseInt(code!, 16), utf16(value!));
    }
  }
  return map;
}
