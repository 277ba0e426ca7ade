import { describe, expect, it } from 'vitest';
import { createPdf, formatNaira, pdfText, pdfTextContent } from './pdf.js';

const institution = { name: 'Demo Institute of Technology', shortName: 'DIT', address: 'Minna' };

async function sample(name: string): Promise<Buffer> {
  const pdf = createPdf({ title: `Sample for ${name}`, footer: 'Verify: http://portal.test/x' });
  pdf.header(institution, 'SAMPLE');
  pdf.keyValues(
    [
      ['Name', name],
      ['Amount', formatNaira(500_000)],
    ],
    { columns: 1, labelShare: 0.2 },
  );
  pdf.table({
    columns: [
      { header: 'Item', width: 3 },
      { header: 'Amount', width: 1, align: 'right' },
    ],
    rows: [
      ['Tuition offered', formatNaira(7_500_000)],
      ['Total', formatNaira(8_000_000)],
    ],
    boldLastRow: true,
  });
  return pdf.toBuffer();
}

describe('the PDF toolkit', () => {
  it('formats kobo as naira with the naira sign', () => {
    expect(formatNaira(500_000)).toBe('₦5,000.00');
    expect(formatNaira(10_150_050)).toBe('₦101,500.50');
    expect(formatNaira(0)).toBe('₦0.00');
  });

  it('keeps the naira sign and Yoruba, Igbo and Hausa letters as selectable text', async () => {
    const name = 'ỌLỌ́WỌ̀Ọ́KÉRÉ Adébáyọ̀ Ṣọlá Ńnàmdí Ẹ̀bùn Chíàmákà Ƙabir Ɗahiru';
    const bytes = await sample(name);
    const text = await pdfTextContent(bytes);
    expect(text).toContain(name.normalize('NFC'));
    expect(text).toContain('₦5,000.00');
    expect(text).toContain('₦80,000.00');
    // A ligature (ff) still reads as its letters.
    expect(text).toContain('Tuition offered');
    expect(text).not.toMatch(/[\uFFFD\uFB00-\uFB06]/);
  });

  it('embeds Noto Sans as small subsets, regular and bold, with a ToUnicode map', async () => {
    const bytes = await sample('Ada');
    const source = bytes.toString('latin1');
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(source).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(source).toContain('/FontFile2');
    expect(source).toContain('/ToUnicode');
    expect(source).not.toContain('/Helvetica');
    // The font files are 0.6 MB each; a document carries only the glyphs it uses.
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('gives every document its own glyph subset while sharing the parsed fonts', async () => {
    const [first, second] = await Promise.all([sample('Ọ̀ṣun Ẹ̀kọ́'), sample('Zainab Yusuf')]);
    expect(await pdfTextContent(first)).toContain('Ọ̀ṣun Ẹ̀kọ́'.normalize('NFC'));
    expect(await pdfTextContent(second)).toContain('Zainab Yusuf');
    expect(await pdfTextContent(second)).not.toContain('Ọ̀ṣun');
  });

  it('folds characters the font cannot draw instead of printing empty boxes', () => {
    expect(pdfText('Ọ̀ṣun ₦')).toBe('Ọ̀ṣun ₦'.normalize('NFC'));
    expect(pdfText('Ａｄａ')).toBe('Ada');
    expect(pdfText('文')).toBe('?');
    expect(pdfText(null)).toBe('');
    expect(pdfText('a\r\nb')).toBe('a\nb');
  });
});
