/**
 * The portal's certificate authority (DESIGN: signing keys). It issues each approved seal its own
 * certificate, and the portal's own signing certificate (evidence reports). Made on first start
 * and kept in the database (`signing_authority`, one row), or supplied by configuration
 * (SIGNING_CA_CERT_FILE / SIGNING_CA_KEY_FILE, PEM) for production, where the CA key then stays
 * in its file and out of the database. The keys the database holds are sealed under the
 * key-encryption key (platform/signing/key-sealing.ts); `keyStore` seals and opens them, and a
 * store backed by an HSM would replace it without touching the contract flow. The same row keeps
 * the portal's timestamp authority (its certificate issued by this authority, extended key usage
 * timeStamping), issued with the authority, or by the first start of an older one.
 */
import { readFile } from 'node:fs/promises';
import type { Signer } from '@libpdf/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { keyStoreFor } from '../../platform/signing/kek.ts';
import type { KeyStore } from '../../platform/signing/key-sealing.ts';
import {
  createAuthority,
  describeCertificate,
  fromPem,
  type KeyPairDer,
  newSealKeys,
  type RevocationUrls,
  signerFor,
} from '../../platform/signing/pki.ts';

export type Authority = {
  certificateDer: Uint8Array;
  privateKeyPkcs8: Uint8Array;
  portalCertificateDer: Uint8Array;
  portalPrivateKeyPkcs8: Uint8Array;
  /** The portal's RFC 3161 timestamp authority (modules/seals/timestamping.ts). */
  tsaCertificateDer: Uint8Array;
  tsaPrivateKeyPkcs8: Uint8Array;
  /** Seals the keys the authority issues, and opens the stored ones. */
  keyStore: KeyStore;
};

export type AuthorityConfig = Pick<Config, 'signingAuthority' | 'brand' | 'signingKek' | 'isProduction'>;

const AUTHORITY_YEARS = 20;
const PORTAL_CERT_YEARS = 10;
const TSA_CERT_YEARS = 10;

const loaded = new WeakMap<Db, Promise<Authority>>();

/** The authority of this database: loaded once per process, made on the first call if missing. */
export function signingAuthority(db: Db, config: AuthorityConfig): Promise<Authority> {
  let authority = loaded.get(db);
  if (!authority) {
    authority = loadOrCreate(db, config);
    // A failure is not remembered: the next call tries again.
    authority.catch(() => loaded.delete(db));
    loaded.set(db, authority);
  }
  return authority;
}

/** Forgets the authority loaded for `db` (after a rotation of the KEK): the next call reads it again. */
export function forgetSigningAuthority(db: Db): void {
  loaded.delete(db);
}

async function loadOrCreate(db: Db, config: AuthorityConfig): Promise<Authority> {
  const keyStore = await keyStoreFor(config);
  const configured = config.signingAuthority ? await readConfiguredAuthority(config.signingAuthority) : null;
  const row = await db.selectFrom('signingAuthority').selectAll().where('id', '=', 1).executeTakeFirst();
  const sameCa =
    row && configured ? Buffer.from(row.certificateDer).equals(Buffer.from(configured.certificateDer)) : true;
  if (row && sameCa) {
    return row.tsaCertificateDer && row.tsaPrivateKeySealed
      ? opened(row, configured, keyStore)
      : withTimestampAuthority(db, config, row, configured, keyStore);
  }
  const organization = config.brand.portalName.en;
  const ca =
    configured ??
    (await createAuthority({ commonName: `${organization} Seal CA`, organization, validYears: AUTHORITY_YEARS }));
  const now = new Date();
  const portal = await newSealKeys({
    authority: ca,
    subject: { commonName: organization, organization, organizationalUnit: 'Evidence reports' },
    notBefore: now,
    notAfter: new Date(Date.UTC(now.getUTCFullYear() + PORTAL_CERT_YEARS, now.getUTCMonth(), now.getUTCDate())),
    kind: 'portal',
  });
  const values = {
    certificateDer: Buffer.from(ca.certificateDer),
    // A configured key stays in its file.
    privateKeySealed: configured ? null : keyStore.seal(ca.privateKeyPkcs8, 'authority'),
    portalCertificateDer: Buffer.from(portal.certificateDer),
    portalPrivateKeySealed: keyStore.seal(portal.privateKeyPkcs8, 'portal'),
    ...(await newTimestampAuthority(ca, organization, keyStore)),
  };
  // Several instances may start at once: the first row written wins, the others read it.
  await db
    .insertInto('signingAuthority')
    .values({ id: 1, ...values })
    .onConflict((oc) => (row ? oc.column('id').doUpdateSet(values) : oc.column('id').doNothing()))
    .execute();
  const stored = await db.selectFrom('signingAuthority').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return opened(stored, configured, keyStore);
}

