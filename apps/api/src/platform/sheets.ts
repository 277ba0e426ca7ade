import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { FastifyReply } from 'fastify';
import { AppError, badRequest } from './errors.js';

/** Spreadsheets in and out: CSV and XLSX files that admins upload and download. */

/**
 * The rows of a CSV or XLSX file, one at a time, with their row numbers (the header is row 1).
 * CSV is parsed as a stream; an XLSX workbook is a zip and is read whole (its first sheet). A file
 * that is not what it claims (a quote left open, a truncated or damaged workbook) is refused with
 * 400 and what the reader found, never an unexpected error.
 */
export async function* readRows(
  filePath: string,
  format: 'csv' | 'xlsx',
): AsyncGenerator<{ row: number; cells: unknown[] }> {
  if (format === 'xlsx') {
    let rows: unknown[][];
    try {
      // Loaded with the first workbook read, not with the application.
      const { readSheet } = await import('read-excel-file/node');
      rows = await readSheet(filePath);
    } catch (error) {
      throw unreadable(format, error);
    }
    let row = 0;
    for (const cells of rows) {
      row += 1;
      yield { row, cells };
    }
    return;
  }
  const parser = createReadStream(filePath).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  // The row number is the file's line, as a spreadsheet shows it (blank lines are counted).
  const records = (parser as AsyncIterable<{ record: unknown[]; info: { lines: number } }>)[
    Symbol.asyncIterator
  ]();
  try {
    for (;;) {
      let next: IteratorResult<{ record: unknown[]; info: { lines: number } }>;
      // Only the reader's own failures are the file's fault; the caller's are thrown at its yield.
      try {
        next = await records.next();
      } catch (error) {
        throw unreadable(format, error);
      }
      if (next.done) return;
      yield { row: next.value.info.lines, cells: next.value.record };
    }
  } finally {
    // A caller that stops early (a bad header) closes the file.
    await records.return?.();
  }
}

/** The message for a file the reader could not read: its format and the reader's own words. */
export const UNREADABLE_FILE = (format: 'csv' | 'xlsx', reason: string) =>
  `The file could not be read as ${format.toUpperCase()}: ${reason.replace(/\.?$/, '.')}`;

function unreadable(format: 'csv' | 'xlsx', error: unknown): AppError {
  const reason = error instanceof Error && error.message ? error.message : 'it is damaged or incomplete';
  return badRequest(UNREADABLE_FILE(format, reason));
}

/** A CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: string | number | null): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One column of a file written by `sheetFile`: its heading and its cell for a row. */
export interface SheetColumn<Row> {
  header: string;
  cell: (row: Row) => string | number | null;
}

/** A spreadsheet ready to send: `sheetFile`'s answer, or a file an export builds itself. */
export interface SheetFile {
  stream: Readable;
  contentType: string;
  fileName: string;
}

/**
 * A list as a file, streamed batch by batch as `batches` yields them: CSV (a BOM first, so
 * spreadsheets read UTF-8) or an XLSX workbook written as it goes (`xlsxStream`). Neither holds
 * more than one batch, so neither has a row cap.
 */
export async function sheetFile<Row>(options: {
  columns: readonly SheetColumn<Row>[];
  batches: () => AsyncIterable<readonly Row[]>;
  format: 'csv' | 'xlsx';
  fileName: string;
  sheetName: string;
}): Promise<SheetFile> {
  const { columns, batches, format, fileName } = options;
  if (format === 'csv') {
    async function* csv() {
      yield '\uFEFF' + columns.map((c) => csvCell(c.header)).join(',') + '\r\n';
      for await (const rows of batches()) {
        if (rows.length)
          yield rows.map((r) => columns.map((c) => csvCell(c.cell(r))).join(',')).join('\r\n') + '\r\n';
      }
    }
    return { stream: Readable.from(csv()), contentType: 'text/csv; charset=utf-8', fileName };
  }
  async function* cells() {
    for await (const rows of batches()) yield rows.map((r) => columns.map((c) => c.cell(r)));
  }
  return {
    stream: xlsxStream({
      headers: columns.map((c) => c.header),
      rows: cells(),
      sheetName: options.sheetName,
    }),
    contentType: XLSX_CONTENT_TYPE,
    fileName,
  };
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | null;

/** Text safe inside XML: escaped, and without the control characters XML 1.0 forbids. */
function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- these are the characters to remove
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
  );
}

