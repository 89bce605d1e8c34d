/**
 * The process `signing-crash.test.ts` kills: the whole app on a PGlite data directory and a local
 * file store that outlive it, signing contracts through the API in a loop until it is killed. It
 * prints `signing` to stdout as each signature starts, so the test can kill it mid-signature.
 * Usage: tsx sign-until-killed.ts DATA_DIR STORAGE_DIR
 */
import { buildApp } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import { openPglite } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { makeTestPdf } from '../../src/platform/signing/test-fixtures.ts';
import { buildRequest } from '../cooperation-factories.ts';
import { buildInstitution } from '../factories.ts';
import { signingApi } from '../signing-scene.ts';

const [dataDir, storageDir] = process.argv.slice(2);
if (!dataDir || !storageDir) throw new Error('usage: sign-until-killed.ts DATA_DIR STORAGE_DIR');

const database = await openPglite({ dataDir });
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

const reviewer = await api.reviewer();
const publisher = await api.caller((await buildInstitution(db)).id);
const counterpart = await api.caller((await buildInstitution(db)).id);
const publisherSeal = await api.effectiveSeal(publisher, reviewer);
const counterpartSeal = await api.effectiveSeal(counterpart, reviewer);

/** A new agreed deal with its contract uploaded and confirmed. */
async function confirmedDeal(): Promise<string> {
  const request = await buildRequest(db, { ownerUserId: publisher.id, institutionId: publisher.institutionId });
  const sent = await api.inject('POST', '/api/bthw/SendBthw', counterpart.cookie, {
    requestLgcSn: request.lgcSn,
    message: 'Count us in.',
  });
  const id = sent.json().data.lgcSn as string;
  await api.inject('POST', '/api/bthw/agreeOrRefuse', publisher.cookie, { intentionLgcSn: id, decision: 'agree' });
  const up = await api.uploadContract(publisher.cookie, id, await makeTestPdf(2), 'Forfaiting');
  if (up.statusCode !== 200) throw new Error(`upload: ${up.body}`);
  const confirmed = await api.inject('POST', `/api/contracts/${id}/confirm`, counterpart.cookie);
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.body}`);
  return id;
}

const write = (line: string) => new Promise<void>((resolve) => process.stdout.write(`${line}\n`, () => resolve()));

for (;;) {
  const id = await confirmedDeal();
  for (const [who, seal] of [
    [publisher, publisherSeal],
    [counterpart, counterpartSeal],
  ] as const) {
    await write('signing');
    const res = await api.sign(who, id, [{ sealLgcSn: seal, page: 1, x: 0.6, y: 0.7 }]);
    if (res.statusCode !== 200) throw new Error(`sign: ${res.body}`);
    await write('signed');
  }
}