type AuthorityRow = {
  certificateDer: Buffer;
  privateKeySealed: Buffer | null;
  portalCertificateDer: Buffer;
  portalPrivateKeySealed: Buffer;
  tsaCertificateDer: Buffer | null;
  tsaPrivateKeySealed: Buffer | null;
};

/** The timestamp authority's key and certificate (extended key usage timeStamping), as stored. */
async function newTimestampAuthority(ca: KeyPairDer, organization: string, keyStore: KeyStore) {
  const now = new Date();
  const tsa = await newSealKeys({
    authority: ca,
    subject: {
      commonName: `${organization} Time-Stamping Authority`,
      organization,
      organizationalUnit: 'Trusted time',
    },
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(Date.UTC(now.getUTCFullYear() + TSA_CERT_YEARS, now.getUTCMonth(), now.getUTCDate())),
    kind: 'tsa',
  });
  return {
    tsaCertificateDer: Buffer.from(tsa.certificateDer),
    tsaPrivateKeySealed: keyStore.seal(tsa.privateKeyPkcs8, 'tsa'),
  };
}

/** An authority made before trusted time: its timestamp authority is issued once, by the first start. */
async function withTimestampAuthority(
  db: Db,
  config: AuthorityConfig,
  row: AuthorityRow,
  configured: { privateKeyPkcs8: Uint8Array } | null,
  keyStore: KeyStore,
): Promise<Authority> {
  const authority = opened(row, configured, keyStore);
  const values = await newTimestampAuthority(authority, config.brand.portalName.en, keyStore);
  // Several instances may start at once: the first one written stays.
  await db
    .updateTable('signingAuthority')
    .set(values)
    .where('id', '=', 1)
    .where('tsaCertificateDer', 'is', null)
    .execute();
  const stored = await db.selectFrom('signingAuthority').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return opened(stored, configured, keyStore);
}

function opened(row: AuthorityRow, configured: { privateKeyPkcs8: Uint8Array } | null, keyStore: KeyStore): Authority {
  return {
    certificateDer: new Uint8Array(row.certificateDer),
    privateKeyPkcs8:
      configured?.privateKeyPkcs8 ??
      (row.privateKeySealed ? keyStore.unseal(row.privateKeySealed, 'authority') : new Uint8Array()),
    portalCertificateDer: new Uint8Array(row.portalCertificateDer),
    portalPrivateKeyPkcs8: keyStore.unseal(row.portalPrivateKeySealed, 'portal'),
    tsaCertificateDer: row.tsaCertificateDer ? new Uint8Array(row.tsaCertificateDer) : new Uint8Array(),
    tsaPrivateKeyPkcs8: row.tsaPrivateKeySealed ? keyStore.unseal(row.tsaPrivateKeySealed, 'tsa') : new Uint8Array(),
    keyStore,
  };
}

async function readConfiguredAuthority(files: { certFile: string; keyFile: string }) {
  const [cert, key] = await Promise.all([readFile(files.certFile, 'utf8'), readFile(files.keyFile, 'utf8')]);
  const certificateDer = fromPem(cert);
  // Fails at start, with the file named, rather than at the first approval.
  describeCertificate(certificateDer);
  return { certificateDer, privateKeyPkcs8: fromPem(key) };
}

/** The portal's own signer (evidence reports), with the CA certificate in its chain. */
export async function portalSigner(authority: Authority): Promise<Signer> {
  return signerFor({
    privateKeyPkcs8: authority.portalPrivateKeyPkcs8,
    certificateDer: authority.portalCertificateDer,
    chain: [authority.certificateDer],
  });
}

/** A seal's key pair and certificate, valid for its period, naming where its revocation is published. */
export async function issueSealCertificate(
  authority: Authority,
  seal: { institutionName: string; sealName: string; sealNo: string; validFrom: Date; validTo: Date },
  revocation?: RevocationUrls,
) {
  return newSealKeys({
    authority,
    subject: {
      commonName: `${seal.sealName} (${seal.sealNo})`,
      organization: seal.institutionName,
      organizationalUnit: seal.sealName,
      serialNumber: seal.sealNo,
    },
    notBefore: seal.validFrom,
    notAfter: seal.validTo,
    kind: 'seal',
    revocation,
  });
}