/** A, B, … Z, AA, AB … */
function columnLetters(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function rowXml(rowNumber: number, cells: readonly Cell[], letters: readonly string[], style = ''): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, index) => {
    if (value === null || value === undefined || value === '') return;
    const ref = `${letters[index] ?? columnLetters(index)}${rowNumber}`;
    xml +=
      typeof value === 'number' && Number.isFinite(value)
        ? `<c r="${ref}"${style}><v>${value}</v></c>`
        : `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
  });
  return xml + '</row>';
}

const WORKBOOK_PARTS = (sheetName: string): [string, string][] => [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xmlText(
      sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1',
    )}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
  ],
  [
    'xl/styles.xml',
    // Style 1 is the header's bold font.
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>',
  ],
];

/**
 * An XLSX workbook of one sheet, written while `rows` yields its batches: the sheet's XML is
 * deflated into the zip as it is made, so memory holds one batch and the deflater's window, not
 * the sheet (write-excel-file builds the whole sheet in memory first). Cells are inline strings
 * (a shared-strings table would hold every distinct text until the end) and numbers; the header
 * row is bold. A zip without ZIP64 holds at most 4 GiB, far beyond any list here; past it the
 * stream fails rather than write a damaged file.
 */
export function xlsxStream(options: {
  headers: readonly string[];
  rows: AsyncIterable<readonly (readonly Cell[])[]>;
  sheetName: string;
}): Readable {
  const letters = options.headers.map((_, index) => columnLetters(index));
  async function* sheetXml(): AsyncGenerator<Buffer> {
    yield Buffer.from(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
        rowXml(1, options.headers, letters, ' s="1"'),
    );
    let rowNumber = 1;
    for await (const batch of options.rows) {
      let xml = '';
      for (const cells of batch) xml += rowXml(++rowNumber, cells, letters);
      if (xml) yield Buffer.from(xml);
    }
    yield Buffer.from('</sheetData></worksheet>');
  }
  const entries: [string, AsyncIterable<Buffer> | string][] = [...WORKBOOK_PARTS(options.sheetName)];
  entries.splice(4, 0, ['xl/worksheets/sheet1.xml', sheetXml()]);
  return Readable.from(zipStream(entries));
}

const ZIP_LIMIT = 0xffffffff;

/**
 * A zip archive written entry by entry: each entry deflated as it streams, with its CRC and sizes
 * in a data descriptor after it (so nothing is buffered to learn them first), then the central
 * directory.
 */
async function* zipStream(entries: [string, AsyncIterable<Buffer> | string][]): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  // 1 January 2020, 00:00, in DOS form: a fixed date keeps identical exports identical.
  const dosTime = 0;
  const dosDate = ((2020 - 1980) << 9) | (1 << 5) | 1;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0808, 6); // sizes in a data descriptor; UTF-8 names
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(dosTime, 10);
    header.writeUInt16LE(dosDate, 12);
    header.writeUInt16LE(nameBytes.length, 26);
    yield Buffer.concat([header, nameBytes]);
    let crc = 0;
    let size = 0;
    let compressed = 0;
    const source =
      typeof content === 'string'
        ? (async function* () {
            yield Buffer.from(content, 'utf8');
          })()
        : content;
    for await (const chunk of deflateStream(source, (raw) => {
      crc = zlib.crc32(raw, crc);
      size += raw.length;
    })) {
      compressed += chunk.length;
      yield chunk;
    }
    if (size > ZIP_LIMIT || offset + compressed > ZIP_LIMIT)
      throw new Error('The workbook is larger than a zip without ZIP64 can hold.');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(size, 12);
    yield descriptor;
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0808, 8);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt16LE(dosTime, 12);
    entry.writeUInt16LE(dosDate, 14);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(compressed, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, nameBytes);
    offset += header.length + nameBytes.length + compressed + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}

/** Raw deflate of a stream of chunks, with back-pressure: the source is read only as output is taken. */
async function* deflateStream(
  source: AsyncIterable<Buffer>,
  onRaw: (raw: Buffer) => void,
): AsyncGenerator<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 6 });
  const feeding = (async () => {
    try {
      for await (const chunk of source) {
        onRaw(chunk);
        if (!deflate.write(chunk)) await once(deflate, 'drain');
      }
      deflate.end();
    } catch (error) {
      deflate.destroy(error as Error);
    }
  })();
  try {
    for await (const chunk of deflate) yield chunk as Buffer;
  } finally {
    deflate.destroy();
    await feeding;
  }
}

/**
 * Sends a spreadsheet as a download. `no-store`: exports hold personal data and are read fresh each
 * time, so neither the browser nor a proxy keeps a copy.
 */
export function sendSheetFile(reply: FastifyReply, file: SheetFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}
