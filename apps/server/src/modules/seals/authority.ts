/**
 * The portal's certificate authority (DESIGN: signing keys). It issues each approved seal its own
 * certificate, and the portal's own signing certificate (evidence reports). Made on first start
 * and kept in the database (`signing_authority`, one row), or supplied by configuration
 * (SIGNING_CA_CERT_FILE / SIGNING_CA_KEY_FILE, PEM) for production, where the CA key then stays
 * in its file and out of the database. The keys are made by `keyStore`, chosen at start from the
 * configuration: sealed under the key-encryption key (platform/signing/key-sealing.ts), or made
 * in a PKCS#11 token that they never leave (platform/signing/pkcs11.ts), the database keeping
 * only a reference; the contract flow does not tell them apart. The same row keeps
 * the portal's timestamp authority (its certificate issued by this authority, extended key usage
 * timeStamping), issued with the authority, or by the first start of an older one.
 */
import { readFile } from 'node:fs/promises';
import type { Signer } from '@libpdf/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { keyStoreFor } from '../../platform/signing/kek.ts';
import { issueWithStore, type KeyPurpose, KeySealingError, type KeyStore } from '../../platform/signing/key-sealing.ts';
import {
  type CertifiedKey,
  createAuthorityCertificate,
  describeCertificate,
  fromPem,
  importPrivateKey,
  parseCertificate,
  type RevocationUrls,
  type SigningKey,
  signerWith,
} from '../../platform/signing/pki.ts';

export type Authority = {
  certificateDer: Uint8Array;
  /** The authority's key: opened from its sealed value, a token's key, or read from SIGNING_CA_KEY_FILE. */
  privateKey: SigningKey;
  portalCertificateDer: Uint8Array;
  portalPrivateKey: SigningKey;
  /** The portal's RFC 3161 timestamp authority (modules/seals/timestamping.ts). */
  tsaCertificateDer: Uint8Array;
  tsaPrivateKey: SigningKey;
  /** Makes the keys the authority certifies, and signs with the stored ones (KEK or PKCS#11 token). */
  keyStore: KeyStore;
};

export type AuthorityConfig = Pick<
  Config,
  'signingAuthority' | 'brand' | 'signingKek' | 'signingPkcs11' | 'isProduction'
>;

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

type Configured = { certificateDer: Uint8Array; privateKey: SigningKey };

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
  const made: Array<{ stored: Buffer; purpose: KeyPurpose }> = [];
  const caKeys = configured ? null : await keyStore.generate('authority');
  if (caKeys) made.push({ stored: caKeys.stored, purpose: 'authority' });
  const ca: CertifiedKey = configured ?? {
    certificateDer: await createAuthorityCertificate({
      commonName: `${organization} Seal CA`,
      organization,
      validYears: AUTHORITY_YEARS,
      publicKey: caKeys!.publicKeySpki,
      privateKey: caKeys!.privateKey,
    }),
    privateKey: caKeys!.privateKey,
  };
  const now = new Date();
  const portal = await issueWithStore(ca, keyStore, 'portal', {
    subject: { commonName: organization, organization, organizationalUnit: 'Evidence reports' },
    notBefore: now,
    notAfter: new Date(Date.UTC(now.getUTCFullYear() + PORTAL_CERT_YEARS, now.getUTCMonth(), now.getUTCDate())),
    kind: 'portal',
  });
  made.push({ stored: portal.stored, purpose: 'portal' });
  const tsa = await newTimestampAuthority(ca, organization, keyStore);
  made.push({ stored: tsa.tsaPrivateKeySealed, purpose: 'tsa' });
  const values = {
    certificateDer: Buffer.from(ca.certificateDer),
    // A configured key stays in its file.
    privateKeySealed: caKeys ? caKeys.stored : null,
    portalCertificateDer: Buffer.from(portal.certificateDer),
    portalPrivateKeySealed: portal.stored,
    ...tsa,
  };
  // Several instances may start at once: the first row written wins, the others read it.
  await db
    .insertInto('signingAuthority')
    .values({ id: 1, ...values })
    .onConflict((oc) => (row ? oc.column('id').doUpdateSet(values) : oc.column('id').doNothing()))
    .execute();
  const stored = await db.selectFrom('signingAuthority').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  // The keys another instance's row left unused are destroyed (in a token they would stay otherwise).
  if (!Buffer.from(stored.portalPrivateKeySealed).equals(portal.stored)) await destroyAll(keyStore, made);
  return opened(stored, configured, keyStore);
}

