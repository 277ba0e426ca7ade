import { describe, expect, it } from 'vitest';
import { readSheet } from 'read-excel-file/node';
import { sheetFile } from './sheets.js';

/** The XLSX a list export writes: streamed batch by batch, read back as written, with no row cap. */

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('sheetFile as XLSX', () => {
  it('writes more rows than the old cap of 100,000, read back whole by a spreadsheet reader', async () => {
    const rows = 100_001;
    let pulled = 0;
    const file = await sheetFile<{ n: number }>({
      columns: [
        { header: 'Number', cell: (r) => r.n },
        { header: 'Name', cell: (r) => `Row ${r.n} & <more> "quoted"` },
        { header: 'Empty', cell: () => null },
      ],
      batches: async function* () {
        for (let from = 1; from <= rows; from += 1000) {
          pulled += 1;
          yield Array.from({ length: Math.min(1000, rows - from + 1) }, (_, i) => ({ n: from + i }));
        }
      },
      format: 'xlsx',
      fileName: 'big.xlsx',
      sheetName: 'Big: [list]',
    });
    // Nothing is read from the batches until the file is read: it is built as it is sent.
    expect(pulled).toBe(0);
    const sheet = await readSheet(await bytesOf(file.stream));
    expect(sheet.length).toBe(rows + 1);
    expect(sheet[0]).toEqual(['Number', 'Name', 'Empty']);
    expect(sheet[1]).toEqual([1, 'Row 1 & <more> "quoted"', null]);
    expect(sheet[rows]).toEqual([rows, `Row ${rows} & <more> "quoted"`, null]);
  }, 120_000);

  it('drops characters XML cannot hold rather than write a file no spreadsheet opens', async () => {
    const file = await sheetFile<{ text: string }>({
      columns: [{ header: 'Text', cell: (r) => r.text }],
      batches: async function* () {
        yield [{ text: 'bell\u0007 and tab\t kept' }];
      },
      format: 'xlsx',
      fileName: 'text.xlsx',
      sheetName: 'Text',
    });
    const sheet = await readSheet(await bytesOf(file.stream));
    expect(sheet[1]).toEqual(['bell and tab\t kept']);
  });
});
