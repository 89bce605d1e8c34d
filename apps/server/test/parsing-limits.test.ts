/**
 * Issue 24, items 1–3: every parser of a client's bytes is bounded in time and memory and none
 * blocks the event loop. The hostile files are made here (test/hostile-files.ts) and posted to a
 * real listening server from another process (test/probe-client.mjs) while that process asks
 * /healthz one request after another: each file must be refused within a second with its own
 * code, and /healthz must answer within 100 ms throughout.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { translate } from '@portal/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { makeSealPng, makeTestPdf } from '../src/platform/signing/test-fixtures.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { byteRangeFlood, transparentPngOfZeros, withBadCrc, xrefBombPdf } from './hostile-files.ts';
import { signingApi } from './signing-scene.ts';

const MB = 1024 * 1024;
const run = promisify(execFile);

let t: TestApp;
let base: string;
let api: ReturnType<typeof signingApi>;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  api = signingApi(t.app, t.database.db);
  // The pool's workers start with the first file; start both here, as a running server has them.
  const tiny = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< >>\n%%EOF\n', 'latin1');
  await Promise.all([verify(tiny), verify(tiny)]);
}, 120_000);

type Answer = { status: number; body: { code: string; message: string; data?: unknown } };

async function verify(bytes: Buffer, lang = 'en-US'): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'file.pdf');
  const res = await fetch(`${base}/api/verify`, { method: 'POST', body: form, headers: { 'accept-language': lang } });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/**
 * Posts `bytes` to `path` from another process (test/probe-client.mjs) while that process asks
 * /healthz one request after another: the answer, how long it took, and the slowest /healthz.
 */
