import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type QRCodeLib from 'qrcode';
import { isHexColour, nairaText, readableShade } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { readPdfText } from './pdf-text.js';
import { schoolLogoBytes, schoolParticulars, schoolStorageOf } from './school.js';

/**
 * The shared document toolkit: A4 documents with real, selectable text (application slips,
 * forms, receipts, letters). Build with PdfBuilder, then `await builder.toBuffer()`.
 *
 * Text is set in Noto Sans (regular and bold, SIL Open Font License, from the
 * @expo-google-fonts/noto-sans package), embedded as a subset of the glyphs a document uses, so
 * the naira sign and the Yoruba, Igbo and Hausa letters (ọ, ẹ, ṣ, ń, ƙ, ɗ and the tone marks)
 * print as written and can be copied out of the PDF.
 */

const require = createRequire(import.meta.url);

/**
 * pdfkit and qrcode are loaded with the first document, not with the application: most requests and
 * most test files never draw one, and pdfkit alone is a fifth of a second to load.
 */
let pdfkit: typeof PDFKitDocument | undefined;
const PDFDocumentClass = (): typeof PDFKitDocument => (pdfkit ??= require('pdfkit') as typeof PDFKitDocument);
let qrcode: typeof QRCodeLib | undefined;
const QRCode = (): typeof QRCodeLib => (qrcode ??= require('qrcode') as typeof QRCodeLib);

/** The font names documents use with `doc.font(…)`. */
export const FONTS = { regular: 'NotoSans-Regular', bold: 'NotoSans-Bold' } as const;
type Face = keyof typeof FONTS;

/** The TTF files, resolved through the package so the same code runs from src/ and dist/. */
const FONT_FILES: Record<Face, string> = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

/** The parts of a fontkit font (what pdfkit parses a font file into) this toolkit reads. */
interface ParsedFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): unknown;
  characterSet: number[];
  unitsPerEm: number;
  ascent: number;
  descent: number;
  capHeight: number;
}
/** pdfkit's embedded font: one per document, holding that document's glyph subset. */
interface EmbeddedFont {
  /** Shaped words by text (pdfkit lays text out word by word). */
  layoutCache?: Record<string, unknown>;
}
type EmbeddedFontClass = new (doc: PDFKit.PDFDocument, font: ParsedFont, id: string) => EmbeddedFont;
/** pdfkit's font state on a document (not in its public API; checked before use). */
interface PdfKitFontState {
  _font?: { font?: ParsedFont; constructor: EmbeddedFontClass };
  _fontFamilies?: Record<string, object>;
  _fontCount?: number;
}

/**
 * Shaped words shared by the documents of the process (labels, headings and letter paragraphs
 * repeat in every document, and shaping with GSUB and GPOS is most of the time a page takes).
 * A shaped word is the font's glyphs and their positions, which documents only read; each
 * document's embedded font still records its own subset and widths. Renewed every
 * LAYOUT_CACHE_DOCUMENTS documents so that names and references do not accumulate.
 */
const LAYOUT_CACHE_DOCUMENTS = 500;
const layoutCaches = {
  documents: 0,
  faces: { regular: Object.create(null), bold: Object.create(null) } as Record<Face, Record<string, unknown>>,
};

/** Vertical metrics as shares of the font size: where pdfkit puts the baseline, the caps' height. */
interface FontMetrics {
  ascender: number;
  descender: number;
  capHeight: number;
}

interface LoadedFonts {
  bytes: Record<Face, Buffer>;
  metrics: FontMetrics;
  /** Null when this pdfkit does not expose what sharing needs: each document parses the fonts. */
  parsed: { faces: Record<Face, ParsedFont>; EmbeddedFont: EmbeddedFontClass } | null;
}
let loaded: LoadedFonts | undefined;

/**
 * The font files, read once per process, and the fonts parsed once per process. pdfkit parses
 * a font afresh for every document that registers it (about 0.1 s each for Noto Sans: cmap,
 * GSUB and GPOS), so a scratch document lets pdfkit parse both faces once and every document
 * then gets its own embedded-font object (its own glyph subset) around the shared parse.
 *
 * fontkit remembers, per glyph, the characters it was first laid out for, and pdfkit's
 * ToUnicode map (what copying text out of the PDF gives) uses that. Shaping splits ọ, ẹ and ṣ
 * into a base letter and a dot below, so the glyphs are first looked up from the font's own
 * character map in code point order: o is then 'o' and the dot below U+0323, whatever text a
 * document happens to lay out first.
 */
