/**
 * The private keys the database holds, as a whole (docs/operations.md, "Signing keys and the
 * key-encryption key"): the authority's and the portal's (`signing_authority`) and each seal's
 * (`seal`), every one sealed under the key-encryption key (platform/signing/key-sealing.ts).
 * - `checkStoredKeys`: at start, refuses a KEK other than the one the keys were sealed under;
 * - `sealPlainKeys`: at start, seals the keys an older version stored in plain form;
 * - `rotateKek` (`npm run keys:rotate`): every key opened and sealed under a new KEK;
 * - `checkTokenKeys`: at start with a PKCS#11 token, refuses keys that are not that token's.
 * Each rewrite is one transaction, with the rows locked: all keys change, or none.
 */
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { loadKek, promoteNextKek, readNextKekFile, stageNextKek } from '../../platform/signing/kek.ts';
import {
  isSealed,
  type Kek,
  type KekKeyStore,
  type KeyPurpose,
  KeySealingError,
  kekKeyStore,
  newKek,
  sealedKekId,
} from '../../platform/signing/key-sealing.ts';
import { isTokenReference, type Pkcs11KeyStore, parseReference } from '../../platform/signing/pkcs11.ts';
import { forgetSigningAuthority } from './authority.ts';

/** A stored key's new value, or undefined to leave it. */
type Rewrite = (stored: Buffer, purpose: KeyPurpose) => Buffer | undefined;

/** Every stored key of the database, as (value, purpose) pairs. */
async function storedKeys(db: Db): Promise<Array<{ stored: Buffer; purpose: KeyPurpose }>> {
  const authority = await db
    .selectFrom('signingAuthority')
    .select(['privateKeySealed', 'portalPrivateKeySealed', 'tsaPrivateKeySealed'])
    .executeTakeFirst();
  const seals = await db
    .selectFrom('seal')
    .select(['lgcSn', 'privateKeySealed'])
    .where('privateKeySealed', 'is not', null)
    .execute();
  return [
    ...(authority?.privateKeySealed ? [{ stored: authority.privateKeySealed, purpose: 'authority' as const }] : []),
    ...(authority ? [{ stored: authority.portalPrivateKeySealed, purpose: 'portal' as const }] : []),
    ...(authority?.tsaPrivateKeySealed ? [{ stored: authority.tsaPrivateKeySealed, purpose: 'tsa' as const }] : []),
    ...seals.map((seal) => ({ stored: seal.privateKeySealed as Buffer, purpose: `seal:${seal.lgcSn}` as const })),
  ];
}

/** Rewrites the stored keys in one transaction, their rows locked; answers how many changed. */
async function rewriteStoredKeys(db: Db, rewrite: Rewrite): Promise<number> {
  const changed = await inTransaction(db, async (trx) => {
    let count = 0;
    const authority = await trx
      .selectFrom('signingAuthority')
      .selectAll()
      .where('id', '=', 1)
      .forUpdate()
      .executeTakeFirst();
    if (authority) {
      const ca = authority.privateKeySealed ? rewrite(authority.privateKeySealed, 'authority') : undefined;
      const portal = rewrite(authority.portalPrivateKeySealed, 'portal');
      const tsa = authority.tsaPrivateKeySealed ? rewrite(authority.tsaPrivateKeySealed, 'tsa') : undefined;
      if (ca || portal || tsa) {
        await trx
          .updateTable('signingAuthority')
          .set({
            privateKeySealed: ca ?? authority.privateKeySealed,
            portalPrivateKeySealed: portal ?? authority.portalPrivateKeySealed,
            tsaPrivateKeySealed: tsa ?? authority.tsaPrivateKeySealed,
          })
          .where('id', '=', 1)
          .execute();
        count += (ca ? 1 : 0) + (portal ? 1 : 0) + (tsa ? 1 : 0);
      }
    }
    const seals = await trx
      .selectFrom('seal')
      .select(['id', 'lgcSn', 'privateKeySealed'])
      .where('privateKeySealed', 'is not', null)
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const seal of seals) {
      const value = rewrite(seal.privateKeySealed as Buffer, `seal:${seal.lgcSn}`);
      if (!value) continue;
      await trx.updateTable('seal').set({ privateKeySealed: value }).where('id', '=', seal.id).execute();
      count += 1;
    }
    return count;
  });
  // This process opens them again with the KEK it now has.
  if (changed) forgetSigningAuthority(db);
  return changed;
}

/**
 * Refuses (KeySealingError) when a stored key was sealed under another KEK than `store`'s: the
 * start stops here with a message naming both, rather than at the first signature.
 */
