/**
 * The object limit reads /Size where a parser sizes its cross-reference table by it (a trailer, a
 * cross-reference stream), not where it means something else: an embedded file's /Params /Size is
 * its length in bytes, and a completed contract carries evidence reports over 100 kB.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PARSE_LIMITS } from './limits.ts';
import { checkPdfLimits } from './pdf-limits.ts';

const over = PARSE_LIMITS.pdfMaxObjects + 10;
const pdf = (text: string) => Buffer.from(text, 'latin1');

describe('checkPdfLimits and /Size', () => {
  it('accepts a PDF with an attachment larger than the object limit in bytes', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    await doc.attach(new Uint8Array(over + 5000).fill(65), 'evidence-report-en.pdf', { mimeType: 'application/pdf' });
    const bytes = Buffer.from(await doc.save());
    expect(bytes.toString('latin1')).toMatch(new RegExp(`/Size ${over + 5000}`));
    await expect(checkPdfLimits(bytes)).resolves.toMatchObject({ objects: expect.any(Number) });
  });

  it('refuses a trailer that claims more objects than the limit', async () => {
    const text = `%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R /Size ${over} >>\nstartxref\n9\n%%EOF\n`;
    await expect(checkPdfLimits(pdf(text))).rejects.toMatchObject({ code: 'PRT_PDF_TOO_MANY_OBJECTS' });
  });

  it('refuses it however far padding pushes /Size from the trailer keyword', async () => {
    const text = `%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R${' '.repeat(20_000)}/Size ${over} >>\nstartxref\n9\n%%EOF\n`;
    await expect(checkPdfLimits(pdf(text))).rejects.toMatchObject({ code: 'PRT_PDF_TOO_MANY_OBJECTS' });
  });

  it('refuses a cross-reference stream that claims more objects than the limit', async () => {
    const text = `%PDF-1.5\n1 0 obj\n<< /Type /XRef /Size ${over} /W [1 2 1] /Length 4 >>\nstream\n\x01\x00\x09\x00\nendstream\nendobj\nstartxref\n9\n%%EOF\n`;
    await expect(checkPdfLimits(pdf(text))).rejects.toMatchObject({ code: 'PRT_PDF_TOO_MANY_OBJECTS' });
  });
});
