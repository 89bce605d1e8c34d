import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF, type SignatureField } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { certutil } from '../../../test/require-tool.ts';
import { sealStampPng } from '../files/png.ts';
import { isPrefix, MM_TO_PT, PdfUnreadableError, StampPlacementError, stampAndSign } from './pdf-sign.ts';
import { inspectPdfSignatures } from './pdf-verify.ts';
import type { KeyPairDer } from './pki.ts';
import { toPem } from './pki.ts';
import {
  boundingBox,
  encodePng,
  encryptPdf,
  isBlue,
  isRed,
  makeHandWrittenPdf,
  makeSealPng,
  makeTestAuthority,
  makeTestPdf,
  makeTestSealSigner,
  makeWhiteDiscSealPng,
  renderPage,
  runPdfsig,
  type TestSeal,
} from './test-fixtures.ts';

let ca: KeyPairDer;
let bankA: TestSeal;
let bankB: TestSeal;
let contract: Uint8Array;
let signedByA: Uint8Array;
let signedByBoth: Uint8Array;
const seal = makeSealPng(200);

beforeAll(async () => {
  ca = await makeTestAuthority();
  bankA = await makeTestSealSigner(ca, { commonName: '华东商业银行合同专用章', organization: '华东商业银行' });
  bankB = await makeTestSealSigner(ca, {
    commonName: 'Harbourview Bank Contract Seal',
    organization: 'Harbourview Bank',
  });
  contract = await makeTestPdf(20);
  signedByA = await stampAndSign(contract, {
    stamps: [{ page: 1, x: 0.6, y: 0.75, png: seal }],
    signer: bankA.signer,
    reason: '同意合同条款',
    location: '上海',
    fieldName: 'bank-a',
  });
  signedByBoth = await stampAndSign(signedByA, {
    stamps: [{ page: 20, x: 0.1, y: 0.75, png: seal }],
    signer: bankB.signer,
    reason: 'Agreed',
    fieldName: 'bank-b',
  });
});

