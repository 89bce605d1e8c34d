/**
 * Files carried inside a signed PDF (docs/decisions/0020-evidence-attached.md): the evidence
 * reports of a completed contract, added as embedded files (the catalog's /Names /EmbeddedFiles,
 * PDF 32000 §7.11.4) in ONE incremental update. The input is a byte-for-byte prefix of the
 * output, so every signature still covers exactly the bytes it signed; the update touches no page,
 * so /verify sees no page change, and the document timestamp written after it (B-LTA) covers it.
 */
import type { PDF, PdfDict, PdfRef } from '@libpdf/core';
import { libpdf } from './libraries.ts';
import { isPrefix, loadForUpdate } from './pdf-sign.ts';

export type Attachment = {
  /** The file name a viewer shows (and the key in the name tree); unique within the file. */
  name: string;
  data: Uint8Array;
  description: string;
  mimeType: string;
  createdAt: Date;
};

/** Returns the whole new file: `pdfBytes` followed by one update adding `attachments`. */
export async function attachFiles(pdfBytes: Uint8Array, attachments: Attachment[]): Promise<Uint8Array> {
  const pdf = await loadForUpdate(pdfBytes);
  for (const file of attachments) {
    // An empty MIME type: libpdf 0.4 writes its own escaped twice ("application#232Fpdf"); set below.
    pdf.attachments.add(file.name, file.data, {
      description: file.description,
      mimeType: '',
      createdAt: file.createdAt,
      modifiedAt: file.createdAt,
    });
    // Found in the flat tree libpdf writes; in a file whose tree has /Kids the entries stay as added.
    const spec = fileSpecOf(pdf, file.name);
    if (!spec) continue;
    // PDF 2.0 / PDF/A-3: the file supplements the document (it describes it, it is not its source).
    spec.set('AFRelationship', libpdf.PdfName.of('Supplement'));
    const stream = spec.getDict('EF', (ref: PdfRef) => pdf.getObject(ref))?.get('F');
    const embedded = stream instanceof libpdf.PdfRef ? pdf.getObject(stream) : stream;
    if (embedded instanceof libpdf.PdfStream) embedded.set('Subtype', libpdf.PdfName.of(file.mimeType));
  }
  const bytes = await pdf.save({ incremental: true });
  if (!isPrefix(pdfBytes, bytes)) throw new Error('attaching files did not produce an incremental update');
  return bytes;
}

/** The file specification of the attachment `name` in the (flat) name tree libpdf writes. */
function fileSpecOf(pdf: PDF, name: string): PdfDict | null {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const tree = pdf.getCatalog().getDict('Names', resolve)?.getDict('EmbeddedFiles', resolve);
  const names = tree?.getArray('Names', resolve)?.toArray() ?? [];
  for (let i = 0; i + 1 < names.length; i += 2) {
    const key = names[i];
    if (!(key instanceof libpdf.PdfString) || key.asString() !== name) continue;
    const value = names[i + 1];
    const spec = value instanceof libpdf.PdfRef ? pdf.getObject(value) : value;
    return spec instanceof libpdf.PdfDict ? spec : null;
  }
  return null;
}
