/**
 * Checks every signature in a PDF, for the public /verify page and for the contract flow. libpdf
 * signs but does not verify, so this reads the CMS structures with pkijs.
 *
 * Signatures are found by scanning the raw bytes for `/ByteRange [a b c d]` arrays, not through a
 * PDF parser: a tampered or truncated file may no longer parse, and that is exactly the file whose
 * signatures must still be reported (as broken). The parser is used only for field names.
 *
 * Bounded (docs/security.md, Parsing limits): at most PARSE_LIMITS.pdfMaxSignatures distinct byte
 * ranges and the PDF limits of checkPdfLimits, both checked before anything is hashed or parsed;
 * the file is hashed once, each signature's revision digest taken from that one pass; the pages
 * of the revisions are compared within the bounds of pdf-page-changes.ts. It runs in the parser
 * pool (platform/untrusted), never on the thread that serves requests.
 *
 * A certificate is trusted only by signature (chainsToTrustedRoot): an issuer name equal to a
 * root's is the precondition for checking the root's signature on it, never a proof.
 *
 * Trusted time (docs/decisions/0016-trusted-time.md): a signature's timestamp token (PAdES B-T,
 * in its unsigned attributes) is checked, its imprint against the signature value and its
 * signature by a time-stamping certificate, and its genTime reported with whether that
 * certificate chains to a trusted root. Document timestamps (ETSI.RFC3161, PAdES B-LTA) are
 * reported apart from the signatures, each checked against the bytes it covers; and bytes after the
 * last signature are told apart when they only add validation data (a DSS) and document timestamps.
 *
 * Not supported (reported with intact: false): the legacy adbe.pkcs7.sha1 format.
 */
import { createHash } from 'node:crypto';
import type { PDF, PdfDict, PdfObject, PdfRef, SignatureField } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PARSE_LIMITS, ParseRefusal } from '../untrusted/limits.ts';
import { checkPdfLimits } from '../untrusted/pdf-limits.ts';
import { libpdf, loadLibpdf } from './libraries.ts';
import { comparePageRevisions, type PageChanges } from './pdf-page-changes.ts';
import { PdfUnreadableError } from './pdf-sign.ts';
import {
  cryptoEngine,
  type DescribedName,
  describeCertificateName,
  parseCertificate,
  serialHexOf,
  toArrayBuffer,
} from './pki.ts';
import { checkTimestampToken, IMPRINT_ALGORITHMS, signatureTimestampToken } from './timestamp.ts';

export { PdfUnreadableError };

export type SignerName = DescribedName;

export type PdfSignature = {
  fieldName: string | null;
  /** The signing-time signed attribute, else the signature dictionary's /M. A claim of the signer. */
  signedAt: Date | null;
  byteRange: [number, number, number, number];
  /** The byte range ends at the end of the file. */
  coversWholeDocument: boolean;
  /** SHA-256 of bytes [0, end of the byte range): the file as it was when this signature was made. */
  signedRevisionSha256: string;
  /** The messageDigest attribute equals the digest of the bytes the byte range covers. */
  digestMatches: boolean;
  /** The CMS signature over the signed attributes verifies with the signer certificate's key. */
  signatureValid: boolean;
  /** digestMatches && signatureValid && the byte range is well formed. */
  intact: boolean;
  signer: SignerName | null;
  certificate: {
    serialHex: string;
    /** SHA-256 of the signer certificate's DER, hex: the same certificate, byte for byte, has the same. */
    sha256: string;
    notBefore: Date;
    notAfter: Date;
    issuerCommonName: string | null;
    /** The certificate chains (by signature, through CA certificates) to one of the trusted roots. */
    issuedByTrustedRoot: boolean;
    /** signedAt lies within the signer certificate's validity (false when there is no signedAt). */
    validAtSigningTime: boolean;
  } | null;
  subFilter: string | null;
  /**
   * The RFC 3161 token over this signature (B-T): null without one. `valid`: it verifies, by a
   * time-stamping certificate, over this signature's value; `trusted`: that certificate chains to
   * a trusted root. Only a valid and trusted token proves `genTime`.
   */
  timestamp: TimestampReading | null;
};

export type TimestampReading = { valid: boolean; trusted: boolean; genTime: Date | null };