export async function checkStoredKeys(db: Db, store: KekKeyStore, kekFile: string | null): Promise<void> {
  const stored = await storedKeys(db);
  const inToken = stored.filter((key) => isTokenReference(key.stored)).length;
  if (inToken) {
    throw new KeySealingError(
      `Refusing to start: ${inToken} of the private keys are in a PKCS#11 token (the database holds references to ` +
        'them): set SIGNING_PKCS11_MODULE and the token (docs/operations.md, "Keys in a PKCS#11 token").',
    );
  }
  const others = new Map<string, number>();
  for (const key of stored) {
    const id = sealedKekId(key.stored);
    if (id !== null && id !== store.kekId) others.set(id, (others.get(id) ?? 0) + 1);
  }
  if (others.size === 0) return;
  const list = [...others].map(([id, n]) => `${id} (${n} ${n === 1 ? 'key' : 'keys'})`).join(', ');
  const next = kekFile ? await readNextKekFile(kekFile) : null;
  throw new KeySealingError(
    [
      `Refusing to start: the private keys in the database were sealed under key-encryption key ${list}, ` +
        `but the configured one is ${store.kekId}. Give the key they were sealed under (SIGNING_KEK, ` +
        'SIGNING_KEK_FILE or the file in DATA_DIR/keys; docs/operations.md, "Signing keys and the key-encryption key").',
      ...(next && others.has(next.id)
        ? [`A rotation stopped before its last step: ${kekFile}.next holds key ${next.id}; move it to ${kekFile}.`]
        : []),
    ].join('\n'),
  );
}

/**
 * With a PKCS#11 token: refuses (KeySealingError) when a stored key is not a reference to a key of
 * this token (sealed under a KEK, plain, or another token's): such keys existed outside the token,
 * and putting them in would not make them what a key made there is.
 */
export async function checkTokenKeys(db: Db, store: Pkcs11KeyStore): Promise<void> {
  const elsewhere = (await storedKeys(db)).filter(
    ({ stored }) => parseReference(stored)?.token !== store.token.label,
  ).length;
  if (elsewhere === 0) return;
  throw new KeySealingError(
    `Refusing to start: SIGNING_PKCS11_MODULE is set, but ${elsewhere} of the private keys in the database are not ` +
      `keys of token "${store.token.label}" (they are sealed under a key-encryption key, or another token's). ` +
      'A database keeps the key store it began with: start the token on a new database, or unset ' +
      'SIGNING_PKCS11_MODULE (docs/operations.md, "Keys in a PKCS#11 token").',
  );
}

/** Seals, under `store`'s KEK, the keys stored in plain form (before migration 0012); answers how many. */
export async function sealPlainKeys(db: Db, store: KekKeyStore): Promise<number> {
  return rewriteStoredKeys(db, (stored, purpose) => (isSealed(stored) ? undefined : store.seal(stored, purpose)));
}

/**
 * The rotation: every stored key opened under `from` and sealed under `to` (plain ones sealed
 * too), in one transaction. A key that does not open under `from` stops it, nothing changed.
 */
export async function resealStoredKeys(db: Db, from: KekKeyStore, to: KekKeyStore): Promise<number> {
  return rewriteStoredKeys(db, (stored, purpose) =>
    to.seal(isSealed(stored) ? from.unseal(stored, purpose) : stored, purpose),
  );
}

export type Rotation = {
  from: string;
  to: string;
  resealed: number;
  /** The KEK file now holding the new key; null when it is SIGNING_KEK (the operator puts it there). */
  kekFile: string | null;
  /** The previous KEK file, kept: it opens the backups taken before. */
  retiredFile: string | null;
};

/**
 * Rotates the KEK (docs/operations.md): the new key (`given`, or a new random one when the KEK
 * is a file) is first written beside the file as `<file>.next`, then every key is resealed under
 * it in one transaction, then `<file>.next` becomes the file. Stopped in between, the start names
 * `<file>.next`. Run with every instance stopped: a running one keeps sealing under the old KEK.
 */
export async function rotateKek(
  db: Db,
  config: Pick<Config, 'signingKek' | 'signingPkcs11' | 'isProduction'>,
  given: Kek | null,
): Promise<Rotation> {
  if (config.signingPkcs11) {
    throw new KeySealingError(
      'SIGNING_PKCS11_MODULE is set: the keys are in the token, sealed under no key-encryption key; nothing to rotate.',
    );
  }
  const current = await loadKek(config);
  const kekFile = config.signingKek.kind === 'file' ? config.signingKek.path : null;
  await checkStoredKeys(db, current.store, kekFile);
  if (!kekFile && !given) {
    throw new KeySealingError(
      'SIGNING_KEK is set: generate the new key yourself (openssl rand -base64 32 > new-kek), give it with ' +
        '--new-kek-file new-kek, then put it in SIGNING_KEK.',
    );
  }
  const next = given ?? newKek();
  if (next.id === current.kek.id) throw new KeySealingError('The new key-encryption key is the current one.');
  if (kekFile) await stageNextKek(kekFile, next);
  const resealed = await resealStoredKeys(db, current.store, kekKeyStore(next));
  const retiredFile = kekFile ? await promoteNextKek(kekFile, next, current.kek) : null;
  forgetSigningAuthority(db);
  return { from: current.kek.id, to: next.id, resealed, kekFile, retiredFile };
}
