/**
 * Small but real files of each type an upload may carry, built in memory: enough bytes for
 * content detection (and, for PDF, PNG, BMP and JPEG, files a viewer opens).
 */
import { crc32, deflateSync } from 'node:zlib';

/** A one-page PDF with a valid cross-reference table. */
export function samplePdf(text = 'Hello'): Buffer {
  return pdfWith({ text });
}

/**
 * A one-page PDF like samplePdf, with more entries in its catalog (e.g. `/OpenAction 6 0 R`) and
 * more objects (numbered from 6). Object bodies are latin1 text (binary stream data allowed).
 */
export function pdfWith(options: { text?: string; catalog?: string; objects?: string[] } = {}): Buffer {
  const objects: (string | null)[] = [
    `<< /Type /Catalog /Pages 2 0 R${options.catalog ? ` ${options.catalog}` : ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...(options.objects ?? []),
  ];
  const stream = `BT /F1 18 Tf 20 40 Td (${options.text ?? 'Hello'}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A PDF whose catalog opens a JavaScript action from inside a Flate-compressed object stream
 * (nothing of it readable in the raw file).
 */
export function pdfWithCompressedJavaScript(): Buffer {
  const inner = '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>';
  const header = '7 0 ';
  const packed = deflateSync(Buffer.from(header + inner, 'latin1')).toString('latin1');
  return pdfWith({
    catalog: '/OpenAction 7 0 R',
    objects: [
      `<< /Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed}\nendstream`,
    ],
  });
}

/** A PNG with an HTML page appended (a "polyglot": an image to a viewer, a page to a browser). */
export function pngWithHtml(): Buffer {
  return Buffer.concat([samplePng(), Buffer.from('<html><body><script>alert(document.domain)</script></body></html>')]);
}

/** A 1×1 PNG. */
export function samplePng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}

/** A 1×1 JPEG. */
export function sampleJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
    'base64',
  );
}

/** A 1×1 24-bit BMP. */
export function sampleBmp(): Buffer {
  const buffer = Buffer.alloc(58);
  buffer.write('BM', 0, 'latin1');
  buffer.writeUInt32LE(58, 2);
  buffer.writeUInt32LE(54, 10);
  buffer.writeUInt32LE(40, 14);
  buffer.writeInt32LE(1, 18);
  buffer.writeInt32LE(1, 22);
  buffer.writeUInt16LE(1, 26);
  buffer.writeUInt16LE(24, 28);
  buffer.writeUInt32LE(4, 34);
  buffer.set([0x00, 0x00, 0xff, 0x00], 54);
  return buffer;
}

/** The header of an OLE2 compound file, as Word 97–2003 (.doc) and Excel 97–2003 (.xls) are. */
export function sampleCfb(): Buffer {
  const buffer = Buffer.alloc(1024);
  buffer.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  buffer.writeUInt16LE(0x003e, 24);
  buffer.writeUInt16LE(0x0003, 26);
  buffer.writeUInt16LE(0xfffe, 28);
  buffer.writeUInt16LE(9, 30);
  return buffer;
}

/** A Windows executable's first bytes. */
export function sampleExe(): Buffer {
  const buffer = Buffer.alloc(256);
  buffer.write('MZ', 0, 'latin1');
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write('PE\0\0', 0x80, 'latin1');
  return buffer;
}

/** A zip archive of uncompressed entries. */
export function zipOf(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
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
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="${part}" ContentType="${main}"/></Types>`;

/** A minimal Word document (Office Open XML). */
export function sampleDocx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
      '/word/document.xml',
    ),
    'word/document.xml':
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
  });
}

/** A minimal Excel workbook (Office Open XML). */
export function sampleXlsx(): Buffer {
  return zipOf({
    '[Content_Types].xml': contentTypes(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      '/xl/workbook.xml',
    ),
    'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  });
}

/** A PDF of exactly `bytes` bytes (padded with a comment before the end, as PDFs allow). */
export function pdfOfSize(bytes: number): Buffer {
  const head = samplePdf();
  const buffer = Buffer.alloc(bytes, 0x20);
  head.copy(buffer, 0, 0, Math.min(head.length, bytes));
  return buffer;
}