/** A document timestamp (ETSI.RFC3161): a token over the bytes its range covers. */
export type PdfDocumentTimestamp = {
  byteRange: [number, number, number, number];
  coversWholeDocument: boolean;
  /** The token verifies, and its imprint is the digest of the covered bytes. */
  intact: boolean;
  /** Its time-stamping certificate chains to a trusted root. */
  trusted: boolean;
  genTime: Date | null;
};

export type PdfSignatureReport = {
  /** SHA-256 of the whole file, hex. */
  sha256: string;
  /** In file order (the first signature made comes first). Document timestamps are apart. */
  signatures: PdfSignature[];
  documentTimestamps: PdfDocumentTimestamp[];
  /** Bytes were appended after the last signature's range. */
  modifiedAfterLastSignature: boolean;
  /**
   * The bytes after the last signature only add PAdES validation material: the catalog gains a
   * /DSS and the form gains document-timestamp fields, nothing else of the catalog changes (pages
   * are compared apart, in pageChanges). False when nothing was appended or it was not checked.
   */
  appendedOnlyValidationData: boolean;
  /**
   * Names of the files attached (/EmbeddedFiles) after the last signature, when
   * appendedOnlyValidationData: each is covered by an intact document timestamp whose token chains
   * to a trusted root (the portal's evidence reports). Empty otherwise.
   */
  attachedAfterLastSignature: string[];
  /**
   * The pages each signature's own update changed (`byUpdate`, aligned with `signatures`) and the
   * pages the bytes after the last signature changed; null when the pages were not compared (no
   * signature, a revision that does not load, or past the comparison's bounds).
   */
  pageChanges: PageChanges | null;
};

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  subjectKeyIdentifier: '2.5.29.14',
  basicConstraints: '2.5.29.19',
  rsaEncryption: '1.2.840.113549.1.1.1',
  ecPublicKey: '1.2.840.10045.2.1',
} as const;

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const WEBCRYPTO_DIGEST: Record<string, string> = {
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
};

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;
const MAX_CHAIN = 5;

type Range = [number, number, number, number];

/**
 * Reports every signature in `bytes`. Never throws for a damaged or tampered PDF (its signatures
 * come back with intact: false); throws PdfUnreadableError('NOT_PDF') only when the bytes have
 * no PDF header at all, ParseRefusal when the file is over a parsing limit. `now` is not used for validity: each certificate is judged at its
 * signature's claimed signing time.
 */
export async function inspectPdfSignatures(
  bytes: Uint8Array,
  { trustedRoots }: { trustedRoots: Uint8Array[] },
): Promise<PdfSignatureReport> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.subarray(0, 1024).toString('latin1').includes('%PDF-')) {
    throw new PdfUnreadableError('NOT_PDF', 'not a PDF file');
  }
  await loadLibpdf();
  const text = buffer.toString('latin1');
  const roots = trustedRoots.flatMap((der) => {
    try {
      return [parseCertificate(der)];
    } catch {
      return [];
    }
  });
  const { found, sha256 } = await inspectEach(bytes, buffer, text, roots);
  found.sort((a, b) => endOf(a.signature) - endOf(b.signature));
  const signed = found.filter(({ signature }) => !isTimestamp(signature));
  const signatures = signed.map(({ signature }) => signature);
  const documentTimestamps = found
    .filter(({ signature }) => isTimestamp(signature))
    .map(({ signature }) => documentTimestampOf(signature));
  const lastEnd = Math.min(buffer.length, Math.max(0, ...signatures.map(endOf)));
  const modifiedAfterLastSignature = signatures.length > 0 && lastEnd < buffer.length;
  // Files attached after the last signature count as validation material only under a trusted
  // document timestamp (the portal's evidence reports, docs/decisions/0020-evidence-attached.md).
  const timestampedEnds = found
    .filter(({ signature }) => isTimestamp(signature) && signature.intact && signature.timestamp?.trusted)
    .map(({ signature }) => Math.min(endOf(signature), buffer.length));
  const appended = modifiedAfterLastSignature ? await onlyValidationData(bytes, lastEnd, timestampedEnds) : null;
  return {
    sha256,
    signatures,
    documentTimestamps,
    modifiedAfterLastSignature,
    appendedOnlyValidationData: appended !== null,
    attachedAfterLastSignature: appended?.attached ?? [],
    pageChanges: signed[0]
      ? await comparePageRevisions(
          bytes,
          signatures.map((signature) => Math.min(endOf(signature), buffer.length)),
          signed[0].at,
        )
      : null,
  };
}

