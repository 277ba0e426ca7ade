import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { readSheet } from 'read-excel-file/node';

/** Spreadsheets in and out: CSV and XLSX files that admins upload and download. */

/**
 * The rows of a CSV or XLSX file, one at a time, with their row numbers (the header is row 1).
 * CSV is parsed as a stream; an XLSX workbook is a zip and is read whole (its first sheet).
 */
export async function* readRows(
  filePath: string,
  format: 'csv' | 'xlsx',
): AsyncGenerator<{ row: number; cells: unknown[] }> {
  if (format === 'xlsx') {
    const rows = await readSheet(filePath);
    let row = 0;
    for (const cells of rows) {
      row += 1;
      yield { row, cells: cells as unknown[] };
    }
    return;
  }
  const parser = createReadStream(filePath).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true, info: true }),
  );
  // The row number is the file's line, as a spreadsheet shows it (blank lines are counted).
  for await (const record of parser as AsyncIterable<{ record: unknown[]; info: { lines: number } }>) {
    yield { row: record.info.lines, cells: record.record };
  }
}

/** A CSV cell: quoted when needed, and a leading formula character neutralised for spreadsheets. */
export function csvCell(value: string | number | null): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
