/**
 * Which files each upload purpose accepts, decided by CONTENT (magic bytes, through file-type),
 * never by the name or the Content-Type a browser sends (DESIGN: uploads). A purpose is one row
 * of FILE_PURPOSE_RULES: its size limit, the detected types it takes and, for seal images, a
 * further check of the content (square, transparent or white background: png.ts) and the image
 * as it is kept, its white taken out (docs/decisions/0019).
 *
 * The content is read in the parser pool (platform/untrusted), within the parsing limits: type
 * sniffing, a PDF's limits and active content, a seal PNG's header and pixels. This thread only
 * decides from what the worker found.
 */
import { CONTRACT_MAX_BYTES } from '@portal/shared/schemas/contracts';
import { MAX_ATTACHMENT_BYTES, type TFilePurpose } from '@portal/shared/schemas/files';
import { SEAL_AUTHORIZATION_MAX_BYTES, SEAL_IMAGE_MAX_BYTES } from '@portal/shared/schemas/seals';
import { AppError } from '../errors.ts';
import { parseUntrusted } from '../untrusted/pool.ts';
import type { UploadFacts } from '../untrusted/tasks.ts';

export { MAX_ATTACHMENT_BYTES };

/**
 * How a file is stored and served. `ext` is the extension its stored name gets (a name's own
 * extension is kept only when it is one of `aliases`: `photo.jpeg` stays, `poly.html` holding a
 * PNG becomes `poly.png`).
 */
export type AllowedType = { mime: string; ext: string; aliases?: readonly string[] };

type Accepted = {
  /** The `ext` file-type reports for the content. */
  detected: string;
  /** How the file is stored and served. */
  as: AllowedType;
  /**
   * Only when the name ends with one of these. For containers that file-type cannot tell apart:
   * Word 97–2003 and Excel 97–2003 files are both OLE2 compound files (`cfb`).
   */
  nameEndsWith?: readonly string[];
};

type PurposeRule = {
  maxBytes: number;
  limit: string;
  accept: readonly Accepted[];
  /** A further check of the content, from what the worker found, once its type is known (throws an AppError). */
  check?: (facts: UploadFacts) => void;
};

/**
 * A seal image: square, with a transparent background once its white is taken out (issue
 * "Electronic seals and contracts"; a white background is accepted, docs/decisions/0019).
 */
function checkSealImage({ png: facts }: UploadFacts): void {
  if (!facts) throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: 'image/png' });
  if (facts.width !== facts.height) {
    throw new AppError('PRT_SEAL_IMAGE_NOT_SQUARE', { width: facts.width, height: facts.height });
  }
  if (!facts.transparentBackground) throw new AppError('PRT_SEAL_IMAGE_NOT_TRANSPARENT');
}