const DOCUMENT_TIMESTAMP = 'ETSI.RFC3161';
const isTimestamp = (signature: PdfSignature) => signature.subFilter === DOCUMENT_TIMESTAMP;
const endOf = (signature: { byteRange: Range }) => signature.byteRange[2] + signature.byteRange[3];

function documentTimestampOf(signature: PdfSignature): PdfDocumentTimestamp {
  return {
    byteRange: signature.byteRange,
    coversWholeDocument: signature.coversWholeDocument,
    intact: signature.intact,
    trusted: signature.timestamp?.trusted ?? false,
    genTime: signature.timestamp?.genTime ?? null,
  };
}

/**
 * Inspects the signature of every distinct /ByteRange (with where it stands in the file), after
 * checking the parsing limits; sha256 is the whole file's.
 */
async function inspectEach(bytes: Uint8Array, buffer: Buffer, text: string, roots: pkijs.Certificate[]) {
  const ranges = distinctByteRanges(text);
  // Before any parser reads it: objects and what its compressed streams inflate to.
  await checkPdfLimits(buffer, text);
  const revisions = revisionDigests(
    buffer,
    ranges.map(({ range }) => range[2] + range[3]),
  );
  const fieldNames = ranges.length ? await fieldNamesByRange(bytes) : new Map<string, string>();

  const found: Array<{ signature: PdfSignature; at: number }> = [];
  for (const { range, at } of ranges) {
    const revision = revisions.byEnd.get(Math.min(range[2] + range[3], buffer.length)) ?? revisions.whole;
    const signature = await inspectOne(
      buffer,
      text,
      range,
      at,
      roots,
      revision,
      fieldNames.get(range.join(' ')) ?? null,
    );
    found.push({ signature, at });
  }
  return { found, sha256: revisions.whole };
}
/**
 * What the catalog may gain after the last signature: the DSS, the form's new timestamp fields, and
 * attachments in the name dictionary (under a trusted document timestamp, see attachedFiles).
 */
const VALIDATION_KEYS = new Set(['DSS', 'AcroForm', 'Names']);

/**
 * Whether the updates after `revisionEnd` (the last signature's revision) only add validation
 * material: every catalog entry but /DSS, /AcroForm and /Names is the same object as before, the
 * form's entries but /Fields too, and each field added is a signature field whose value is a
 * /DocTimeStamp; the name dictionary's entries but /EmbeddedFiles are the same, the earlier
 * attachments stay, and each attachment added lies in the revision of one of `timestampedEnds`.
 * Null when not (any doubt, a revision that does not load, answers null); else the attachments added.
 */
async function onlyValidationData(
  bytes: Uint8Array,
  revisionEnd: number,
  timestampedEnds: number[],
): Promise<{ attached: string[] } | null> {
  const attached = await onlyValidationUpdates(bytes, revisionEnd);
  if (attached === null || attached.length === 0) return attached === null ? null : { attached };
  for (const end of timestampedEnds.filter((end) => end > revisionEnd)) {
    try {
      const covered = embeddedFiles(await libpdf.PDF.load(bytes.subarray(0, end)));
      if (covered && attached.every((name) => covered.has(name))) return { attached };
    } catch {
      // that revision does not load: it covers nothing
    }
  }
  return null;
}

/** The attachments of the name tree, name to file specification (as text); null past the bounds. */
function embeddedFiles(pdf: PDF): Map<string, string> | null {
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const files = new Map<string, string>();
  const visit = (node: PdfDict | undefined, depth: number): boolean => {
    if (!node) return true;
    if (depth > 8 || files.size > 1_000) return false;
    const names = node.getArray('Names', resolve)?.toArray() ?? [];
    for (let i = 0; i + 1 < names.length; i += 2) {
      const key = names[i] as { bytes?: Uint8Array } | undefined;
      files.set(Buffer.from(key?.bytes ?? []).toString('latin1'), serialized(names[i + 1]));
    }
    return (node.getArray('Kids', resolve)?.toArray() ?? []).every((kid) =>
      visit(kid instanceof libpdf.PdfRef ? (resolve(kid) as PdfDict) : (kid as PdfDict), depth + 1),
    );
  };
  const tree = pdf.getCatalog().getDict('Names', resolve)?.getDict('EmbeddedFiles', resolve);
  return visit(tree, 0) ? files : null;
}

