/**
 * PDF signing cost, in this process (no server): one party's turn on a 20-page contract (its seal
 * drawn on a page and its PAdES signature, as one incremental update), and checking a file that
 * two parties signed. Absolute times depend on the machine, so each is also given as a multiple of
 * two baselines measured in the same run on the same file: loading and saving it with libpdf
 * (incremental save, no change) and hashing it with SHA-256.
 */
import { createHash } from 'node:crypto';
import { PDF } from '@libpdf/core';
import { stampAndSign } from '../apps/server/src/platform/signing/pdf-sign.ts';
import { inspectPdfSignatures } from '../apps/server/src/platform/signing/pdf-verify.ts';
import {
  makeSealPng,
  makeTestAuthority,
  makeTestPdf,
  makeTestSealSigner,
} from '../apps/server/src/platform/signing/test-fixtures.ts';
import { type Figure, median } from './report.ts';

const RUNS = 15;

/** Median wall time of `run` over RUNS runs, after two unmeasured warm-up runs. */
async function timed(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return median(times);
}

export async function benchSigning(): Promise<Figure[]> {
  const ca = await makeTestAuthority();
  const bankA = await makeTestSealSigner(ca, { commonName: '华东商业银行合同专用章', organization: '华东商业银行' });
  const bankB = await makeTestSealSigner(ca, {
    commonName: 'Harbourview Bank Contract Seal',
    organization: 'Harbourview',
  });
  const png = makeSealPng(400);
  const contract = await makeTestPdf(20);
  const signedByA = await stampAndSign(contract, { stamps: [{ page: 1, x: 0.6, y: 0.75, png }], signer: bankA.signer });
  const signedByBoth = await stampAndSign(signedByA, {
    stamps: [{ page: 20, x: 0.1, y: 0.75, png }],
    signer: bankB.signer,
  });

  const loadSave = await timed(async () => (await PDF.load(contract)).save({ incremental: true }));
  const sha256 = await timed(async () => createHash('sha256').update(signedByBoth).digest());
  const signFirst = await timed(() =>
    stampAndSign(contract, { stamps: [{ page: 1, x: 0.6, y: 0.75, png }], signer: bankA.signer }),
  );
  const signSecond = await timed(() =>
    stampAndSign(signedByA, { stamps: [{ page: 20, x: 0.1, y: 0.75, png }], signer: bankB.signer }),
  );
  const inspect = await timed(async () => {
    const report = await inspectPdfSignatures(signedByBoth, { trustedRoots: [ca.certificateDer] });
    if (!report.signatures.every((s) => s.intact)) throw new Error('bench file does not verify');
  });

  const kb = (bytes: Uint8Array) => Math.round(bytes.length / 1024);
  return [
    {
      name: `baseline: libpdf load + incremental save, ${kb(contract)} KB contract, median of ${RUNS}`,
      value: loadSave,
      unit: 'ms',
    },
    { name: `baseline: SHA-256 of the ${kb(signedByBoth)} KB two-signature file`, value: sha256, unit: 'ms' },
    { name: 'first party: seal on page 1 + PAdES signature (20 pages)', value: signFirst, unit: 'ms' },
    { name: '  ÷ load + save baseline', value: signFirst / loadSave, unit: '×' },
    { name: 'second party: seal on page 20 + PAdES signature', value: signSecond, unit: 'ms' },
    { name: '  ÷ load + save baseline', value: signSecond / loadSave, unit: '×' },
    { name: 'inspect the two-signature file (both signatures, chains)', value: inspect, unit: 'ms' },
    { name: '  ÷ load + save baseline', value: inspect / loadSave, unit: '×' },
    { name: '  ÷ SHA-256 baseline', value: inspect / sha256, unit: '×' },
  ];
}
