import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { FastifyReply } from 'fastify';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
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
 * A list as a CSV file, streamed batch by batch as `batches` yields them (a BOM first, so
 * spreadsheets read UTF-8), or as an XLSX workbook built in memory from at most `maxXlsxRows` rows
 * (more answer 400, asking for narrower filters or CSV).
 */
export async function sheetFile<Row>(options: {
  columns: readonly SheetColumn<Row>[];
  batches: () => AsyncIterable<readonly Row[]>;
  format: 'csv' | 'xlsx';
  fileName: string;
  sheetName: string;
  maxXlsxRows?: number;
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
  const max = options.maxXlsxRows ?? 100_000;
  const data: ({ value: string | number } | null)[][] = [];
  for await (const rows of batches()) {
    for (const r of rows) {
      data.push(
        columns.map((c) => {
          const value = c.cell(r);
          return value === null ? null : { value };
        }),
      );
    }
    if (data.length > max) throw badRequest(`More than ${max} rows: narrow the filters or export as CSV.`);
  }
  const sheet = [columns.map((c) => ({ value: c.header, fontWeight: 'bold' as const })), ...data];
  const buffer = await writeXlsxFile(sheet as never, { sheet: options.sheetName } as never).toBuffer();
  return {
    stream: Readable.from([buffer]),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    fileName,
  };
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