/**
 * The updates after `revisionEnd` add only validation data and attachments: the attachments'
 * names, or null.
 */
async function onlyValidationUpdates(bytes: Uint8Array, revisionEnd: number): Promise<string[] | null> {
  try {
    const [before, after] = await Promise.all([
      libpdf.PDF.load(bytes.subarray(0, revisionEnd)),
      libpdf.PDF.load(bytes),
    ]);
    const catalogBefore = before.getCatalog();
    const catalogAfter = after.getCatalog();
    const keys = new Set([...catalogBefore.keys(), ...catalogAfter.keys()].map((key) => key.value));
    for (const key of keys) {
      if (!VALIDATION_KEYS.has(key) && serialized(catalogBefore.get(key)) !== serialized(catalogAfter.get(key)))
        return null;
    }
    // An object of the earlier revision redefined later is allowed only for the catalog, the form,
    // the name dictionary and its attachments' tree, and the pages (compared apart); objects packed
    // in object streams are not read here: refused.
    const appended = Buffer.from(bytes.buffer, bytes.byteOffset + revisionEnd, bytes.byteLength - revisionEnd).toString(
      'latin1',
    );
    if (/\/Type\s*\/ObjStm/.test(appended)) return null;
    // Whole updates only, each defining objects: nothing trails the last %%EOF.
    const sections = appended.split('%%EOF');
    if (sections.length < 2 || sections.at(-1)!.trim() !== '') return null;
    if (!sections.slice(0, -1).every((section) => /\d+\s+\d+\s+obj\b/.test(section))) return null;
    const root = [...appended.matchAll(/\/Root\s+(\d+)\s+(\d+)\s+R/g)].at(-1);
    const names = catalogBefore.get('Names');
    const tree = catalogBefore.getDict('Names', (ref) => before.getObject(ref))?.get('EmbeddedFiles');
    const allowed = new Set(
      [
        root ? `${root[1]} ${root[2]} R` : '',
        ...[catalogAfter.get('AcroForm'), names, tree].map((ref) =>
          ref instanceof libpdf.PdfRef ? serialized(ref) : '',
        ),
        ...Array.from({ length: before.getPageCount() }, (_, i) => serialized(before.getPage(i)!.ref)),
      ].filter(Boolean),
    );
    for (const match of appended.matchAll(/(?:^|\s)(\d+)\s+(\d+)\s+obj\b/g)) {
      const ref = libpdf.PdfRef.of(Number(match[1]), Number(match[2]));
      if (!allowed.has(serialized(ref)) && before.getObject(ref) != null) return null;
    }
    return formGainsOnlyTimestamps(before, after) ? attachmentsAdded(before, after) : null;
  } catch {
    return null;
  }
}

/** The form's entries but /Fields and /SigFlags stay, and each field added is a document timestamp. */
function formGainsOnlyTimestamps(before: PDF, after: PDF): boolean {
  const resolveBefore = (ref: PdfRef) => before.getObject(ref);
  const resolveAfter = (ref: PdfRef) => after.getObject(ref);
  const same = (a: PdfObject | undefined, b: PdfObject | undefined) => serialized(a) === serialized(b);
  const formBefore = before.getCatalog().getDict('AcroForm', resolveBefore);
  const formAfter = after.getCatalog().getDict('AcroForm', resolveAfter);
  if (!formAfter) return !formBefore;
  for (const key of new Set([...(formBefore?.keys() ?? []), ...formAfter.keys()].map((k) => k.value))) {
    if (key !== 'Fields' && key !== 'SigFlags' && !same(formBefore?.get(key), formAfter.get(key))) return false;
  }
  const fieldsBefore = new Set(
    (formBefore?.getArray('Fields', resolveBefore)?.toArray() ?? []).map((field) => serialized(field)),
  );
  const fieldsAfter = formAfter.getArray('Fields', resolveAfter)?.toArray() ?? [];
  for (const field of fieldsBefore) if (!fieldsAfter.some((f) => serialized(f) === field)) return false;
  for (const field of fieldsAfter) {
    if (fieldsBefore.has(serialized(field))) continue;
    const dict = field instanceof libpdf.PdfRef ? after.getObject(field) : field;
    if (!(dict instanceof libpdf.PdfDict) || dict.getName('FT')?.value !== 'Sig') return false;
    const value = dict.getDict('V', resolveAfter);
    if (value?.getName('Type')?.value !== 'DocTimeStamp') return false;
  }
  return true;
}

