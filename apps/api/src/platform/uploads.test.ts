import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { detectKind, sniffKind } from './uploads.js';

/** A zip of stored (uncompressed) entries: enough for a file-type check of an Office file. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const PPTX_TYPES = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>`;

/** An OLE2 compound file's header and a directory entry naming a stream (UTF-16LE). */
function compound(stream: string): Buffer {
  const head = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(head, 0);
  head.writeUInt16LE(0x3e, 24);
  head.writeUInt16LE(3, 26);
  head.writeUInt16LE(0xfffe, 28);
  head.writeUInt16LE(9, 30);
  Buffer.from(stream, 'utf16le').copy(head, 512 + 128);
  return head;
}

const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
  Buffer.alloc(64),
]);
// EBML header with DocType "webm".
const WEBM = Buffer.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x86,
  0x81,
  0x01,
  0x42,
  0xf7,
  0x81,
  0x01,
  0x42,
  0xf2,
  0x81,
  0x04,
  0x42,
  0xf3,
  0x81,
  0x08,
  0x42,
  0x82,
  0x84,
  0x77,
  0x65,
  0x62,
  0x6d,
  0x42,
  0x87,
  0x81,
  0x04,
  0x42,
  0x85,
  0x81,
  0x02,
  ...Array(64).fill(0),
]);

describe('detectKind: videos and slides by their content', () => {
  it('tells MP4 and WebM videos', async () => {
    expect(await detectKind(MP4, ['mp4', 'webm'])).toBe('mp4');
    expect(await detectKind(WEBM, ['mp4', 'webm'])).toBe('webm');
    await expect(detectKind(MP4, ['pdf'])).rejects.toThrow('This file type is not accepted. Upload PDF.');
  });

  it('tells a .pptx from a .docx, and accepts either as a zip where only a zip is asked for', async () => {
    const pptx = storedZip({ '[Content_Types].xml': PPTX_TYPES, 'ppt/presentation.xml': '<p/>' });
    expect(await detectKind(pptx, ['pdf', 'pptx', 'docx'])).toBe('pptx');
    await expect(detectKind(pptx, ['docx'])).rejects.toThrow(/not accepted/);
    expect(await detectKind(pptx, ['zip'])).toBe('zip');
  });

  it('tells a .ppt from a .doc by the stream names of the compound file', async () => {
    expect(await detectKind(compound('PowerPoint Document'), ['ppt', 'doc'])).toBe('ppt');
    expect(await detectKind(compound('WordDocument'), ['ppt', 'doc'])).toBe('doc');
    // Without either name in the bytes read: a .doc, as before, unless only a .ppt is allowed.
    expect(await detectKind(compound('Other'), ['doc', 'ppt'])).toBe('doc');
    expect(await detectKind(compound('Other'), ['ppt'])).toBe('ppt');
  });

  it('names what a refused file is', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]);
    expect(await sniffKind(exe)).toEqual({ found: 'EXE (application/x-msdownload)' });
    expect(await sniffKind(Buffer.from([0xff, 0x00, 0xfe, 0x01]))).toEqual({});
  });
});
