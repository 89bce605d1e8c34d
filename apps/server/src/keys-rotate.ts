/**
 * `npm run keys:rotate -w @portal/server [-- --new-kek-file <file>]`: seals every private key
 * the database holds under a new key-encryption key, in one transaction, and puts the new key
 * in the KEK file (docs/operations.md, "Rotating the key-encryption key"). Run it with every
 * instance of the portal stopped, with the configuration they start with.
 * - KEK in a file (SIGNING_KEK_FILE, or the default one): a new random key, unless
 *   --new-kek-file gives one; the previous file is kept as `<file>.<its id>.retired`.
 * - SIGNING_KEK: --new-kek-file is required; put its key in SIGNING_KEK afterwards.
 */
import { readFile } from 'node:fs/promises';
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { rotateKek } from './modules/seals/index.ts';
import { KEK_BYTES, KeySealingError, kekOf } from './platform/signing/key-sealing.ts';

async function newKekFrom(args: readonly string[]) {
  const at = args.indexOf('--new-kek-file');
  if (at === -1) return null;
  const file = args[at + 1];
  if (!file) throw new ConfigError('--new-kek-file: give the file that holds the new key');
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  if (key.length !== KEK_BYTES) throw new ConfigError(`--new-kek-file: ${file} must hold ${KEK_BYTES} bytes, base64`);
  return kekOf(key);
}

async function rotate() {
  const config = parseConfig();
  const given = await newKekFrom(process.argv.slice(2));
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const done = await rotateKek(database.db, config, given);
    console.info(
      [
        `Resealed ${done.resealed} private keys: key-encryption key ${done.from} → ${done.to}.`,
        done.kekFile
          ? `The new key is in ${done.kekFile}; back it up apart from the database now.`
          : 'Now put the new key in SIGNING_KEK, then start the portal.',
        ...(done.retiredFile
          ? [`The previous key is kept in ${done.retiredFile}: it opens the database backups taken before now.`]
          : []),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

rotate().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof KeySealingError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