/**
 * The names of the attachments `after` adds to `before`; null when the name dictionary changed
 * otherwise (an entry but /EmbeddedFiles, or an earlier attachment removed or replaced).
 */
function attachmentsAdded(before: PDF, after: PDF): string[] | null {
  const namesBefore = before.getCatalog().getDict('Names', (ref) => before.getObject(ref));
  const namesAfter = after.getCatalog().getDict('Names', (ref) => after.getObject(ref));
  const keys = new Set([...(namesBefore?.keys() ?? []), ...(namesAfter?.keys() ?? [])].map((key) => key.value));
  for (const key of keys) {
    if (key !== 'EmbeddedFiles' && serialized(namesBefore?.get(key)) !== serialized(namesAfter?.get(key))) return null;
  }
  const filesBefore = embeddedFiles(before);
  const filesAfter = embeddedFiles(after);
  if (!filesBefore || !filesAfter) return null;
  for (const [name, spec] of filesBefore) if (filesAfter.get(name) !== spec) return null;
  return [...filesAfter.keys()].filter((name) => !filesBefore.has(name));
}

/**
 * An object as text for comparison: a reference as "N G R" (an update that changes an object
 * under the same reference is caught by the page comparison or by the catalog's own entries),
 * arrays and dictionaries item by item; a stream, a direct one, by its dictionary only.
 */
function serialized(value: PdfObject | undefined, depth = 0): string {
  if (value === undefined) return '';
  if (depth > 32) return '…';
  if (value instanceof libpdf.PdfRef) return `${value.objectNumber} ${value.generation} R`;
  if (value instanceof libpdf.PdfArray)
    return `[${value
      .toArray()
      .map((item) => serialized(item, depth + 1))
      .join(' ')}]`;
  if (value instanceof libpdf.PdfDict) {
    const entries = [...value.keys()].map((key) => key.value).sort();
    return `<<${entries.map((key) => `/${key} ${serialized(value.get(key), depth + 1)}`).join(' ')}>>`;
  }
  const primitive = value as { type: string; value?: unknown; bytes?: Uint8Array };
  return `${primitive.type}:${primitive.bytes ? Buffer.from(primitive.bytes).toString('hex') : String(primitive.value)}`;
}

/**
 * The distinct `/ByteRange [a b c d]` arrays, in file order; refuses more than
 * PARSE_LIMITS.pdfMaxSignatures before any of them is hashed.
 */
function distinctByteRanges(text: string): Array<{ range: Range; at: number }> {
  const ranges: Array<{ range: Range; at: number }> = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(BYTE_RANGE)) {
    const range = match.slice(1, 5).map(Number) as Range;
    const key = range.join(' ');
    if (seen.has(key)) continue; // an update may repeat a signature dictionary unchanged
    seen.add(key);
    if (seen.size > PARSE_LIMITS.pdfMaxSignatures) {
      throw new ParseRefusal('PRT_PDF_TOO_MANY_SIGNATURES', { max: PARSE_LIMITS.pdfMaxSignatures });
    }
    ranges.push({ range, at: match.index });
  }
  return ranges;
}

/**
 * SHA-256 of the file's first `end` bytes for every end asked, and of the whole file: one pass
 * over the bytes, the running hash copied at each end.
 */
function revisionDigests(file: Buffer, ends: number[]): { whole: string; byEnd: Map<number, string> } {
  const hash = createHash('sha256');
  const byEnd = new Map<number, string>();
  let done = 0;
  for (const end of [...new Set(ends.map((e) => Math.min(e, file.length)))].sort((x, y) => x - y)) {
    hash.update(file.subarray(done, end));
    done = end;
    byEnd.set(end, hash.copy().digest('hex'));
  }
  hash.update(file.subarray(done));
  return { whole: hash.digest('hex'), byEnd };
}

