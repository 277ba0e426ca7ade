import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { SCHOOL_ID } from '@portal/contracts';
import type { Db } from '../db/client.js';
import { schoolSettings } from '../db/schema/index.js';

/**
 * The shared document toolkit: A4 documents with real, selectable text (application slips,
 * forms, receipts, letters). Build with PdfBuilder, then `await builder.toBuffer()`.
 *
 * Text uses the PDF standard fonts (Helvetica), which need no embedding and keep files small;
 * they cover Latin-1 and the Windows-1252 extras, so `pdfText` folds other characters (Yoruba
 * and Igbo diacritics, the naira sign) to their closest plain form.
 */

export interface Institution {
  name: string;
  shortName: string;
  address: string;
}

/** The institution's name and address for document headers, from school_settings. */
export async function loadInstitution(db: Pick<Db, 'select'>, schoolId = SCHOOL_ID): Promise<Institution> {
  const [row] = await db
    .select({
      name: schoolSettings.name,
      shortName: schoolSettings.shortName,
      address: schoolSettings.address,
    })
    .from(schoolSettings)
    .where(eq(schoolSettings.schoolId, schoolId))
    .limit(1);
  return row ?? { name: 'Institution', shortName: '', address: '' };
}

/** Characters the standard fonts can draw: ASCII, Latin-1 and the Windows-1252 extras. */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Text safe for the standard fonts: accents folded (Ọ̀ → O), ₦ → N, anything else → ?. */
export function pdfText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value).normalize('NFC').replace(/₦/g, 'N').replace(/\r\n?/g, '\n');
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (
      code === 10 ||
      (code >= 32 && code < 127) ||
      (code >= 160 && code <= 255) ||
      WIN_ANSI_EXTRAS.includes(ch)
    ) {
      out += ch;
      continue;
    }
    // A lone combining mark (the grave of ọ̀) is dropped; a letter is folded to its base.
    const folded = ch.normalize('NFKD').replace(/\p{M}/gu, '');
    if (folded.length === 0) continue;
    out += [...folded].every((c) => c.codePointAt(0)! < 256) ? folded : '?';
  }
  return out;
}