function fonts(): LoadedFonts {
  if (loaded) return loaded;
  const bytes = { regular: readFileSync(FONT_FILES.regular), bold: readFileSync(FONT_FILES.bold) };
  const PDFDocument = PDFDocumentClass();
  const scratch = new PDFDocument({ autoFirstPage: false });
  const state = scratch as unknown as PdfKitFontState;
  const faces: Partial<Record<Face, ParsedFont>> = {};
  let EmbeddedFont: EmbeddedFontClass | undefined;
  for (const face of ['regular', 'bold'] as const) {
    scratch.registerFont(FONTS[face], bytes[face]).font(FONTS[face]);
    const font = state._font?.font;
    if (font?.characterSet && font.glyphForCodePoint) {
      for (const codePoint of [...font.characterSet].sort((a, b) => a - b)) {
        // Only characters that do not decompose: a ligature glyph (ﬀ) keeps the letters it joins.
        const ch = String.fromCodePoint(codePoint);
        if (ch.normalize('NFKD') === ch) font.glyphForCodePoint(codePoint);
      }
    }
    faces[face] = font;
    EmbeddedFont = state._font?.constructor;
  }
  const usable =
    faces.regular?.hasGlyphForCodePoint &&
    faces.bold?.hasGlyphForCodePoint &&
    EmbeddedFont &&
    typeof state._fontFamilies === 'object' &&
    typeof state._fontCount === 'number';
  const regular = faces.regular;
  loaded = {
    bytes,
    // Noto Sans: ascender 1069, descender 293, cap height 714 per 1000 units.
    metrics: regular?.unitsPerEm
      ? {
          ascender: regular.ascent / regular.unitsPerEm,
          descender: -regular.descent / regular.unitsPerEm,
          capHeight: regular.capHeight / regular.unitsPerEm,
        }
      : { ascender: 1.069, descender: 0.293, capHeight: 0.714 },
    parsed: usable ? { faces: faces as Record<Face, ParsedFont>, EmbeddedFont: EmbeddedFont! } : null,
  };
  return loaded;
}

/** Registers both faces on a new document (sharing the parsed fonts) and selects the regular one. */
function useFonts(doc: PDFKit.PDFDocument): void {
  const { bytes, parsed } = fonts();
  const state = doc as unknown as PdfKitFontState;
  layoutCaches.documents += 1;
  if (layoutCaches.documents % LAYOUT_CACHE_DOCUMENTS === 0) {
    layoutCaches.faces = { regular: Object.create(null), bold: Object.create(null) };
  }
  for (const face of ['regular', 'bold'] as const) {
    doc.registerFont(FONTS[face], bytes[face]);
    if (parsed && state._fontFamilies && typeof state._fontCount === 'number') {
      state._fontCount += 1;
      const font = new parsed.EmbeddedFont(doc, parsed.faces[face], `F${state._fontCount}`);
      if (font.layoutCache) font.layoutCache = layoutCaches.faces[face];
      state._fontFamilies[FONTS[face]] = font;
    }
  }
  doc.font(FONTS.regular);
}

export interface Institution {
  name: string;
  shortName: string;
  address: string;
  /** Contacts printed under the address (empty: not printed). */
  email?: string;
  phone?: string;
  /** The school's logo (PNG or JPEG bytes), drawn in the header instead of the monogram. */
  logo?: Buffer | null;
  /** The school's primary colour (#rrggbb): the header's rule and title, the tables' heads. */
  accent?: string;
}

/**
 * The institution as documents head it: the school's particulars (platform/school.ts) and its logo,
 * read through the storage the app registered for `db` (none through a transaction).
 */