/** Field names of the signed signature fields, keyed by their byte range; empty when the file does not parse. */
async function fieldNamesByRange(bytes: Uint8Array): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  try {
    const pdf = await libpdf.PDF.load(bytes);
    for (const field of pdf.getForm()?.getFields() ?? []) {
      if (field.type !== 'signature') continue;
      const signature = field as SignatureField;
      if (!signature.isSigned()) continue;
      const array = signature.getSignatureDict()?.getArray('ByteRange');
      if (array?.length !== 4) continue;
      const values = Array.from({ length: 4 }, (_, i) => (array!.at(i) as { value?: unknown } | undefined)?.value);
      if (field.name) names.set(values.join(' '), field.name);
    }
  } catch {
    // A file libpdf cannot read still has its signatures reported, without field names.
  }
  return names;
}

/**
 * The text of the signature dictionary around `at`: back to "N G obj" and on to "endobj" (each
 * at most 8 KB away), with the /Contents hex string, before or after /ByteRange, cut out.
 */
function objectText(text: string, at: number, range: Range): string {
  const gapStart = range[0] + range[1];
  const gapEnd = range[2];
  const hasGap = gapStart < gapEnd && gapEnd <= text.length;
  const back = hasGap && gapEnd <= at ? gapStart : at;
  // Searched within 8 KB each way: never a scan of the whole file per signature.
  const from = Math.max(0, back - 8192);
  const before = text.slice(from, back).lastIndexOf(' obj');
  const start = before < 0 ? from : from + before;
  const forward = hasGap && gapStart >= at ? gapEnd : at;
  const after = text.slice(forward, forward + 8192 + 6).indexOf('endobj');
  const end = after < 0 ? Math.min(text.length, forward + 8192) : forward + after;
  if (hasGap && gapStart >= start && gapEnd <= end) return text.slice(start, gapStart) + text.slice(gapEnd, end);
  return text.slice(start, end);
}

/** A PDF date string "D:YYYYMMDDHHmmSSOHH'mm'" (§7.9.4); null when unreadable. */
export function parsePdfDate(value: string): Date | null {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(value.trim());
  if (!m) return null;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, oh = '00', om = '00'] = m;
  const utc = Date.UTC(+year!, +month - 1, +day, +hour, +minute, +second);
  const offset = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (+oh * 60 + +om) * 60_000 : 0;
  const date = new Date(utc - offset);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The two parts of the file a signature's byte range covers (all but the /Contents gap). */
type SignedParts = readonly [Buffer, Buffer];

function digestOfParts(algorithm: string, [head, tail]: SignedParts): Buffer {
  return createHash(algorithm).update(head).update(tail).digest();
}

async function inspectOne(
  file: Buffer,
  text: string,
  range: Range,
  at: number,
  roots: pkijs.Certificate[],
  signedRevisionSha256: string,
  fieldName: string | null,
): Promise<PdfSignature> {
  const [a, b, c, d] = range;
  const end = c + d;
  const inFile = a + b <= c && end <= file.length;
  const dict = objectText(text, at, range);
  const subFilter = /\/SubFilter\s*\/([^\s/<>[\]()]+)/.exec(dict)?.[1] ?? null;
  const claimedM = /\/M\s*\((D:[^)]*)\)/.exec(dict)?.[1];

  // The gap must be exactly the /Contents hex string: '<' at a+b, '>' at c-1, hex digits between.
  const gap = inFile ? text.slice(a + b, c) : '';
  const gapIsContents =
    inFile &&
    /^<[0-9A-Fa-f]*>$/.test(gap) &&
    gap.length % 2 === 0 &&
    /\/Contents\s*$/.test(text.slice(Math.max(0, a + b - 32), a + b));
  const wellFormed = a === 0 && b > 0 && d >= 0 && gapIsContents;

  const result: PdfSignature = {
    fieldName,
    signedAt: claimedM ? parsePdfDate(claimedM) : null,
    byteRange: range,
    coversWholeDocument: end === file.length,
    signedRevisionSha256,
    digestMatches: false,
    signatureValid: false,
    intact: false,
    signer: null,
    certificate: null,
    subFilter,
    timestamp: null,
  };
  if (!gapIsContents) return result;
  const contents = Buffer.from(gap.slice(1, -1), 'hex');
  const parts: SignedParts = [file.subarray(a, a + b), file.subarray(c, end)];

  if (subFilter === DOCUMENT_TIMESTAMP) {
    // The token's imprint is the digest of the bytes the range covers: that is its signature.
    const reading = await readTimestamp(contents, roots, (algorithm) => digestOfParts(algorithm, parts));
    result.timestamp = reading;
    result.signedAt = reading.genTime;
    result.intact = wellFormed && reading.valid;
    result.digestMatches = result.signatureValid = reading.valid;
    return result;
  }

  await inspectCms(result, contents, parts, roots);
  result.intact = wellFormed && result.digestMatches && result.signatureValid;
  return result;
}