const PDF: Accepted = { detected: 'pdf', as: { ext: 'pdf', mime: 'application/pdf' } };
const JPG: Accepted = {
  detected: 'jpg',
  as: { ext: 'jpg', mime: 'image/jpeg', aliases: ['jpeg', 'jpe', 'jfif', 'pjpeg', 'pjp'] },
};
const PNG: Accepted = { detected: 'png', as: { ext: 'png', mime: 'image/png' } };
const BMP: Accepted = { detected: 'bmp', as: { ext: 'bmp', mime: 'image/bmp' } };
const DOC: Accepted = { detected: 'cfb', as: { ext: 'doc', mime: 'application/msword' }, nameEndsWith: ['.doc'] };
const XLS: Accepted = {
  detected: 'cfb',
  as: { ext: 'xls', mime: 'application/vnd.ms-excel' },
  nameEndsWith: ['.xls'],
};
const DOCX: Accepted = {
  detected: 'docx',
  as: { ext: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};
const XLSX: Accepted = {
  detected: 'xlsx',
  as: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

/** SPEC §5: attachments are doc, docx, pdf, xls, xlsx, jpg, png (also BMP), 10 MB each. */
export const FILE_PURPOSE_RULES: Record<TFilePurpose, PurposeRule> = {
  attachment: { maxBytes: MAX_ATTACHMENT_BYTES, limit: '10 MB', accept: [PDF, DOC, XLS, DOCX, XLSX, JPG, PNG, BMP] },
  /** Portal content (staff only): images shown publicly, PDFs of reports and compliance materials. */
  contentImage: { maxBytes: MAX_ATTACHMENT_BYTES, limit: '10 MB', accept: [JPG, PNG] },
  contentDocument: { maxBytes: MAX_ATTACHMENT_BYTES, limit: '10 MB', accept: [PDF] },
  /** SPEC §5: feedback images jpg, png, bmp, jpeg, pjpeg, jfif (all JPEG variants detect as jpg), 10 MB each. */
  feedback: { maxBytes: MAX_ATTACHMENT_BYTES, limit: '10 MB', accept: [JPG, PNG, BMP] },
  /** SPEC §5: seal image PNG, at most 200 KB; square and transparent (printed 40 mm wide). */
  sealImage: { maxBytes: SEAL_IMAGE_MAX_BYTES, limit: '200 KB', accept: [PNG], check: checkSealImage },
  /** SPEC §5: authorization agreement, at most 10 MB. */
  sealAuthorization: { maxBytes: SEAL_AUTHORIZATION_MAX_BYTES, limit: '10 MB', accept: [PDF] },
  contract: { maxBytes: CONTRACT_MAX_BYTES, limit: '10 MB', accept: [PDF] },
};

/** The largest file any purpose takes: the multipart parser's per-file limit. */
export const MAX_UPLOAD_FILE_BYTES = Math.max(...Object.values(FILE_PURPOSE_RULES).map((rule) => rule.maxBytes));

/**
 * The type of an uploaded file as its content shows it, if `purpose` accepts it. Throws
 * PRT_PAYLOAD_TOO_LARGE (over the purpose's limit), PRT_UNSUPPORTED_MEDIA_TYPE (any other
 * content, including an empty file or text renamed to .pdf), or the refusal of a parsing limit.
 */
export async function detectAllowedType(buffer: Buffer, name: string, purpose: TFilePurpose): Promise<AllowedType> {
  return (await checkUpload(buffer, name, purpose)).type;
}

/**
 * As detectAllowedType, and the bytes to keep: the upload's own, but for a seal image the image
 * with its white taken out (png.ts sealImagePng), so that no seal can hide the text under it.
 */
export async function checkUpload(
  buffer: Buffer,
  name: string,
  purpose: TFilePurpose,
): Promise<{ type: AllowedType; data: Buffer }> {
  const rule = FILE_PURPOSE_RULES[purpose];
  if (buffer.length > rule.maxBytes) throw new AppError('PRT_PAYLOAD_TOO_LARGE', { limit: rule.limit });
  const facts = await parseUntrusted('uploadFacts', {
    bytes: buffer,
    pdf: rule.accept.includes(PDF),
    png: rule.check === checkSealImage,
  });
  const detected = facts.detected;
  const lowerName = name.toLowerCase();
  const match = rule.accept.find(
    (accepted) =>
      accepted.detected === detected?.ext &&
      (!accepted.nameEndsWith || accepted.nameEndsWith.some((ending) => lowerName.endsWith(ending))),
  );
  if (!match) throw new AppError('PRT_UNSUPPORTED_MEDIA_TYPE', { type: detected?.mime ?? 'application/octet-stream' });
  // Shown inline and opened on users' machines: no scripts, launch or automatic actions.
  if (match.as.ext === 'pdf' && facts.pdf?.active !== false) {
    throw new AppError('PRT_PDF_ACTIVE_CONTENT', { name });
  }
  rule.check?.(facts);
  const data = facts.sealPng
    ? Buffer.from(facts.sealPng.buffer, facts.sealPng.byteOffset, facts.sealPng.byteLength)
    : buffer;
  return { type: match.as, data };
}

const ALL_TYPES: readonly AllowedType[] = [PDF, DOC, XLS, DOCX, XLSX, JPG, PNG, BMP].map((accepted) => accepted.as);

/** The type a stored file was detected as, by its MIME type (null: none the portal takes). */
export function allowedTypeOfMime(mime: string): AllowedType | null {
  return ALL_TYPES.find((type) => type.mime === mime) ?? null;
}

/**
 * Characters never kept in a file name: C0/C1 controls and DEL, bidi marks, embeddings, overrides
 * and isolates (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069: `evil\u202Efdp.exe` shows as
 * `evilexe.pdf`), zero-width characters, line and paragraph separators and the BOM.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu;

/** A file name fit to keep and to send back: no folders, no control, bidi or zero-width characters. */
export function cleanFileName(name: string | undefined): string {
  let clean = (name ?? '').replace(UNSAFE_NAME_CHARS, '').replace(/[\\/]/g, '_').trim();
  const chars = Array.from(clean);
  if (chars.length > 200) {
    const dot = clean.lastIndexOf('.');
    const ext = dot > 0 && clean.length - dot <= 20 ? clean.slice(dot) : '';
    clean = chars.slice(0, 200 - ext.length).join('') + ext;
  }
  return clean || 'file';
}

/**
 * The name a file of `type` is kept and downloaded under: the cleaned name with the extension of
 * its detected type (`poly.html` holding a PNG → `poly.png`, `report` → `report.pdf`); the name's
 * own extension stays when it is the type's (any case) or one of its aliases.
 */
export function nameForType(name: string | undefined, type: AllowedType): string {
  const clean = cleanFileName(name);
  const dot = clean.lastIndexOf('.');
  const ext = dot >= 0 ? clean.slice(dot + 1).toLowerCase() : '';
  if (ext === type.ext || type.aliases?.includes(ext)) return clean;
  const base = (dot >= 0 ? clean.slice(0, dot) : clean).replace(/[.\s]+$/, '');
  return `${base || 'file'}.${type.ext}`;
}