export async function loadInstitution(db: Pick<Db, 'select'>): Promise<Institution> {
  const school = await schoolParticulars(db);
  const storage = schoolStorageOf(db);
  return {
    name: school.name,
    shortName: school.shortName,
    address: school.address,
    email: school.email,
    phone: school.phone,
    logo: storage ? await schoolLogoBytes(storage, school.logo) : null,
    accent: school.primaryColour,
  };
}

/**
 * Text for a document: NFC (so ọ́ uses the font's precomposed ọ and a combining acute), line
 * breaks normalised, and any character the font cannot draw folded to its base letter (or
 * '?'), so nothing prints as an empty box.
 */
export function pdfText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).normalize('NFC').replace(/\r\n?/g, '\n');
  const face = fonts().parsed?.faces.regular;
  if (!face) return text;
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code === 10 || face.hasGlyphForCodePoint(code)) {
      out += ch;
      continue;
    }
    const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    if (folded.length === 0) continue;
    out += [...folded].every((c) => face.hasGlyphForCodePoint(c.codePointAt(0)!)) ? folded : '?';
  }
  return out;
}

/** Naira from kobo, for documents (money stays in kobo until here): '₦45,000.00'. */
export function formatNaira(kobo: number): string {
  return nairaText(kobo);
}

/** 2025-01-25 → 25 January 2025 (UTC). */
export function formatLongDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface PdfOptions {
  title: string;
  layout?: 'portrait' | 'landscape';
  subject?: string;
  author?: string;
  /** Margins in points (1/72 inch). Default 36 (half an inch). */
  margin?: number;
  /** Compress content streams (default true). */
  compress?: boolean;
  /** A footer on every page: text on the left, 'Page n of m' on the right. */
  footer?: string | false;
}

export interface TableColumn {
  header: string;
  /** A share of the table's width (all shares are scaled to fill it). */
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface TableOptions {
  columns: TableColumn[];
  rows: (string | number | null | undefined)[][];
  x?: number;
  width?: number;
  fontSize?: number;
  /** Shown as a single row when there are no rows. */
  emptyText?: string;
  zebra?: boolean;
  /** Bold last row (totals). */
  boldLastRow?: boolean;
  /** Body rows at least this tall (room to write in a form). */
  minRowHeight?: number;
}

interface TableRow {
  cells: string[];
  kind: 'header' | 'body' | 'bold';
}

export interface KeyValueOptions {
  x?: number;
  width?: number;
  /** Pairs are laid out in this many columns, row by row (default 2). */
  columns?: number;
  fontSize?: number;
  /** Share of each column used by the label (default 0.4). */
  labelShare?: number;
  /** Shown for an empty value (default '-'; '' leaves room to write in). */
  emptyValue?: string;
  /** Rows at least this tall, labels on the rule: a form to fill in. */
  minRowHeight?: number;
}

const COLORS = {
  text: '#111111',
  muted: '#555555',
  rule: '#999999',
  headerFill: '#1f3a5f',
  headerText: '#ffffff',
  zebra: '#f1f4f8',
  sectionFill: '#e6ecf3',
  avatarFill: '#d9dee5',
  avatarShape: '#9aa4b1',
};

/**
 * Lines are set this much (a share of the font size) closer than Noto Sans's own line height
 * of 1.36 em, which is airy for forms and tables: 1.24 em.
 */
const LEADING_TIGHTEN = 0.12;

/** A4 document builder. Coordinates are in points; `y` tracks the cursor. */
export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly footer: string | false;
  /** The documents' accent: the school's primary colour once the header has been drawn. */
  private accent: string = COLORS.headerFill;

