/**
 * A valid one-page PDF saying `text`, padded with an unused stream to `size` bytes (so a tus upload
 * of it takes more than one chunk): every object's offset is right, so pdf.js reads it by ranges.
 */
export function paddedPdf(text: string, size: number): Buffer {
  const content = `BT /F1 24 Tf 40 700 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const head = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const overhead = 600;
  const padding = Math.max(0, size - overhead - objects.join('').length);
  objects.push(`<< /Length ${padding} >>\nstream\n${'0'.repeat(padding)}\nendstream`);
  let body = head;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body +=
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
