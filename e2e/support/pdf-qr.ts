import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/**
 * The text of the QR code drawn in a PDF, decoded as a phone would: the portal draws each dark
 * module as a small square (`x y w h re`), so the squares of the most common size are the code;
 * they are laid on a bitmap (with a quiet zone) and read by jsQR. Throws when no code is found.
 */
export function decodePdfQr(pdf: Buffer): string {
  const squares = new Map<string, { x: number; y: number }[]>();
  for (const content of contentStreams(pdf)) {
    for (const m of content.matchAll(/(-?[\d.]+) (-?[\d.]+) ([\d.]+) ([\d.]+) re/g)) {
      const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
      if (Math.abs(w - h) > 0.001 || w > 10) continue;
      const key = w.toFixed(3);
      squares.set(key, [...(squares.get(key) ?? []), { x, y }]);
    }
  }
  const [size, cells] = [...squares].sort((a, b) => b[1].length - a[1].length)[0] ?? ['0', []];
  if (cells.length < 50) throw new Error('No QR code in this PDF.');
  const cell = Number(size) - 0.05;
  const minX = Math.min(...cells.map((c) => c.x));
  const minY = Math.min(...cells.map((c) => c.y));
  const modules = cells.map((c) => ({
    col: Math.round((c.x - minX) / cell),
    row: Math.round((c.y - minY) / cell),
  }));
  const count = Math.max(...modules.map((m) => Math.max(m.col, m.row))) + 1;
  const quiet = 4;
  const scale = 6;
  const side = (count + quiet * 2) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const { col, row } of modules) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const at = (((row + quiet) * scale + dy) * side + (col + quiet) * scale + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  const code = jsQR(pixels, side, side);
  if (!code) throw new Error('The QR code in this PDF could not be read.');
  return code.data;
}

/** Every content stream of the PDF, inflated when compressed. */
function contentStreams(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of source.matchAll(/<<((?:(?!>>)[\s\S])*?)>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) continue;
    const body = pdf.subarray(start, end);
    try {
      out.push((/FlateDecode/.test(m[1]!) ? inflateSync(body) : body).toString('latin1'));
    } catch {
      // Not a content stream we can read (an image or a font): skip it.
    }
  }
  return out;
}