  constructor(options: PdfOptions) {
    const margin = options.margin ?? 36;
    this.footer = options.footer ?? false;
    const PDFDocument = PDFDocumentClass();
    this.doc = new PDFDocument({
      // No standard font: pdfkit would load Helvetica's metrics only for useFonts to replace it.
      font: null as unknown as string,
      size: 'A4',
      layout: options.layout ?? 'portrait',
      margin,
      compress: options.compress ?? true,
      bufferPages: true,
      info: {
        Title: pdfText(options.title),
        ...(options.subject ? { Subject: pdfText(options.subject) } : {}),
        ...(options.author ? { Author: pdfText(options.author) } : {}),
        Producer: 'School portal',
        Creator: 'School portal',
      },
    });
    this.done = new Promise<Buffer>((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    useFonts(this.doc);
    this.use('regular', 10).fillColor(COLORS.text);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get right(): number {
    return this.doc.page.width - this.doc.page.margins.right;
  }
  get width(): number {
    return this.right - this.left;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }
  get y(): number {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }

  /** Selects a face and size, with the line gap that goes with the size. */
  private use(face: Face, size: number): PDFKit.PDFDocument {
    return this.doc
      .font(FONTS[face])
      .fontSize(size)
      .lineGap(-LEADING_TIGHTEN * size);
  }

  /** The y to draw one line at `size` so that its capitals sit in the middle of a band. */
  private middleY(top: number, height: number, size: number): number {
    const { ascender, capHeight } = fonts().metrics;
    return top + height / 2 + (capHeight * size) / 2 - ascender * size;
  }

  /**
   * How far below the middle of its line box a line's capitals sit (the font's ascender leaves
   * more room above them than the descender below); text in a padded cell is raised by this.
   */
  private lift(size: number): number {
    const { ascender, descender, capHeight } = fonts().metrics;
    return (ascender - capHeight / 2) * size - ((ascender + descender - LEADING_TIGHTEN) * size) / 2;
  }

  /** `text` shortened with an ellipsis to fit `width` in the current font. */
  private fit(text: string, width: number): string {
    if (this.doc.widthOfString(text) <= width) return text;
    let end = text.length;
    while (end > 0 && this.doc.widthOfString(`${text.slice(0, end)}…`) > width) end -= 1;
    return `${text.slice(0, end)}…`;
  }

  /** Starts a new page when less than `height` points remain. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) {
      this.doc.addPage();
      this.doc.y = this.doc.page.margins.top;
    }
  }

  moveDown(points = 8): this {
    this.doc.y += points;
    return this;
  }

  /**
   * The institution's heading: a monogram, the name and address centred, a rule, then the
   * document's title (and an optional subtitle line).
   */
  header(institution: Institution, title: string, subtitle?: string): this {
    const { doc } = this;
    // The school's colour, darkened until white text on it (and it as text on white) reads at 4.5:1.
    if (institution.accent && isHexColour(institution.accent))
      this.accent = readableShade(institution.accent, '#ffffff');
    const top = doc.page.margins.top;
    const radius = 22;
    const cx = this.left + radius;
    const cy = top + radius;
    if (!this.logo(institution.logo, { x: this.left, y: top, width: radius * 2, height: radius * 2 })) {
      doc.save().circle(cx, cy, radius).fill(this.accent).restore();
      const monogram = pdfText(institution.shortName || institution.name.slice(0, 3)).slice(0, 4);
      const monogramSize = monogram.length > 3 ? 10 : 12;
      this.use('bold', monogramSize).fillColor(COLORS.headerText);
      doc.text(monogram, cx - radius, this.middleY(cy - radius, radius * 2, monogramSize), {
        width: radius * 2,
        align: 'center',
        lineBreak: false,
      });
    }
    doc.fillColor(COLORS.text);

    const textX = this.left + radius * 2 + 8;
    const textWidth = this.width - (radius * 2 + 8) * 2;
    this.use('bold', 16).text(pdfText(institution.name).toUpperCase(), textX, top + 2, {
      width: textWidth,
      align: 'center',
    });
    const contacts = [institution.email, institution.phone].filter(Boolean).join('  ·  ');
    for (const line of [institution.address, contacts]) {
      if (!line) continue;
      this.use('regular', 9).fillColor(COLORS.muted);
      doc.text(pdfText(line), textX, doc.y + 2, { width: textWidth, align: 'center' });
      doc.fillColor(COLORS.text);
    }
    const ruleY = Math.max(doc.y, top + radius * 2) + 6;
    doc
      .save()
      .moveTo(this.left, ruleY)
      .lineTo(this.right, ruleY)
      .lineWidth(1.2)
      .strokeColor(this.accent)
      .stroke()
      .restore();
    this.use('bold', 13).fillColor(this.accent);
    doc.text(pdfText(title), this.left, ruleY + 8, { width: this.width, align: 'center' });
    doc.fillColor(COLORS.text);
    if (subtitle) {
      this.use('regular', 10).fillColor(COLORS.muted);
      doc.text(pdfText(subtitle), this.left, doc.y + 2, { width: this.width, align: 'center' });
      doc.fillColor(COLORS.text);
    }
    this.use('regular', 10);
    doc.y += 10;
    return this;
  }

  /** The school's logo fitted into a box; false (nothing drawn) without one or when pdfkit cannot read it. */
  private logo(
    image: Buffer | null | undefined,
    box: { x: number; y: number; width: number; height: number },
  ): boolean {
    if (!image || image.length === 0) return false;
    try {
      this.doc.image(image, box.x, box.y, {
        fit: [box.width, box.height],
        align: 'center',
        valign: 'center',
      });
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A shaded section heading across the width, with a little air above it after other content.
   * It moves to a new page with what follows: at least a line, or `keepWith` points (the height
   * of the section, see tableHeight) when the section fits on a page.
   */
  heading(text: string, options: { x?: number; width?: number; keepWith?: number } = {}): this {
    const x = options.x ?? this.left;
    const width = options.width ?? this.width;
    const band = 18;
    const above = 4;
    const section = band + 6 + (options.keepWith ?? 24);
    const pageRoom = this.bottom - this.doc.page.margins.top;
    this.ensureSpace(above + (section <= pageRoom ? section : band + 30));
    if (this.doc.y > this.doc.page.margins.top) this.doc.y += above;
    const y = this.doc.y;
    this.doc.save().rect(x, y, width, band).fill(COLORS.sectionFill).restore();
    this.use('bold', 10).fillColor(COLORS.text);
    this.doc.text(this.fit(pdfText(text), width - 12), x + 6, this.middleY(y, band, 10), {
      width: width - 12,
      lineBreak: false,
    });
    this.use('regular', 10);
    this.doc.x = this.left;
    this.doc.y = y + band + 6;
    return this;
  }

  /** Flowing text across the width (or a given box). */
  paragraph(
    text: string,
    options: {
      x?: number;
      width?: number;
      fontSize?: number;
      bold?: boolean;
      align?: 'left' | 'center' | 'right' | 'justify';
      color?: string;
    } = {},
  ): this {
    const x = options.x ?? this.left;
    const width = options.width ?? this.right - x;
    this.use(options.bold ? 'bold' : 'regular', options.fontSize ?? 10);
    const height = this.doc.heightOfString(pdfText(text), { width });
    this.ensureSpace(Math.min(height, 200));
    this.doc.fillColor(options.color ?? COLORS.text);
    this.doc.text(pdfText(text), x, this.doc.y, { width, align: options.align ?? 'left' });
    this.doc.fillColor(COLORS.text);
    this.use('regular', 10);
    this.doc.x = this.left;
    return this;
  }

  /** A numbered list with hanging indents: wrapped lines start under the text, not the number. */
  numberedList(
    items: readonly string[],
    options: { x?: number; fontSize?: number; gap?: number } = {},
  ): this {
    const x = options.x ?? this.left;
    const size = options.fontSize ?? 10;
    const indent = size * 2;
    const width = this.right - x - indent;
    items.forEach((item, i) => {
      this.use('regular', size);
      const text = pdfText(item);
      this.ensureSpace(Math.min(this.doc.heightOfString(text, { width }), 60));
      const y = this.doc.y;
      this.doc.text(`${i + 1}.`, x, y, { width: indent - 5, align: 'right', lineBreak: false });
      this.doc.text(text, x + indent, y, { width });
      this.doc.y += options.gap ?? 3;
    });
    this.use('regular', 10);
    this.doc.x = this.left;
    return this;
  }

  /**
   * Label–value pairs in a grid (`columns` pairs per row), labels bold. Returns the y below
   * the block. Values wrap within their cell.
   */
  keyValues(pairs: readonly (readonly [string, unknown])[], options: KeyValueOptions = {}): number {
    const { doc } = this;
    const x = options.x ?? this.left;
    const width = options.width ?? this.right - x;
    const columns = Math.max(1, options.columns ?? 2);
    const fontSize = options.fontSize ?? 10;
    const emptyValue = options.emptyValue ?? '-';
    const cellWidth = width / columns;
    const labelWidth = cellWidth * (options.labelShare ?? 0.4);
    const valueWidth = cellWidth - labelWidth - 8;
    for (let i = 0; i < pairs.length; i += columns) {
      const row = pairs.slice(i, i + columns);
      let contentHeight = 0;
      for (const [label, value] of row) {
        this.use('bold', fontSize);
        const lh = doc.heightOfString(`${pdfText(label)}:`, { width: labelWidth - 4 });
        this.use('regular', fontSize);
        const vh = doc.heightOfString(pdfText(value) || emptyValue || ' ', { width: valueWidth });
        contentHeight = Math.max(contentHeight, lh, vh);
      }
      const rowHeight = Math.max(contentHeight + 6, options.minRowHeight ?? 0);
      this.ensureSpace(rowHeight);
      const y = doc.y;
      // In a taller (fill-in) row the labels sit on the rule, where the writing goes.
      const textY = y + rowHeight - 6 - contentHeight;
      row.forEach(([label, value], column) => {
        const cx = x + column * cellWidth;
        this.use('bold', fontSize).fillColor(COLORS.muted);
        doc.text(`${pdfText(label)}:`, cx, textY, { width: labelWidth - 4 });
        this.use('regular', fontSize).fillColor(COLORS.text);
        doc.text(pdfText(value) || emptyValue, cx + labelWidth, textY, { width: valueWidth });
      });
      doc
        .save()
        .moveTo(x, y + rowHeight - 3)
        .lineTo(x + width, y + rowHeight - 3)
        .lineWidth(0.3)
        .strokeColor(options.minRowHeight ? COLORS.rule : '#dddddd')
        .stroke()
        .restore();
      doc.y = y + rowHeight;
    }
    doc.x = this.left;
    this.use('regular', 10);
    return doc.y;
  }

  /** The cells, widths and row heights of a table, as `table` draws it. */
  private layoutTable(options: TableOptions) {
    const x = options.x ?? this.left;
    const width = options.width ?? this.right - x;
    const fontSize = options.fontSize ?? 9;
    const padding = 4;
    const totalShare = options.columns.reduce((sum, c) => sum + c.width, 0);
    const widths = options.columns.map((c) => (c.width / totalShare) * width);
    const header: TableRow = { cells: options.columns.map((c) => pdfText(c.header)), kind: 'header' };
    const body: TableRow[] = options.rows.map((row, index) => ({
      cells: row.map((cell) => pdfText(cell)),
      kind: options.boldLastRow && index === options.rows.length - 1 ? 'bold' : 'body',
    }));
    if (body.length === 0 && options.emptyText) {
      body.push({
        cells: [pdfText(options.emptyText), ...options.columns.slice(1).map(() => '')],
        kind: 'body',
      });
    }
    const heightOf = ({ cells, kind }: TableRow) => {
      this.use(kind === 'body' ? 'regular' : 'bold', fontSize);
      const content = Math.max(
        ...cells.map((cell, i) => this.doc.heightOfString(cell || ' ', { width: widths[i]! - padding * 2 })),
      );
      return Math.max(content + padding * 2, kind === 'header' ? 0 : (options.minRowHeight ?? 0));
    };
    const headerHeight = heightOf(header);
    const heights = body.map(heightOf);
    const total = headerHeight + heights.reduce((sum, h) => sum + h, 0);
    return { x, width, widths, fontSize, padding, header, body, headerHeight, heights, total };
  }

  /** The height `table(options)` takes on one page (with the space after it). */
  tableHeight(options: TableOptions): number {
    const height = this.layoutTable(options).total + 6;
    this.use('regular', 10);
    return height;
  }

  /** A table with a shaded header row; rows wrap, and the header repeats after a page break. */
  table(options: TableOptions): this {
    const { doc } = this;
    const { x, width, widths, fontSize, padding, header, body, headerHeight, heights } =
      this.layoutTable(options);
    const lift = this.lift(fontSize);
    const drawRow = ({ cells, kind }: TableRow, index: number, height: number) => {
      const y = doc.y;
      if (kind === 'header') doc.save().rect(x, y, width, height).fill(this.accent).restore();
      else if (options.zebra !== false && index % 2 === 1)
        doc.save().rect(x, y, width, height).fill(COLORS.zebra).restore();
      this.use(kind === 'body' ? 'regular' : 'bold', fontSize);
      doc.fillColor(kind === 'header' ? COLORS.headerText : COLORS.text);
      let cx = x;
      cells.forEach((cell, i) => {
        doc.text(cell, cx + padding, y + padding - lift, {
          width: widths[i]! - padding * 2,
          align: options.columns[i]!.align ?? 'left',
        });
        cx += widths[i]!;
      });
      doc.save().rect(x, y, width, height).lineWidth(0.4).strokeColor(COLORS.rule).stroke().restore();
      doc.fillColor(COLORS.text);
      doc.y = y + height;
    };

    // The header never ends a page on its own.
    this.ensureSpace(headerHeight + (heights[0] ?? 0));
    drawRow(header, -1, headerHeight);
    body.forEach((row, index) => {
      if (doc.y + heights[index]! > this.bottom) {
        doc.addPage();
        doc.y = doc.page.margins.top;
        drawRow(header, -1, headerHeight);
      }
      drawRow(row, index, heights[index]!);
    });
    doc.x = this.left;
    this.use('regular', 10);
    doc.y += 6;
    return this;
  }

  /**
   * A photograph fitted into a box with a thin frame; without one (or when the bytes are not
   * an image pdfkit can read) a drawn default avatar.
   */
  photo(
    image: Buffer | null | undefined,
    box: { x: number; y: number; width: number; height: number },
  ): this {
    const { doc } = this;
    let drawn = false;
    if (image && image.length > 0) {
      try {
        doc.image(image, box.x, box.y, { fit: [box.width, box.height], align: 'center', valign: 'center' });
        drawn = true;
      } catch {
        drawn = false;
      }
    }
    if (!drawn) this.avatar(box);
    doc
      .save()
      .rect(box.x, box.y, box.width, box.height)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke()
      .restore();
    return this;
  }

  /** The default avatar: a head and shoulders on grey. */
  avatar(box: { x: number; y: number; width: number; height: number }): this {
    const { doc } = this;
    const { x, y, width, height } = box;
    const cx = x + width / 2;
    doc.save();
    doc.rect(x, y, width, height).fill(COLORS.avatarFill);
    const head = Math.min(width, height) * 0.2;
    doc.circle(cx, y + height * 0.38, head).fill(COLORS.avatarShape);
    const shoulderTop = y + height * 0.62;
    doc
      .moveTo(x + width * 0.15, y + height)
      .bezierCurveTo(
        x + width * 0.15,
        shoulderTop,
        x + width * 0.85,
        shoulderTop,
        x + width * 0.85,
        y + height,
      )
      .closePath()
      .fill(COLORS.avatarShape);
    doc.restore();
    return this;
  }

  /**
   * A QR code for a URL, drawn as vector squares (crisp at any zoom, no image embedded), with an
   * optional caption under it. Drawn in its box: the cursor does not move.
   */
  qrCode(text: string, box: { x: number; y: number; size: number }, caption?: string): this {
    const { doc } = this;
    const cursor = { x: doc.x, y: doc.y };
    const qr = QRCode().create(text, { errorCorrectionLevel: 'M' });
    const count = qr.modules.size;
    const quiet = 2;
    const cell = box.size / (count + quiet * 2);
    doc.save();
    doc.rect(box.x, box.y, box.size, box.size).fill('#ffffff');
    for (let row = 0; row < count; row += 1) {
      for (let col = 0; col < count; col += 1) {
        if (qr.modules.get(row, col)) {
          doc.rect(box.x + (col + quiet) * cell, box.y + (row + quiet) * cell, cell + 0.05, cell + 0.05);
        }
      }
    }
    doc.fill('#000000');
    doc.restore();
    if (caption) {
      this.use('regular', 7).fillColor(COLORS.muted);
      doc.text(pdfText(caption), box.x - 20, box.y + box.size + 2, { width: box.size + 40, align: 'center' });
      doc.fillColor(COLORS.text);
      this.use('regular', 10);
    }
    doc.x = cursor.x;
    doc.y = cursor.y;
    return this;
  }

  /** A signature line with a caption under it; the cursor ends below the caption. */
  signatureLine(caption: string, options: { x?: number; width?: number } = {}): this {
    const x = options.x ?? this.left;
    const width = options.width ?? 180;
    this.ensureSpace(44);
    const y = this.doc.y + 24;
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(COLORS.text)
      .stroke()
      .restore();
    this.use('regular', 9).text(pdfText(caption), x, y + 3, { width, align: 'center' });
    this.use('regular', 10);
    this.doc.x = this.left;
    return this;
  }

  /**
   * The foot of a verifiable document: signature lines from the left (each `width` wide, 30 apart)
   * and, on the right at the same level, the QR code of its verification link with a caption.
   */
  signedWithQr(
    captions: readonly string[],
    verifyUrl: string,
    qrCaption: string,
    options: { width?: number; size?: number } = {},
  ): this {
    const width = options.width ?? 150;
    const size = options.size ?? 90;
    this.ensureSpace(size + 30);
    const top = this.y;
    captions.forEach((caption, i) => {
      this.y = top;
      this.signatureLine(caption, { x: this.left + i * (width + 30), width });
    });
    this.qrCode(verifyUrl, { x: this.right - size, y: top, size }, qrCaption);
    this.y = Math.max(this.y, top + size + 20);
    return this;
  }

  /** Signature lines side by side on one level, spread across the width. */
  signatures(captions: readonly string[], options: { width?: number } = {}): this {
    const gap = 24;
    const width =
      options.width ?? Math.min(220, (this.width - gap * (captions.length - 1)) / captions.length);
    this.ensureSpace(44);
    const y = this.doc.y;
    let below = y;
    captions.forEach((caption, i) => {
      const x =
        captions.length === 1 ? this.left : this.left + (i * (this.width - width)) / (captions.length - 1);
      this.doc.y = y;
      this.signatureLine(caption, { x, width });
      below = Math.max(below, this.doc.y);
    });
    this.doc.y = below;
    return this;
  }

  /**
   * Finishes the document and returns its bytes. With a footer, every page gets one line: the
   * footer text on the left (smaller, then shortened, when long), the time generated and
   * 'Page n of m' on the right.
   */
  async toBuffer(): Promise<Buffer> {
    if (this.footer !== false) {
      const range = this.doc.bufferedPageRange();
      const generated = `Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      for (let i = range.start; i < range.start + range.count; i += 1) {
        this.doc.switchToPage(i);
        const bottomMargin = this.doc.page.margins.bottom;
        this.doc.page.margins.bottom = 0;
        const y = this.doc.page.height - bottomMargin + 10;
        const right = `${generated}  ·  Page ${i - range.start + 1} of ${range.count}`;
        this.use('regular', 7.5).fillColor(COLORS.muted);
        const rightWidth = this.doc.widthOfString(right) + 1;
        this.doc.text(right, this.right - rightWidth, y, {
          width: rightWidth,
          align: 'right',
          lineBreak: false,
        });
        if (this.footer) {
          const room = this.width - rightWidth - 18;
          const text = pdfText(this.footer);
          let size = 7.5;
          while (size > 6 && this.use('regular', size).widthOfString(text) > room) size -= 0.5;
          this.doc.text(this.fit(text, room), this.left, y + (7.5 - size) * 0.8, {
            width: room + 1,
            lineBreak: false,
          });
        }
        this.doc.page.margins.bottom = bottomMargin;
      }
    }
    this.doc.end();
    return this.done;
  }
}

/** A new A4 document. */
export function createPdf(options: PdfOptions): PdfBuilder {
  return new PdfBuilder(options);
}

/**
 * The text drawn in a PDF this toolkit made, one drawn line per line (see readPdfText). For
 * tests and checks of our own documents, not a general PDF reader.
 */
export async function pdfTextContent(pdf: Buffer): Promise<string> {
  return readPdfText(pdf);
}