/** Fills in `result` from the CMS signature in /Contents; an unreadable one leaves it not intact. */
async function inspectCms(
  result: PdfSignature,
  contents: Buffer,
  parts: SignedParts,
  roots: pkijs.Certificate[],
): Promise<void> {
  try {
    const cms = parseSignedData(contents);
    const signerInfo = cms.signerInfos[0];
    if (!signerInfo) return;
    const token = signatureTimestampToken(signerInfo);
    if (token) {
      const signatureValue = signerInfo.signature.valueBlock.valueHexView;
      result.timestamp = await readTimestamp(token, roots, (algorithm) =>
        createHash(algorithm).update(signatureValue).digest(),
      );
    }
    const certificates = (cms.certificates ?? []).filter((x): x is pkijs.Certificate => x instanceof pkijs.Certificate);
    const signerCert = findSignerCertificate(signerInfo, certificates);
    const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId];

    const signingTime = signerInfo.signedAttrs?.attributes.find((x) => x.type === OID.signingTime)?.values[0];
    if (signingTime instanceof asn1js.UTCTime || signingTime instanceof asn1js.GeneralizedTime) {
      result.signedAt = signingTime.toDate();
    }

    if (digestName) await checkDigestAndSignature(result, signerInfo, signerCert, digestName, parts);

    if (signerCert) {
      result.signer = describeCertificateName(signerCert.subject);
      result.certificate = await describeSignerCertificate(signerCert, certificates, roots, result.signedAt);
    }
  } catch {
    // Unreadable CMS: the signature stays reported as not intact.
  }
}

/** Sets digestMatches (the signed message digest is the parts' digest) and signatureValid. */
async function checkDigestAndSignature(
  result: PdfSignature,
  signerInfo: pkijs.SignerInfo,
  signerCert: pkijs.Certificate | undefined,
  digestName: string,
  parts: SignedParts,
): Promise<void> {
  const hash = digestOfParts(digestName, parts);
  const messageDigest = signerInfo.signedAttrs?.attributes.find((x) => x.type === OID.messageDigest)?.values[0];
  if (messageDigest instanceof asn1js.OctetString) {
    result.digestMatches = Buffer.from(messageDigest.valueBlock.valueHexView).equals(hash);
  }
  if (signerCert) {
    result.signatureValid = await verifySignerInfo(
      signerInfo,
      signerCert,
      WEBCRYPTO_DIGEST[digestName]!,
      parts[0],
      parts[1],
    );
    if (!signerInfo.signedAttrs) result.digestMatches = result.signatureValid;
  }
}

async function describeSignerCertificate(
  signerCert: pkijs.Certificate,
  certificates: pkijs.Certificate[],
  roots: pkijs.Certificate[],
  signedAt: Date | null,
): Promise<NonNullable<PdfSignature['certificate']>> {
  const notBefore = signerCert.notBefore.value;
  const notAfter = signerCert.notAfter.value;
  const time = signedAt?.getTime();
  return {
    serialHex: serialHexOf(signerCert),
    sha256: createHash('sha256')
      .update(new Uint8Array(signerCert.toSchema(true).toBER(false)))
      .digest('hex'),
    notBefore,
    notAfter,
    issuerCommonName: describeCertificateName(signerCert.issuer).commonName,
    issuedByTrustedRoot: await chainsToTrustedRoot(signerCert, certificates, roots),
    validAtSigningTime: time !== undefined && time >= notBefore.getTime() && time <= notAfter.getTime(),
  };
}

/**
 * Checks an RFC 3161 token (timestamp.ts) whose imprint must be `digestOf` the data it stamps,
 * and whether its time-stamping certificate chains to a trusted root.
 */
