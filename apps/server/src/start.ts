/**
 * The start sequence of main.ts up to listening, as functions tests can call: the production
 * configuration check (SMTP_URL) → the key-encryption key (refused in production when there is
 * none) → database → migrate → the stored keys checked against the KEK, plain ones sealed → the
 * seal certificate authority (a warning in production when the portal made its own) → demo data
 * and the production demo-password check → the first system administrator → app.
 *
 * Safe defaults in production (docs/operations.md, "Demo data"): no demo data unless
 * SEED_DEMO_DATA=true, which logs a warning at every start; and no start while an account still
 * has the published demo password, unless the instance is such an explicit demonstration.
 *
 * The first administrator (docs/operations.md, "First administrator"): with INITIAL_ADMIN_EMAIL
 * and no system administrator, the start invites one (modules/users/initial-admin.ts) and says
 * so in one line; without the variable and without an administrator it warns.
 */
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, checkProductionStart } from './config.ts';
import { type DatabaseHandle, type Db, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { findDemoPasswordAccounts } from './db/seed/demo-passwords.ts';
import { SEED_STEPS, type SeedContext, type SeedStep, seedDemoData } from './db/seed/index.ts';
import { checkStoredKeys, checkTokenKeys, currentCrl, sealPlainKeys, signingAuthority } from './modules/seals/index.ts';
import { ensureInitialAdmin, INVITATION_TTL_DAYS, type InitialAdminOutcome } from './modules/users/index.ts';
import { openFileStorage, S3Storage } from './platform/files/storage.ts';
import { type LoadedKek, loadKek } from './platform/signing/kek.ts';
import { KeySealingError } from './platform/signing/key-sealing.ts';
import { openPkcs11KeyStore, type Pkcs11KeyStore } from './platform/signing/pkcs11.ts';

/** Where start-up messages go (a pino logger in main.ts). */
export type StartLog = { info(message: string): void; warn(message: string): void };

/** A start stopped on purpose; main.ts prints its message alone, without a stack trace. */
export class StartRefusedError extends Error {}

/** The refusal when accounts still have the demo password; names each account and the fix. */
export function demoPasswordRefusal(emails: readonly string[]): string {
  const list = emails.map((email) => `'${email}'`).join(', ');
  return [
    `Refusing to start in production: ${emails.length === 1 ? 'this account still has' : `these ${emails.length} accounts still have`} the published demo password (README):`,
    ...emails.map((email) => `  ${email}`),
    'Change the password of each (log in, Profile → Change password) or disable the account, e.g.',
    `  UPDATE app_user SET password_hash = NULL, status = 'stopped' WHERE email IN (${list});`,
    'then start again. See docs/operations.md, "Demo data".',
  ].join('\n');
}

/**
 * Between migrations and the app: loads demo data when configured (warning in production),
 * then, in production, refuses to go on while an account has the demo password — unless demo
 * data was asked for, where it warns instead.
 */
export async function prepareDemoData(
  db: Db,
  config: Pick<Config, 'isProduction' | 'seedDemoData'>,
  log: StartLog,
  context: SeedContext = {},
  steps: readonly SeedStep[] = SEED_STEPS,
): Promise<void> {
  if (config.seedDemoData) {
    if (config.isProduction) {
      log.warn(
        'SEED_DEMO_DATA=true in production: this instance carries invented demo institutions and accounts ' +
          'whose password is published in the README. Use it for demonstrations only; unset SEED_DEMO_DATA ' +
          'for a real installation.',
      );
    }
    const result = await seedDemoData(db, steps, context);
    if (result.skipped) log.warn(result.skipped);
    else if (result.ran.length) log.info(`Demo data loaded: ${result.ran.join(', ')}`);
  }
  if (!config.isProduction) return;
  const exposed = await findDemoPasswordAccounts(db);
  if (exposed.length === 0) return;
  if (config.seedDemoData) {
    log.warn(`Accounts with the published demo password (SEED_DEMO_DATA=true): ${exposed.join(', ')}`);
    return;
  }
  throw new StartRefusedError(demoPasswordRefusal(exposed));
}

/** The start's line about the first system administrator; undefined when there is nothing to say. */
export function initialAdminMessage(
  outcome: InitialAdminOutcome,
  config: Pick<Config, 'smtp'>,
): { level: 'info' | 'warn'; message: string } | undefined {
  const delivery = config.smtp.url
    ? 'the e-mail goes out through SMTP_URL'
    : 'no SMTP_URL: the e-mail stays in the mail_outbox table, read its link there';
  const until = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');
  switch (outcome.kind) {
    case 'invited':
      return {
        level: 'info',
        message:
          `First system administrator invited: ${outcome.email} (roles 50 and 99) of ${outcome.institution}` +
          `${outcome.institutionCreated ? ' (institution created)' : ''}. The invitation link sets the password ` +
          `and is valid ${INVITATION_TTL_DAYS} days, until ${until(outcome.expiresAt)} UTC; ${delivery}. ` +
          'Unset INITIAL_ADMIN_EMAIL once the administrator has logged in.',
      };
    case 'reinvited':
      return {
        level: 'info',
        message:
          `The invitation of the first system administrator ${outcome.email} had run out unused: a new one was ` +
          `sent, valid until ${until(outcome.expiresAt)} UTC; ${delivery}.`,
      };
    case 'pending':
      return {
        level: 'info',
        message:
          `INITIAL_ADMIN_EMAIL: ${outcome.email} is invited as system administrator and has not set a password ` +
          `yet; the invitation is valid until ${until(outcome.expiresAt)} UTC. Nothing sent again.`,
      };
    case 'present':
      return {
        level: 'info',
        message: 'INITIAL_ADMIN_EMAIL is set, but a system administrator exists: nothing to do. Unset the variable.',
      };
    case 'addressTaken':
      return {
        level: 'warn',
        message:
          `INITIAL_ADMIN_EMAIL: ${outcome.email} belongs to an account that is not a system administrator; ` +
          'no administrator was invited. Give an address that has no account (docs/operations.md, "First administrator").',
      };
    case 'missing':
      return {
        level: 'warn',
        message:
          'The portal has no system administrator: set INITIAL_ADMIN_EMAIL to invite the first one ' +
          '(docs/operations.md, "First administrator").',
      };
    case 'unneeded':
      return undefined;
  }
}

/** Invites the first system administrator if needed (INITIAL_ADMIN_EMAIL) and logs what it did. */
export async function prepareInitialAdmin(
  db: Db,
  config: Pick<Config, 'initialAdmin' | 'publicBaseUrl' | 'brand' | 'smtp'>,
  log: StartLog,
): Promise<InitialAdminOutcome> {
  const outcome = await ensureInitialAdmin(db, { config });
  const line = initialAdminMessage(outcome, config);
  if (line) log[line.level](line.message);
  return outcome;
}

/** Said at every production start whose seal certificates come from an authority the portal made itself. */
export const OWN_AUTHORITY_WARNING =
  'No SIGNING_CA_CERT_FILE / SIGNING_CA_KEY_FILE: seal certificates are issued by a certificate authority the ' +
  'portal made itself, whose private key is kept in the database (signing_authority, sealed under the ' +
  'key-encryption key). Signed contracts verify ' +
  "against it only, and no one else's software trusts it; for a real installation give the bank's CA in both " +
  'variables (docs/operations.md, "Seal certificate authority").';

/** What the start says of the key-encryption key: the file it made, or one others may read. */
export function kekMessages(
  loaded: Pick<LoadedKek, 'kek' | 'createdFile' | 'looseMode' | 'from'>,
): Array<{ level: 'info' | 'warn'; message: string }> {
  const lines: Array<{ level: 'info' | 'warn'; message: string }> = [];
  if (loaded.createdFile) {
    lines.push({
      level: 'info',
      message:
        `Made the key-encryption key that seals the signing keys (id ${loaded.kek.id}): ${loaded.createdFile}. ` +
        'Back it up apart from the database: without it, no stored key opens (docs/operations.md, ' +
        '"Signing keys and the key-encryption key").',
    });
  }
  if (loaded.looseMode) {
    lines.push({
      level: 'warn',
      message: `${loaded.from}: others than its owner may read this key-encryption key; chmod 600 it.`,
    });
  }
  return lines;
}

/**
 * Between migrations and the authority: refuses a KEK other than the stored keys were sealed
 * under, then seals keys stored in plain form (an older version's).
 */
export async function prepareStoredKeys(db: Db, loaded: LoadedKek, log: StartLog): Promise<void> {
  try {
    await checkStoredKeys(db, loaded.store, loaded.file);
  } catch (error) {
    if (error instanceof KeySealingError) throw new StartRefusedError(error.message);
    throw error;
  }
  const sealed = await sealPlainKeys(db, loaded.store);
  if (sealed) log.info(`Sealed ${sealed} private keys stored in plain form under key-encryption key ${loaded.kek.id}.`);
}

/** With a PKCS#11 token: refuses a database whose keys are not that token's (checkTokenKeys). */
async function refuseKeysOutsideToken(db: Db, token: Pkcs11KeyStore): Promise<void> {
  try {
    await checkTokenKeys(db, token);
  } catch (error) {
    if (error instanceof KeySealingError) throw new StartRefusedError(error.message);
    throw error;
  }
}

/**
 * Opens (or takes) the database, migrates it, prepares demo data and builds the app, ready to
 * listen. A refused start closes a database it opened itself.
 */
export async function bootServer(
  config: Config,
  options: { database?: DatabaseHandle; log?: StartLog } = {},
): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  checkProductionStart(config);
  const log = options.log ?? pino({ level: config.logLevel });
  // Before the database: a production start without a KEK (or with a token that does not open)
  // stops here, having touched nothing. With a PKCS#11 token there is no KEK.
  const token = config.signingPkcs11 ? await openPkcs11KeyStore(config.signingPkcs11) : null;
  const kek = token ? null : await loadKek(config);
  if (kek) for (const line of kekMessages(kek)) log[line.level](line.message);
  // The file store answers before anything is written (a wrong bucket, endpoint or key stops here).
  const storage = await openFileStorage(config.storage);
  if (storage instanceof S3Storage) {
    try {
      await storage.check();
    } catch (error) {
      storage.destroy();
      const reason = error instanceof Error ? error.name || error.message : String(error);
      throw new StartRefusedError(
        `The file store does not answer: bucket ${config.storage.driver === 's3' ? config.storage.bucket : ''} (STORAGE_DRIVER=s3, S3_*): ${reason}`,
      );
    }
  }
  const database = options.database ?? (await openDatabase(config.database, { countStatements: config.benchStats }));
  try {
    await migrateToLatest(database.db);
    if (kek) await prepareStoredKeys(database.db, kek, log);
    if (token) await refuseKeysOutsideToken(database.db, token);
    // The seal certificate authority: made on the first start (or read from its files), before
    // the demo data, whose seals it certifies.
    const authority = await signingAuthority(database.db, config);
    if (config.isProduction && !config.signingAuthority) log.warn(OWN_AUTHORITY_WARNING);
    await prepareDemoData(database.db, config, log, {
      storage,
      signingAuthority: authority,
    });
    await prepareInitialAdmin(database.db, config, log);
    // The CRL the authority publishes, ready before the first relying party asks (after the
    // demo data, whose cancelled seal it lists).
    await currentCrl({ db: database.db, config });
    const app = await buildApp({ config, database, storage });
    if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.destroy());
    return { app, database };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}
