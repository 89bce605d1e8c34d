/**
 * The process `crash.test.ts` kills: the whole app on a database and a local file store that
 * outlive it, doing the portal's multi-step writes through the API in a loop until it is killed:
 * a seal applied for and approved (at each start), then per round a request published (with its
 * matching pushes and messages), an intention sent and agreed, a contract uploaded and confirmed,
 * and both parties' signatures. It prints `step <name>` as each write starts and `done <name>`
 * when it answered, so the test can kill it in the middle of one.
 * Usage: tsx work-until-killed.ts DATA_DIR|postgres://… STORAGE_DIR
 */
import { buildApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { openPglite, openPostgres } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { makeTestPdf } from '../../src/platform/signing/test-fixtures.ts';
import { buildMasterAgreement, validReleaseBody } from '../cooperation-factories.ts';
import { buildInstitution } from '../factories.ts';
import { signingApi } from '../signing-scene.ts';

const [target, storageDir] = process.argv.slice(2);
if (!target || !storageDir) throw new Error('usage: work-until-killed.ts DATA_DIR|postgres://… STORAGE_DIR');

// PostgreSQL: the test made the database from the migrated template; PGlite: a data directory
// that the first run migrates.
const database = target.startsWith('postgres') ? openPostgres(target, 5) : await openPglite({ dataDir: target });
await migrateToLatest(database.db);
const config = parseConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO_DATA: 'false',
  PORT: '0',
  STORAGE_DIR: storageDir,
  // The tests' key-encryption key (helpers.ts TEST_KEK; that module needs Vitest): without one the
  // process would create a key file under ./data.
  SIGNING_KEK: Buffer.alloc(32, 7).toString('base64'),
});
const app = await buildApp({ config, database });
await app.ready();
const db = database.db;
const api = signingApi(app, db);

const write = (line: string) => new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));

/** One write through the API, announced before and after, answering the lgcSn it returned, if any. */
async function step(name: string, run: () => Promise<{ statusCode: number; body: string }>): Promise<string> {
  await write(`step ${name}`);
  const res = await run();
  // Anything but 200 ends the process, and the test with it.
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
  await write(`done ${name}`);
  return String(JSON.parse(res.body).data?.lgcSn);
}

const SUB_TYPE = 'BILATERAL_LOAN';
const reviewer = await api.reviewer();
const publisher = await api.caller((await buildInstitution(db)).id);
await buildMasterAgreement(db, { institutionId: publisher.institutionId, userId: publisher.id });
// Interested in the sub-type, so every publish pushes to its institution and messages it.
const counterpart = await api.caller((await buildInstitution(db)).id, { interestedTypes: [SUB_TYPE] });
await write('step seal');
const publisherSeal = await api.effectiveSeal(publisher, reviewer);
const counterpartSeal = await api.effectiveSeal(counterpart, reviewer);
await write('done seal');

for (let round = 1; ; round += 1) {
  const release = validReleaseBody(SUB_TYPE, { itDpchlstRqmNm: `Crash round ${round} ${Date.now()}` });
  const request = await step('publish', () => api.inject('POST', '/api/bthw/publish', publisher.cookie, release));
  const intention = await step('intention', () =>
    api.inject('POST', '/api/bthw/SendBthw', counterpart.cookie, { requestLgcSn: request, message: 'Count us in.' }),
  );
  const answer = { intentionLgcSn: intention, decision: 'agree' };
  await step('agree', () => api.inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, answer));
  const pdf = await makeTestPdf(2);
  await step('upload', () => api.uploadContract(publisher.cookie, intention, pdf, 'Forfaiting'));
  await step('confirm', () => api.inject('POST', `/api/contracts/${intention}/confirm`, counterpart.cookie));
  for (const [who, seal] of [
    [publisher, publisherSeal],
    [counterpart, counterpartSeal],
  ] as const) {
    await step('signing', () => api.sign(who, intention, [{ sealLgcSn: seal, page: 1, x: 0.6, y: 0.7 }]));
  }
}