async function postWhileProbing(
  path: string,
  bytes: Uint8Array,
  options: { name?: string; fields?: Record<string, string>; cookie?: string } = {},
) {
  const dir = await mkdtemp(join(tmpdir(), 'hostile-'));
  const file = join(dir, options.name ?? 'file.pdf');
  await writeFile(file, bytes);
  try {
    const client = fileURLToPath(new URL('./probe-client.mjs', import.meta.url));
    const args = [client, base, path, file, JSON.stringify(options.fields ?? {}), options.cookie ?? ''];
    const { stdout } = await run(process.execPath, args);
    const answer = JSON.parse(stdout) as Answer & { took: number; probes: number[]; idle: number[] };
    const slowestIdle = Math.max(...answer.idle);
    return {
      ...answer,
      slowestProbe: Math.max(...answer.probes),
      slowestIdle,
      // The bounds (1 s, 100 ms), plus what a loaded machine adds by itself (the slowest
      // idle /healthz, three times over): on a quiet machine that is a few milliseconds.
      answerBound: 1000 + 3 * slowestIdle,
      probeBound: 100 + 3 * slowestIdle,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `request` in this process while the event loop's delay is recorded: its result and the longest delay. */
async function withLoopDelay<T>(request: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  const result = await request();
  const took = performance.now() - started;
  histogram.disable();
  return { result, took, maxDelay: histogram.max / 1e6 };
}

function expectRefusal(
  body: { code: string; message: string },
  code: string,
  params: Record<string, string | number>,
  lang: 'en-US' | 'zh-CN' = 'en-US',
) {
  expect(body.code).toBe(code);
  expect(body.message).toBe(translate(lang, `errors.${code}`, params));
}

/**
 * The timed tests may run three times: on a shared two-core machine another process can be
 * scheduled over a /healthz probe now and then, while a parser that blocks the event loop (seconds
 * on the old code) fails every try.
 */
const TIMED = { retry: 2 };

type Probed = Awaited<ReturnType<typeof postWhileProbing>>;

/** Prints the times (the report of issue 24 quotes them) and checks them against the bounds. */
function expectServedThroughout(what: string, answer: Probed) {
  console.info(
    `${what}: answered in ${answer.took.toFixed(0)} ms; ${answer.probes.length} /healthz meanwhile, ` +
      `slowest ${answer.slowestProbe.toFixed(1)} ms (idle: slowest ${answer.slowestIdle.toFixed(1)} ms)`,
  );
  expect(answer.probes.length).toBeGreaterThan(0);
  expect(answer.took).toBeLessThan(answer.answerBound);
  expect(answer.slowestProbe).toBeLessThan(answer.probeBound);
}

describe('/verify, anonymous: hostile PDFs refused within a second while /healthz answers', TIMED, () => {
  const cases: Array<{ name: string; file: () => Buffer; code: string; params: Record<string, string | number> }> = [
    {
      name: 'a 1 MB file of distinct /ByteRange [0 a b c] lines',
      file: () => byteRangeFlood(MB),
      code: 'PRT_PDF_TOO_MANY_SIGNATURES',
      params: { max: 16 },
    },
    {
      name: 'a 3 MB file whose only xref is a compressed stream of zeros',
      file: () => xrefBombPdf(3 * MB),
      code: 'PRT_PDF_STREAM_TOO_LARGE',
      params: { limit: '16 MB' },
    },
  ];
  it.each(cases)('$name → 422 $code', async ({ name, file, code, params }) => {
    const bytes = file();
    const rssBefore = process.memoryUsage().rss;
    const answer = await postWhileProbing('/api/verify', bytes);
    expectServedThroughout(name, answer);
    expect(answer.status).toBe(422);
    expectRefusal(answer.body, code, params);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(512 * MB);
    // In the reader's language: the same refusal in Chinese.
    const zh = await verify(bytes, 'zh-CN');
    expect(zh.status).toBe(422);
    expectRefusal(zh.body, code, params, 'zh-CN');
  });

  it('an ordinary signed-for-verification PDF still verifies (the limits do not refuse it)', async () => {
    const res = await verify(Buffer.from(await makeTestPdf(2)));
    expect(res.status).toBe(200);
  });
});

async function uploadAndConfirm(deal: Awaited<ReturnType<typeof api.agreedDeal>>) {
  const up = await api.uploadContract(deal.publisher.cookie, deal.intentionLgcSn, await makeTestPdf(1), 'Agreement');
  if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
  const confirmed = await api.inject('POST', `/api/contracts/${deal.intentionLgcSn}/confirm`, deal.counterpart.cookie);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
}

describe('a contract upload by a party: the same bomb refused within a second', TIMED, () => {
  it('xref bomb → 422 PRT_PDF_STREAM_TOO_LARGE, nothing stored, /healthz answered throughout', async () => {
    const deal = await api.agreedDeal();
    const answer = await postWhileProbing(`/api/contracts/${deal.intentionLgcSn}/upload`, xrefBombPdf(3 * MB), {
      name: 'contract.pdf',
      cookie: deal.publisher.cookie,
    });
    expectServedThroughout('contract upload, xref bomb', answer);
    expect(answer.status).toBe(422);
    expectRefusal(answer.body, 'PRT_PDF_STREAM_TOO_LARGE', { limit: '16 MB' });
    expect(await t.database.db.selectFrom('contract').select('id').execute()).toEqual([]);
  });
});

describe('seal images: bounded before decoding, checksums checked, interlaced ones handled', TIMED, () => {
  const cases: Array<{
    name: string;
    file: () => Buffer;
    status: number;
    code: string;
    params: Record<string, string | number>;
  }> = [
    {
      name: '7000 × 7000, all transparent, 190 KB',
      file: () => transparentPngOfZeros(7000, 7000),
      status: 422,
      code: 'PRT_IMAGE_TOO_LARGE',
      params: { width: 7000, height: 7000, max: 2000 },
    },
    {
      name: '16000 × 16000 (1 MB: over the seal image size first)',
      file: () => transparentPngOfZeros(16000, 16000),
      status: 413,
      code: 'PRT_PAYLOAD_TOO_LARGE',
      params: { limit: '200 KB' },
    },
    {
      name: 'a bad checksum',
      file: () => withBadCrc(Buffer.from(makeSealPng(200))),
      status: 422,
      code: 'PRT_IMAGE_DAMAGED',
      params: {},
    },
  ];
  it.each(cases)(
    '$name → $status $code, /healthz answered throughout',
    async ({ name, file, status, code, params }) => {
      const who = await api.caller((await api.agreedDeal()).publisherInst.id);
      const answer = await postWhileProbing('/api/fileP1/upload', file(), {
        name: 'seal.png',
        fields: { purpose: 'sealImage' },
        cookie: who.cookie,
      });
      expectServedThroughout(name, answer);
      expect(answer.status).toBe(status);
      expectRefusal(answer.body, code, params);
    },
  );

  it('an interlaced seal image is accepted, approved, and signs (the signature intact)', async () => {
    const deal = await api.agreedDeal();
    const reviewer = await api.reviewer();
    const interlaced = transparentPngOfZeros(300, 300, { interlace: true });
    const imageFile = await api.uploadId(deal.publisher.cookie, 'sealImage', 'seal.png', interlaced);
    const seal = await api.effectiveSeal(deal.publisher, reviewer, { imageFile });
    await uploadAndConfirm(deal);
    const signed = await api.sign(deal.publisher, deal.intentionLgcSn, [{ sealLgcSn: seal, page: 1, x: 0.1, y: 0.1 }]);
    expect(signed.statusCode, signed.body).toBe(200);
    const current = await api.inject('GET', `/api/contracts/${deal.intentionLgcSn}/file`, deal.publisher.cookie);
    const checked = await verify(current.rawPayload);
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ data: { signatures: [{ intact: true, issuedByPortal: true }] } });
  });

  it('an approved seal whose stored image is 16000 × 16000 is refused at signing, at once, not a 500', async () => {
    const deal = await api.agreedDeal();
    const reviewer = await api.reviewer();
    const seal = await api.effectiveSeal(deal.publisher, reviewer);
    // As if approved before the bound: the stored image swapped for a huge one.
    const row = await t.database.db
      .selectFrom('seal')
      .innerJoin('fileObject', 'fileObject.lgcSn', 'seal.imageFile')
      .select('fileObject.storageKey')
      .where('seal.lgcSn', '=', seal)
      .executeTakeFirstOrThrow();
    await new LocalDiskStorage(t.config.storageDir).put(row.storageKey, transparentPngOfZeros(16000, 16000));
    await uploadAndConfirm(deal);
    const { result, took, maxDelay } = await withLoopDelay(() =>
      api.sign(deal.publisher, deal.intentionLgcSn, [{ sealLgcSn: seal, page: 1, x: 0.1, y: 0.1 }]),
    );
    console.info(
      `signing with a 16000 × 16000 seal: ${took.toFixed(0)} ms; longest event-loop delay ${maxDelay.toFixed(1)} ms`,
    );
    expect(result.statusCode).toBe(422);
    expectRefusal(result.json(), 'PRT_IMAGE_TOO_LARGE', { width: 16000, height: 16000, max: 2000 });
    expect(took).toBeLessThan(1000);
  });
});
