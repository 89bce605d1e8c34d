/**
 * An external timestamp authority (TSA_URL, issue 25 item 4): a tiny RFC 3161 server in this test
 * (built on the portal's own token code, under a CA of its own) answers over HTTP. The contract's
 * signatures carry its tokens, and the completed file its document timestamp; a reply whose token
 * carries another nonce, or is over another imprint, is refused (503 PRT_TIMESTAMP_UNAVAILABLE)
 * and nothing is signed.
 */
import { createServer, type Server } from 'node:http';
import { PDF, type PdfString } from '@libpdf/core';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { type Caller, signingApi } from '../../../test/signing-scene.ts';
import { createAuthority, type KeyPairDer, newSealKeys } from '../../platform/signing/pki.ts';
import { makeTestPdf } from '../../platform/signing/test-fixtures.ts';
import {
  checkTimestampToken,
  createTimestampToken,
  readTimestampRequest,
  signatureTimestampToken,
  timestampReply,
} from '../../platform/signing/timestamp.ts';

type Mode = 'honest' | 'wrongNonce' | 'wrongImprint';
let mode: Mode = 'honest';
const asked: string[] = [];
let server: Server;
let externalCa: KeyPairDer;
let externalTsa: KeyPairDer;
let t: TestApp;
let api: ReturnType<typeof signingApi>;
let reviewer: Caller;

/** The external authority: honest, or answering with a token that does not match the request. */
async function answer(body: Buffer): Promise<Uint8Array> {
  const read = readTimestampRequest(new Uint8Array(body));
  if (!read.ok) return timestampReply({ failure: read.failure });
  const request = read.request;
  if (mode === 'wrongNonce') request.nonce = new asn1js.Integer({ value: 42 });
  if (mode === 'wrongImprint') {
    const digest = Uint8Array.from(request.imprint.digest);
    digest[0] = (digest[0] ?? 0) ^ 1;
    request.imprint = { ...request.imprint, digest };
  }
  return timestampReply({ token: await createTimestampToken(externalTsa, [externalCa.certificateDer], request) });
}

beforeAll(async () => {
  externalCa = await createAuthority({ commonName: 'Elsewhere Time CA', organization: 'Elsewhere', validYears: 2 });
  externalTsa = await newSealKeys({
    authority: externalCa,
    subject: { commonName: 'Elsewhere TSA', organization: 'Elsewhere' },
    notBefore: new Date(Date.now() - 3_600_000),
    notAfter: new Date(Date.now() + 86_400_000),
    kind: 'tsa',
  });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      asked.push(`${req.method} ${req.headers['content-type']} ${req.headers.authorization}`);
      void answer(Buffer.concat(chunks)).then((reply) => {
        res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(Buffer.from(reply));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  t = await buildTestApp({
    TSA_URL: `http://127.0.0.1:${address.port}/tsr`,
    TSA_USERNAME: 'portal',
    TSA_PASSWORD: 's3cret',
  });
  api = signingApi(t.app, t.database.db);
  reviewer = await api.reviewer();
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The TSA certificates (DER, hex) of every token in the file: the signatures' and the document timestamp. */
async function tokenSigners(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDF.load(bytes);
  const signers: string[] = [];
  for (const field of pdf.getForm()?.getSignatureFields() ?? []) {
    const dict = field.getSignatureDict();
    if (!dict) continue;
    const padded = (dict.get('Contents') as PdfString).bytes;
    const contents = new Uint8Array(asn1js.fromBER(padded.slice().buffer).result.toBER(false));
    const token =
      dict.getName('SubFilter')?.value === 'ETSI.RFC3161'
        ? contents
        : signatureTimestampToken(
            new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(contents.slice().buffer).content })
              .signerInfos[0]!,
          );
    const checked = await checkTimestampToken(token!);
    signers.push(Buffer.from(checked.tsaCertificate.toSchema().toBER(false)).toString('hex'));
  }
  return signers;
}

describe('TSA_URL: an external timestamp authority', { timeout: 60_000 }, () => {
  it('gives every token of a contract both parties signed, asked over HTTP with the credentials', async () => {
    mode = 'honest';
    const { fullySigned } = await api.signedByBoth(reviewer);
    const external = Buffer.from(externalTsa.certificateDer).toString('hex');
    expect(await tokenSigners(fullySigned)).toEqual([external, external, external]);
    expect(asked.at(-1)).toBe(
      `POST application/timestamp-query Basic ${Buffer.from('portal:s3cret').toString('base64')}`,
    );
  });

  for (const tampered of ['wrongNonce', 'wrongImprint'] as const) {
    it(`refuses a reply with ${tampered === 'wrongNonce' ? 'another nonce' : 'another imprint'}: nothing is signed`, async () => {
      const deal = await api.agreedDeal();
      const seal = await api.effectiveSeal(deal.publisher, reviewer);
      const id = deal.intentionLgcSn;
      expect((await api.uploadContract(deal.publisher.cookie, id, await makeTestPdf(1))).statusCode).toBe(200);
      expect((await api.inject('POST', `/api/contracts/${id}/confirm`, deal.counterpart.cookie)).statusCode).toBe(200);
      mode = tampered;
      const before = asked.length;
      const res = await api.sign(deal.publisher, id, [{ sealLgcSn: seal, page: 1, x: 0.1, y: 0.1 }]);
      mode = 'honest';
      expect(asked.length).toBeGreaterThan(before);
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().code).toBe('PRT_TIMESTAMP_UNAVAILABLE');
      const view = (await api.inject('GET', `/api/contracts/${id}`, deal.publisher.cookie)).json().data;
      expect(view.can.sign).toBe(true);
      expect(view.events.filter((event: { kind: string }) => event.kind === 'signed')).toEqual([]);
      // The code was not used up: with an honest answer the same party signs.
      const again = await api.sign(deal.publisher, id, [{ sealLgcSn: seal, page: 1, x: 0.1, y: 0.1 }]);
      expect(again.statusCode, again.body).toBe(200);
    });
  }
});