async function destroyAll(keyStore: KeyStore, keys: Array<{ stored: Buffer; purpose: KeyPurpose }>): Promise<void> {
  for (const { stored, purpose } of keys) await keyStore.destroy(stored, purpose);
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
async function newTimestampAuthority(ca: CertifiedKey, organization: string, keyStore: KeyStore) {
  const now = new Date();
  const tsa = await issueWithStore(ca, keyStore, 'tsa', {
    subject: {
      commonName: `${organization} Time-Stamping Authority`,
      organization,
      organizationalUnit: 'Trusted time',
    },
    notBefore: new Date(now.getTime() - 3_600_000),
    notAfter: new Date(Date.UTC(now.getUTCFullYear() + TSA_CERT_YEARS, now.getUTCMonth(), now.getUTCDate())),
    kind: 'tsa',
  });
  return { tsaCertificateDer: Buffer.from(tsa.certificateDer), tsaPrivateKeySealed: tsa.stored };
}

/** An authority made before trusted time: its timestamp authority is issued once, by the first start. */
async function withTimestampAuthority(
  db: Db,
  config: AuthorityConfig,
  row: AuthorityRow,
  configured: Configured | null,
  keyStore: KeyStore,
): Promise<Authority> {
  const authority = await opened({ ...row, tsaCertificateDer: null, tsaPrivateKeySealed: null }, configured, keyStore);
  const values = await newTimestampAuthority(authority, config.brand.portalName.en, keyStore);
  // Several instances may start at once: the first one written stays.
  await db
    .updateTable('signingAuthority')
    .set(values)
    .where('id', '=', 1)
    .where('tsaCertificateDer', 'is', null)
    .execute();
  const stored = await db.selectFrom('signingAuthority').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  if (!stored.tsaPrivateKeySealed || !Buffer.from(stored.tsaPrivateKeySealed).equals(values.tsaPrivateKeySealed)) {
    await keyStore.destroy(values.tsaPrivateKeySealed, 'tsa');
  }
  return opened(stored, configured, keyStore);
}

/** A key the row does not hold: signing with it fails, naming what is missing. */
function missingKey(purpose: KeyPurpose): SigningKey {
  return {
    type: 'private',
    algorithm: { name: 'ECDSA', namedCurve: 'P-256' },
    extractable: false,
    usages: ['sign'],
    signDigest: async () => {
      throw new KeySealingError(
        `The database holds no private key of ${purpose} (the authority's was read from SIGNING_CA_KEY_FILE, now unset).`,
      );
    },
  };
}

async function opened(row: AuthorityRow, configured: Configured | null, keyStore: KeyStore): Promise<Authority> {
  const open = (stored: Buffer | null, purpose: KeyPurpose, certificateDer: Buffer | null) =>
    stored && certificateDer ? keyStore.privateKey(stored, purpose, certificateDer) : missingKey(purpose);
  return {
    certificateDer: new Uint8Array(row.certificateDer),
    privateKey: configured?.privateKey ?? (await open(row.privateKeySealed, 'authority', row.certificateDer)),
    portalCertificateDer: new Uint8Array(row.portalCertificateDer),
    portalPrivateKey: await open(row.portalPrivateKeySealed, 'portal', row.portalCertificateDer),
    tsaCertificateDer: row.tsaCertificateDer ? new Uint8Array(row.tsaCertificateDer) : new Uint8Array(),
    tsaPrivateKey: await open(row.tsaPrivateKeySealed, 'tsa', row.tsaCertificateDer),
    keyStore,
  };
}

async function readConfiguredAuthority(files: { certFile: string; keyFile: string }): Promise<Configured> {
  const [cert, key] = await Promise.all([readFile(files.certFile, 'utf8'), readFile(files.keyFile, 'utf8')]);
  const certificateDer = fromPem(cert);
  // Fails at start, with the file named, rather than at the first approval.
  describeCertificate(certificateDer);
  return { certificateDer, privateKey: await importPrivateKey(fromPem(key), parseCertificate(certificateDer)) };
}

/** The portal's own signer (evidence reports), with the CA certificate in its chain. */
export async function portalSigner(authority: Authority): Promise<Signer> {
  return signerWith({
    privateKey: authority.portalPrivateKey,
    certificateDer: authority.portalCertificateDer,
    chain: [authority.certificateDer],
  });
}

/**
 * A seal's key pair (made by the authority's key store) and certificate, valid for its period,
 * naming where its revocation is published: the certificate and the value to store for the key.
 */
export async function issueSealCertificate(
  authority: Authority,
  seal: { lgcSn: string; institutionName: string; sealName: string; sealNo: string; validFrom: Date; validTo: Date },
  revocation?: RevocationUrls,
) {
  return issueWithStore(authority, authority.keyStore, `seal:${seal.lgcSn}`, {
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