/** Naira from kobo for documents: 'N 45,000.00'. */
export function formatNaira(kobo: number): string {
  return `N ${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
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
}

export interface KeyValueOptions {
  x?: number;
  width?: number;
  /** Pairs are laid out in this many columns, row by row (default 2). */
  columns?: number;
  fontSize?: number;
  /** Share of each column used by the label (default 0.4). */
  labelShare?: number;
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

/** A4 document builder. Coordinates are in points; `y` tracks the cursor. */
export class PdfBuilder {
  readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;
  private readonly footer: string | false;

  constructor(options: PdfOptions) {
    const margin = options.margin ?? 36;
    this.footer = options.footer ?? false;
    this.doc = new PDFDocument({
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
    this.doc.fillColor(COLORS.text).font('Helvetica').fontSize(10);
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
    const top = doc.page.margins.top;
    const radius = 22;
    const cx = this.left + radius;
    const cy = top + radius;
    doc.save().circle(cx, cy, radius).fill(COLORS.headerFill).restore();
    const monogram = pdfText(institution.shortName || institution.name.slice(0, 3)).slice(0, 4);
    doc
      .font('Helvetica-Bold')
      .fontSize(monogram.length > 3 ? 10 : 12)
      .fillColor(COLORS.headerText);
    doc.text(monogram, cx - radius, cy - 6, { width: radius * 2, align: 'center', lineBreak: false });
    doc.fillColor(COLORS.text);

    const textX = this.left + radius * 2 + 8;
    const textWidth = this.width - (radius * 2 + 8) * 2;
    doc
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(pdfText(institution.name).toUpperCase(), textX, top + 2, {
        width: textWidth,
        align: 'center',
      });
    if (institution.address) {
      doc.font('Helvetica').fontSize(9).fillColor(COLORS.muted);
      doc.text(pdfText(institution.address), textX, doc.y + 2, { width: textWidth, align: 'center' });
      doc.fillColor(COLORS.text);
    }
    const ruleY = Math.max(doc.y, top + radius * 2) + 6;
    doc
      .save()
      .moveTo(this.left, ruleY)
      .lineTo(this.right, ruleY)
      .lineWidth(1.2)
      .strokeColor(COLORS.headerFill)
      .stroke()
      .restore();
    doc
      .font('Helvetica-Bold')
      .fontSize(13)
      .text(pdfText(title), this.left, ruleY + 8, { width: this.width, align: 'center' });
    if (subtitle) {
      doc.font('Helvetica').fontSize(10).fillColor(COLORS.muted);
      doc.text(pdfText(subtitle), this.left, doc.y + 2, { width: this.width, align: 'center' });
      doc.fillColor(COLORS.text);
    }
    doc.font('Helvetica').fontSize(10);
    doc.y += 10;
    return this;
  }

  /** A shaded section heading across the width. */
  heading(text: string, options: { x?: number; width?: number } = {}): this {
    const x = options.x ?? this.left;
    const width = options.width ?? this.width;
    this.ensureSpace(40);
    const y = this.doc.y;
    this.doc.save().rect(x, y, width, 18).fill(COLORS.sectionFill).restore();
    this.doc.font('Helvetica-Bold').fontSize(10).fillColor(COLORS.text);
    this.doc.text(pdfText(text), x + 6, y + 4.5, { width: width - 12, lineBreak: false });
    this.doc.font('Helvetica').fontSize(10);
    this.doc.x = this.left;
    this.doc.y = y + 24;
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
    this.doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(options.fontSize ?? 10);
    const height = this.doc.heightOfString(pdfText(text), { width });
    this.ensureSpace(Math.min(height, 200));
    this.doc.fillColor(options.color ?? COLORS.text);
    this.doc.text(pdfText(text), x, this.doc.y, { width, align: options.align ?? 'left' });
    this.doc.fillColor(COLORS.text).font('Helvetica').fontSize(10);
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
    const cellWidth = width / columns;
    const labelWidth = cellWidth * (options.labelShare ?? 0.4);
    const valueWidth = cellWidth - labelWidth - 8;
    for (let i = 0; i < pairs.length; i += columns) {
      const row = pairs.slice(i, i + columns);
      let rowHeight = 0;
      for (const [label, value] of row) {
        doc.font('Helvetica-Bold').fontSize(fontSize);
        const lh = doc.heightOfString(pdfText(label), { width: labelWidth - 4 });
        doc.font('Helvetica').fontSize(fontSize);
        const vh = doc.heightOfString(pdfText(value) || '-', { width: valueWidth });
        rowHeight = Math.max(rowHeight, lh, vh);
      }
      rowHeight += 6;
      this.ensureSpace(rowHeight);
      const y = doc.y;
      row.forEach(([label, value], column) => {
        const cx = x + column * cellWidth;
        doc.font('Helvetica-Bold').fontSize(fontSize).fillColor(COLORS.muted);
        doc.text(`${pdfText(label)}:`, cx, y, { width: labelWidth - 4 });
        doc.font('Helvetica').fontSize(fontSize).fillColor(COLORS.text);
        doc.text(pdfText(value) || '-', cx + labelWidth, y, { width: valueWidth });
      });
      doc
        .save()
        .moveTo(x, y + rowHeight - 3)
        .lineTo(x + width, y + rowHeight - 3)
        .lineWidth(0.3)
        .strokeColor('#dddddd')
        .stroke()
        .restore();
      doc.y = y + rowHeight;
    }
    doc.x = this.left;
    doc.font('Helvetica').fontSize(10);
    return doc.y;
  }

  /** A table with a shaded header row; rows wrap, and the header repeats after a page break. */
  table(options: TableOptions): this {
    const { doc } = this;
    const x = options.x ?? this.left;
    const width = options.width ?? this.right - x;
    const fontSize = options.fontSize ?? 9;
    const padding = 4;
    const totalShare = options.columns.reduce((sum, c) => sum + c.width, 0);
    const widths = options.columns.map((c) => (c.width / totalShare) * width);

    const drawRow = (cells: string[], kind: 'header' | 'body' | 'bold', index: number) => {
      doc.font(kind === 'body' ? 'Helvetica' : 'Helvetica-Bold').fontSize(fontSize);
      const height =
        Math.max(
          ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: widths[i]! - padding * 2 })),
        ) +
        padding * 2;
      if (kind !== 'header' && doc.y + height > this.bottom) {
        doc.addPage();
        doc.y = doc.page.margins.top;
        drawRow(
          options.columns.map((c) => pdfText(c.header)),
          'header',
          -1,
        );
        doc.font(kind === 'body' ? 'Helvetica' : 'Helvetica-Bold').fontSize(fontSize);
      }
      const y = doc.y;
      if (kind === 'header') doc.save().rect(x, y, width, height).fill(COLORS.headerFill).restore();
      else if (options.zebra !== false && index % 2 === 1)
        doc.save().rect(x, y, width, height).fill(COLORS.zebra).restore();
      doc.fillColor(kind === 'header' ? COLORS.headerText : COLORS.text);
      let cx = x;
      cells.forEach((cell, i) => {
        doc.text(cell, cx + padding, y + padding, {
          width: widths[i]! - padding * 2,
          align: options.columns[i]!.align ?? 'left',
        });
        cx += widths[i]!;
      });
      doc.save().rect(x, y, width, height).lineWidth(0.4).strokeColor(COLORS.rule).stroke().restore();
      doc.fillColor(COLORS.text);
      doc.y = y + height;
    };

    this.ensureSpace(50);
    drawRow(
      options.columns.map((c) => pdfText(c.header)),
      'header',
      -1,
    );
    if (options.rows.length === 0 && options.emptyText) {
      drawRow([pdfText(options.emptyText), ...options.columns.slice(1).map(() => '')], 'body', 0);
    }
    options.rows.forEach((row, index) => {
      const last = index === options.rows.length - 1;
      drawRow(
        row.map((cell) => pdfText(cell)),
        options.boldLastRow && last ? 'bold' : 'body',
        index,
      );
    });
    doc.x = this.left;
    doc.font('Helvetica').fontSize(10);
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

  /** A QR code for a URL, drawn as vector squares (crisp at any zoom, no image embedded). */
  qrCode(text: string, box: { x: number; y: number; size: number }, caption?: string): this {
    const { doc } = this;
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
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
      doc.font('Helvetica').fontSize(7).fillColor(COLORS.muted);
      doc.text(pdfText(caption), box.x - 20, box.y + box.size + 2, { width: box.size + 40, align: 'center' });
      doc.fillColor(COLORS.text).fontSize(10);
    }
    return this;
  }

  /** A signature line with a caption under it. */
  signatureLine(caption: string, options: { x?: number; width?: number } = {}): this {
    const x = options.x ?? this.left;
    const width = options.width ?? 180;
    this.ensureSpace(40);
    const y = this.doc.y + 24;
    this.doc
      .save()
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.6)
      .strokeColor(COLORS.text)
      .stroke()
      .restore();
    this.doc
      .font('Helvetica')
      .fontSize(9)
      .text(pdfText(caption), x, y + 3, { width, align: 'center' });
    this.doc.x = this.left;
    return this;
  }

  /** Finishes the document (footers on every page) and returns its bytes. */
  async toBuffer(): Promise<Buffer> {
    if (this.footer !== false) {
      const range = this.doc.bufferedPageRange();
      const generated = `Generated ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`;
      for (let i = range.start; i < range.start + range.count; i += 1) {
        this.doc.switchToPage(i);
        const bottomMargin = this.doc.page.margins.bottom;
        this.doc.page.margins.bottom = 0;
        const y = this.doc.page.height - bottomMargin + 10;
        this.doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.muted);
        this.doc.text(pdfText(this.footer ? `${this.footer}  ·  ${generated}` : generated), this.left, y, {
          width: this.width * 0.75,
          lineBreak: false,
        });
        this.doc.text(`Page ${i - range.start + 1} of ${range.count}`, this.left + this.width * 0.75, y, {
          width: this.width * 0.25,
          align: 'right',
          lineBreak: false,
        });
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
 * The text drawn in a PDF this toolkit made, page by page joined with newlines: inflates the
 * content streams and decodes the hex strings of the TJ operators. For tests and checks of
 * our own documents, not a general PDF reader.
 */
export async function pdfTextContent(pdf: Buffer): Promise<string> {
  const { inflateSync } = await import('node:zlib');
  const source = pdf.toString('latin1');
  const out: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source))) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(match[1]!)) continue;
    const content = body.toString('latin1');
    const lines: string[] = [];
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      let line = '';
      for (const piece of tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g))
        line += Buffer.from(piece[1]!, 'hex').toString('latin1');
      lines.push(line);
    }
    if (lines.length) out.push(lines.join('\n'));
    streamPattern.lastIndex = end;
  }
  return out.join('\n');
}