async function readTimestamp(
  token: Uint8Array,
  roots: pkijs.Certificate[],
  digestOf: (nodeAlgorithm: string) => Uint8Array,
): Promise<TimestampReading> {
  try {
    const checked = await checkTimestampToken(token);
    const expected = digestOf(IMPRINT_ALGORITHMS[checked.imprint.algorithm].node);
    if (!Buffer.from(expected).equals(Buffer.from(checked.imprint.digest))) {
      return { valid: false, trusted: false, genTime: null };
    }
    return {
      valid: true,
      trusted: await chainsToTrustedRoot(checked.tsaCertificate, checked.certificates, roots),
      genTime: checked.genTime,
    };
  } catch {
    return { valid: false, trusted: false, genTime: null };
  }
}

function parseSignedData(der: Uint8Array): pkijs.SignedData {
  // The hex string is zero-padded after the DER; fromBER reads the first element and stops.
  const asn1 = asn1js.fromBER(toArrayBuffer(der));
  if (asn1.offset === -1) throw new Error('not DER');
  const contentInfo = new pkijs.ContentInfo({ schema: asn1.result });
  if (contentInfo.contentType !== OID.signedData) throw new Error('not SignedData');
  return new pkijs.SignedData({ schema: contentInfo.content });
}

function findSignerCertificate(
  signerInfo: pkijs.SignerInfo,
  certificates: pkijs.Certificate[],
): pkijs.Certificate | undefined {
  const sid = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return certificates.find((cert) => cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber));
  }
  // [0] SubjectKeyIdentifier
  const wanted = Buffer.from((sid as asn1js.Primitive).valueBlock.valueHexView);
  return certificates.find((cert) => {
    const ski = cert.extensions?.find((e) => e.extnID === OID.subjectKeyIdentifier)?.parsedValue;
    return ski instanceof asn1js.OctetString && Buffer.from(ski.valueBlock.valueHexView).equals(wanted);
  });
}

async function verifySignerInfo(
  signerInfo: pkijs.SignerInfo,
  certificate: pkijs.Certificate,
  hashName: string,
  ...content: Uint8Array[]
): Promise<boolean> {
  try {
    // With signed attributes the signature covers their DER (as a SET); without, the content itself.
    const data = signerInfo.signedAttrs ? signerInfo.signedAttrs.encodedValue : toArrayBuffer(Buffer.concat(content));
    const algorithmId = signerInfo.signatureAlgorithm.algorithmId;
    // A bare key algorithm (rsaEncryption, id-ecPublicKey) names no hash: the digest algorithm gives it.
    const bare = algorithmId === OID.rsaEncryption || algorithmId === OID.ecPublicKey;
    return await cryptoEngine.verifyWithPublicKey(
      data,
      signerInfo.signature,
      certificate.subjectPublicKeyInfo,
      signerInfo.signatureAlgorithm,
      bare ? hashName : undefined,
    );
  } catch {
    return false;
  }
}

const isCa = (cert: pkijs.Certificate) => {
  const bc = cert.extensions?.find((e) => e.extnID === OID.basicConstraints)?.parsedValue;
  return bc instanceof pkijs.BasicConstraints && bc.cA === true;
};

async function signedBy(cert: pkijs.Certificate, issuer: pkijs.Certificate): Promise<boolean> {
  if (!cert.issuer.isEqual(issuer.subject)) return false;
  try {
    return await cert.verify(issuer, cryptoEngine);
  } catch {
    return false;
  }
}

/**
 * Whether `cert` chains to one of `roots`: each link's signature verifies with the next
 * certificate's key, and every intermediate (taken from the signature's embedded certificates) is
 * a CA. Dates and revocation are not part of this check.
 */
async function chainsToTrustedRoot(
  cert: pkijs.Certificate,
  pool: pkijs.Certificate[],
  roots: pkijs.Certificate[],
): Promise<boolean> {
  let current = cert;
  for (let depth = 0; depth < MAX_CHAIN; depth++) {
    for (const root of roots) if (await signedBy(current, root)) return true;
    let next: pkijs.Certificate | undefined;
    for (const candidate of pool) {
      if (candidate !== current && isCa(candidate) && (await signedBy(current, candidate))) {
        next = candidate;
        break;
      }
    }
    if (!next) return false;
    current = next;
  }
  return false;
}