describe('stampAndSign: two parties', () => {
  it('appends each signature as an incremental update', () => {
    expect(isPrefix(contract, signedByA)).toBe(true);
    expect(isPrefix(signedByA, signedByBoth)).toBe(true);
    expect(signedByBoth.length).toBeGreaterThan(signedByA.length);
  });

  it('is accepted by poppler pdfsig: two valid signatures, the second over the whole file', () => {
    const { signatures, output } = runPdfsig(signedByBoth);
    expect(signatures, output).toHaveLength(2);
    expect(signatures.map((s) => s.signatureValidation)).toEqual(['Signature is Valid.', 'Signature is Valid.']);
    expect(signatures.map((s) => s.fieldName)).toEqual(['bank-a', 'bank-b']);
    expect(signatures.map((s) => s.commonName)).toEqual(['华东商业银行合同专用章', 'Harbourview Bank Contract Seal']);
    expect(signatures.map((s) => s.totalDocumentSigned)).toEqual([false, true]);
    expect(output).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(output).toMatch(/Signing Hash Algorithm: SHA-256/);
    // Without the CA in an NSS database, pdfsig cannot trust the issuer (see the certutil test).
    expect(signatures[0]!.certificateValidation).toMatch(/issuer isn't Trusted|Unknown issuer/i);
  });

  it('agrees with inspectPdfSignatures', async () => {
    const report = await inspectPdfSignatures(signedByBoth, { trustedRoots: [ca.certificateDer] });
    expect(report.signatures.map((s) => [s.fieldName, s.intact, s.coversWholeDocument])).toEqual([
      ['bank-a', true, false],
      ['bank-b', true, true],
    ]);
    expect(report.signatures.map((s) => s.signer?.commonName)).toEqual([
      '华东商业银行合同专用章',
      'Harbourview Bank Contract Seal',
    ]);
    expect(report.signatures.every((s) => s.certificate?.issuedByTrustedRoot)).toBe(true);
    expect(report.signatures.every((s) => s.subFilter === 'ETSI.CAdES.detached')).toBe(true);
    expect(report.modifiedAfterLastSignature).toBe(false);
  });

  it('one flipped byte in the first signed range: pdfsig and inspect both see it', async () => {
    const tampered = signedByBoth.slice();
    // Inside the original contract bytes, which both signatures cover.
    const at = Math.floor(contract.length / 2);
    tampered[at] = tampered[at]! ^ 0x01;
    const { signatures, output } = runPdfsig(tampered);
    expect(signatures, output).toHaveLength(2);
    for (const signature of signatures) expect(signature.signatureValidation).toBe('Digest Mismatch.');
    const report = await inspectPdfSignatures(tampered, { trustedRoots: [ca.certificateDer] });
    expect(report.signatures.map((s) => [s.digestMatches, s.signatureValid, s.intact])).toEqual([
      [false, true, false],
      [false, true, false],
    ]);
  });

  it('pdfsig trusts the certificate once the CA is in an NSS database', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nssdb-'));
    try {
      writeFileSync(join(dir, 'ca.pem'), toPem(ca.certificateDer, 'CERTIFICATE'));
      execFileSync(certutil(), ['-N', '-d', `sql:${dir}`, '--empty-password']);
      execFileSync(certutil(), [
        '-A',
        '-d',
        `sql:${dir}`,
        '-n',
        'portal-ca',
        '-t',
        'CT,C,C',
        '-i',
        join(dir, 'ca.pem'),
      ]);
      const { signatures, output } = runPdfsig(signedByBoth, { nssDir: dir });
      expect(
        signatures.map((s) => s.certificateValidation),
        output,
      ).toEqual(['Certificate is Trusted.', 'Certificate is Trusted.']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('stampAndSign: stamps', () => {
  const a4 = { width: 595.28, height: 841.89 };
  const size = 40 * MM_TO_PT;

  it('draws a 40 mm stamp with its top-left corner at the given fractions of the page', () => {
    const dpi = 72; // 1 px = 1 pt
    const box = boundingBox(renderPage(signedByA, 1, dpi), isRed)!;
    expect(box.left).toBeCloseTo(0.6 * a4.width, -0.5);
    expect(box.top).toBeCloseTo(0.75 * a4.height, -0.5);
    expect(box.right - box.left + 1).toBeCloseTo(size, -0.5);
    expect(box.bottom - box.top + 1).toBeCloseTo(size, -0.5);
    // Party B's stamp is on page 20, not page 1 of the first signed file.
    expect(boundingBox(renderPage(signedByBoth, 20, dpi), isRed)!.left).toBeCloseTo(0.1 * a4.width, -0.5);
    expect(boundingBox(renderPage(signedByA, 20, 18), isRed)).toBeNull();
  });

  /** 100 × 100 px, red top half, blue bottom half: shows where "up" went. */
  const twoTone = (() => {
    const rgba = new Uint8Array(100 * 100 * 4);
    for (let i = 0; i < 100 * 100; i++) rgba.set(i < 5000 ? [230, 0, 0, 255] : [0, 0, 230, 255], i * 4);
    return encodePng(100, 100, rgba);
  })();

  for (const rotate of [90, 180, 270] as const) {
    it(`places and turns the stamp upright on a page with /Rotate ${rotate}`, async () => {
      const pdf = await makeTestPdf(1, { rotate });
      const signed = await stampAndSign(pdf, {
        stamps: [{ page: 1, x: 0.1, y: 0.2, png: twoTone }],
        signer: bankA.signer,
      });
      const raster = renderPage(signed, 1, 72);
      const shown = rotate === 180 ? a4 : { width: a4.height, height: a4.width };
      expect(raster.width).toBeCloseTo(shown.width, -1);
      const red = boundingBox(raster, isRed)!;
      const blue = boundingBox(raster, isBlue)!;
      expect(Math.min(red.left, blue.left)).toBeCloseTo(0.1 * shown.width, -0.5);
      expect(Math.min(red.top, blue.top)).toBeCloseTo(0.2 * shown.height, -0.5);
      expect(red.cy).toBeLessThan(blue.cy); // red half on top: upright as displayed
      expect(Math.abs(red.cx - blue.cx)).toBeLessThan(2);
    });
  }

  it('measures from the CropBox, not the MediaBox', async () => {
    const pdf = await makeTestPdf(1, { cropBox: [100, 150, 400, 500] });
    const signed = await stampAndSign(pdf, { stamps: [{ page: 1, x: 0, y: 0, png: seal }], signer: bankA.signer });
    const raster = renderPage(signed, 1, 72); // pdftoppm shows the CropBox
    expect(raster.width).toBeCloseTo(400, -1);
    const box = boundingBox(raster, isRed)!;
    expect(box.left).toBeLessThanOrEqual(1);
    expect(box.top).toBeLessThanOrEqual(1);
    // The largest stamp that fits: right and bottom edges flush with the crop box.
    const corner = await stampAndSign(pdf, {
      stamps: [{ page: 1, x: 1 - size / 400, y: 1 - size / 500, png: seal }],
      signer: bankA.signer,
    });
    const flush = boundingBox(renderPage(corner, 1, 72), isRed)!;
    expect(flush.right).toBeGreaterThanOrEqual(398);
    expect(flush.bottom).toBeGreaterThanOrEqual(498);
  });

  it('reads MediaBox, CropBox and Rotate inherited from the page tree', async () => {
    // Landscape A4 media, cropped by 50 pt all round, shown rotated to portrait.
    const pdf = makeHandWrittenPdf({
      inherited: { mediaBox: [0, 0, 841.89, 595.28], cropBox: [50, 50, 791.89, 545.28], rotate: 270 },
    });
    const signed = await stampAndSign(pdf, {
      stamps: [{ page: 1, x: 0.5, y: 0.5, png: twoTone }],
      signer: bankA.signer,
    });
    const raster = renderPage(signed, 1, 72);
    const shown = { width: 595.28 - 100, height: 841.89 - 100 };
    expect(raster.width).toBeCloseTo(shown.width, -1);
    expect(raster.height).toBeCloseTo(shown.height, -1);
    const red = boundingBox(raster, isRed)!;
    const blue = boundingBox(raster, isBlue)!;
    expect(Math.min(red.left, blue.left)).toBeCloseTo(0.5 * shown.width, -0.5);
    expect(Math.min(red.top, blue.top)).toBeCloseTo(0.5 * shown.height, -0.5);
    expect(red.cy).toBeLessThan(blue.cy);
  });

  it('refuses stamps on missing pages or off the page, before changing anything', async () => {
    const tryStamp = (stamp: { page: number; x: number; y: number }, sizeMm?: number) =>
      stampAndSign(contract, { stamps: [{ ...stamp, png: seal }], signer: bankA.signer, sizeMm }).then(
        () => null,
        (error: unknown) => error,
      );
    for (const page of [0, 21, 1.5]) {
      const error = await tryStamp({ page, x: 0.5, y: 0.5 });
      expect(error).toBeInstanceOf(StampPlacementError);
      expect((error as StampPlacementError).code).toBe('PAGE_OUT_OF_RANGE');
    }
    for (const [x, y] of [
      [-0.01, 0.5],
      [0.5, 1.2],
      [0.9, 0.5], // a 40 mm stamp at 90% of the width crosses the right edge
      [0.5, 0.97],
      [Number.NaN, 0.5],
    ] as const) {
      const error = await tryStamp({ page: 3, x, y });
      expect(error, `${x}, ${y}`).toBeInstanceOf(StampPlacementError);
      expect((error as StampPlacementError).code).toBe('OUTSIDE_PAGE');
    }
    // The same position fits a smaller stamp.
    expect(await tryStamp({ page: 3, x: 0.9, y: 0.5 }, 15)).toBeNull();
  });

  it('signs with no stamps at all, and several stamps in one update', async () => {
    const plain = await stampAndSign(contract, { stamps: [], signer: bankB.signer });
    const many = await stampAndSign(contract, {
      stamps: [1, 5, 20].map((page) => ({ page, x: 0.7, y: 0.8, png: seal })),
      signer: bankB.signer,
    });
    for (const bytes of [plain, many]) {
      const report = await inspectPdfSignatures(bytes, { trustedRoots: [ca.certificateDer] });
      expect(report.signatures).toHaveLength(1);
      expect(report.signatures[0]!.intact).toBe(true);
      expect(report.signatures[0]!.coversWholeDocument).toBe(true);
    }
    expect(boundingBox(renderPage(plain, 1, 18), isRed)).toBeNull();
    for (const page of [1, 5, 20]) expect(boundingBox(renderPage(many, page, 18), isRed)).not.toBeNull();
    // One image object for the three stamps.
    expect(
      Buffer.from(many.subarray(contract.length))
        .toString('latin1')
        .match(/\/Subtype\s*\/Image/g),
    ).toHaveLength(2); // image + its alpha mask
  });
});

describe('stampAndSign: a seal is the signature’s appearance, not page content', () => {
  it('leaves every page’s /Contents as it was, and shows the seal as the widget of the party’s signature field', async () => {
    const before = await PDF.load(signedByA);
    const after = await PDF.load(signedByBoth);
    for (const index of [0, 19]) {
      expect(after.getPage(index)!.dict.get('Contents')).toEqual(before.getPage(index)!.dict.get('Contents'));
    }
    const field = after.getForm()!.getField('bank-b') as SignatureField;
    expect(field.isSigned()).toBe(true);
    // One stamp: the field is merged with its widget, on page 20, 40 mm square, with an appearance.
    const widget = field.getDict();
    expect(widget.getName('Subtype')?.value).toBe('Widget');
    expect(widget.getRef('P')).toEqual(after.getPage(19)!.ref);
    expect(widget.getDict('AP')?.get('N')).toBeDefined();
    const rect = widget.getArray('Rect')!;
    const [x1, , x2] = [0, 1, 2].map((i) => (rect.at(i) as { value: number }).value) as [number, number, number];
    expect(x2 - x1).toBeCloseTo(40 * MM_TO_PT, 1);
  });

  it('several stamps: one signature field, one visible widget per stamp, and pdfsig still sees one valid signature', async () => {
    const many = await stampAndSign(contract, {
      stamps: [1, 5, 20].map((page) => ({ page, x: 0.7, y: 0.8, png: seal })),
      signer: bankB.signer,
      fieldName: 'bank-b',
    });
    const { signatures, output } = runPdfsig(many);
    expect(
      signatures.map((s) => [s.fieldName, s.signatureValidation]),
      output,
    ).toEqual([['bank-b', 'Signature is Valid.']]);
    const pdf = await PDF.load(many);
    const kids = (pdf.getForm()!.getField('bank-b') as SignatureField).getDict().getArray('Kids')!;
    expect(kids.length).toBe(3);
  });

  it('a second party’s opaque white disc, turned transparent on the server, leaves the first party’s text readable; no page changed', async () => {
    const disc = makeWhiteDiscSealPng(200);
    // Over the clauses at the top left of page 1, which party A signed.
    const over = { page: 1, x: 0.08, y: 0.1 };
    const asUploaded = await stampAndSign(signedByA, { stamps: [{ ...over, png: disc }], signer: bankB.signer });
    const asStamped = await stampAndSign(signedByA, {
      stamps: [{ ...over, png: sealStampPng(Buffer.from(disc)) }],
      signer: bankB.signer,
    });
    // The disc's inside (72 dpi: 1 px = 1 pt), well within the red ring.
    const size = 40 * MM_TO_PT;
    const centre = { x: 0.08 * 595.28 + size / 2, y: 0.1 * 841.89 + size / 2 };
    const darkInDisc = (raster: ReturnType<typeof renderPage>) => {
      let dark = 0;
      for (let y = Math.round(centre.y - 30); y < centre.y + 30; y++) {
        for (let x = Math.round(centre.x - 30); x < centre.x + 30; x++) {
          const i = (y * raster.width + x) * 3;
          if (raster.rgb[i]! < 120 && raster.rgb[i + 1]! < 120 && raster.rgb[i + 2]! < 120) dark++;
        }
      }
      return dark;
    };
    expect(darkInDisc(renderPage(signedByA, 1, 72))).toBeGreaterThan(100); // text under the disc
    expect(darkInDisc(renderPage(asUploaded, 1, 72))).toBe(0); // the white disc as uploaded hides it
    expect(darkInDisc(renderPage(asStamped, 1, 72))).toBe(darkInDisc(renderPage(signedByA, 1, 72)));
    expect(boundingBox(renderPage(asStamped, 1, 72), isRed)).not.toBeNull(); // the ring still shows

    const { signatures, output } = runPdfsig(asStamped);
    expect(
      signatures.map((s) => s.signatureValidation),
      output,
    ).toEqual(['Signature is Valid.', 'Signature is Valid.']);
    const report = await inspectPdfSignatures(asStamped, { trustedRoots: [ca.certificateDer] });
    expect(report.pageChanges).toEqual({ byUpdate: [[], []], afterLast: [] });
  });
});

describe('stampAndSign: signature dictionary', () => {
  it('keeps reason, location and contact readable (no stray escapes)', async () => {
    const signed = await stampAndSign(contract, {
      stamps: [],
      signer: bankA.signer,
      reason: '同意合同条款 (第2版)\\附件',
      location: 'Shanghai (HQ)',
      contactInfo: 'seal-admin@bank.example',
    });
    const pdf = await PDF.load(signed);
    const field = pdf
      .getForm()!
      .getFields()
      .find((f) => f.type === 'signature') as SignatureField;
    const dict = field.getSignatureDict()!;
    expect(dict.getString('Reason')!.asString()).toBe('同意合同条款 （第2版）＼附件');
    expect(dict.getString('Location')!.asString()).toBe('Shanghai （HQ）');
    expect(dict.getString('ContactInfo')!.asString()).toBe('seal-admin@bank.example');
  });
});

describe('stampAndSign: files', () => {
  it('signs classic-xref, xref-stream and linearized files incrementally', async () => {
    const files = {
      classic: await makeTestPdf(3, { objectStreams: false }),
      xrefStreams: await makeTestPdf(3, { objectStreams: true }),
      linearized: makeHandWrittenPdf({ linearized: true }),
    };
    expect((await PDF.load(files.xrefStreams)).usesXRefStreams).toBe(true);
    expect((await PDF.load(files.linearized)).isLinearized).toBe(true);
    for (const [name, bytes] of Object.entries(files)) {
      const once = await stampAndSign(bytes, {
        stamps: [{ page: 1, x: 0.1, y: 0.1, png: seal }],
        signer: bankA.signer,
      });
      const twice = await stampAndSign(once, {
        stamps: [{ page: 1, x: 0.5, y: 0.5, png: seal }],
        signer: bankB.signer,
      });
      expect(isPrefix(bytes, once), name).toBe(true);
      expect(isPrefix(once, twice), name).toBe(true);
      const { signatures, output } = runPdfsig(twice);
      expect(
        signatures.map((s) => s.signatureValidation),
        `${name}\n${output}`,
      ).toEqual(['Signature is Valid.', 'Signature is Valid.']);
    }
  });

  it('refuses what is not a PDF, cannot be parsed, or is encrypted', async () => {
    const attempt = (bytes: Uint8Array) =>
      stampAndSign(bytes, { stamps: [], signer: bankA.signer }).then(
        () => null,
        (error: unknown) => error as PdfUnreadableError,
      );
    const garbage = await attempt(new TextEncoder().encode('this is not a pdf at all'));
    expect(garbage).toBeInstanceOf(PdfUnreadableError);
    expect(garbage!.code).toBe('NOT_PDF');
    const broken = await attempt(new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Foo 1 >>\n%%EOF\n'));
    expect(broken).toBeInstanceOf(PdfUnreadableError);
    expect(broken!.code).toBe('DAMAGED');
    const encrypted = await attempt(await encryptPdf(await makeTestPdf(2)));
    expect(encrypted).toBeInstanceOf(PdfUnreadableError);
    expect(encrypted!.code).toBe('ENCRYPTED');
  });
});
