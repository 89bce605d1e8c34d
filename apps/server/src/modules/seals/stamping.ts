/**
 * What the contracts module needs of seals (docs/architecture.md, Boundaries): the seals one
 * institution may place now, each with its image and a signer over its key; the portal's own
 * signer and certificate authority; and, for /verify, what the portal knows of a certificate.
 */
import { createHash } from 'node:crypto';
import type { Signer } from '@libpdf/core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import { parseCertificate, serialHexOf } from '../../platform/signing/pki.ts';
import { parseUntrusted } from '../../platform/untrusted/pool.ts';
import { findOwnedFile, readStoredFile } from '../files/index.ts';
import { portalSigner, signingAuthority } from './authority.ts';
import { findSealRowsByIds, lockSealRowsByIds, type SealRow } from './seals.repository.ts';

export type UsableSeal = {
  id: number;
  lgcSn: string;
  sealNo: string;
  name: string;
  png: Uint8Array;
  signer: () => Promise<Signer>;
};

/**
 * The seals `lgcSns` of `holder.institutionId`, each issued to `holder.userId`, effective and
 * within its period at `now`, in the order asked. Refuses another institution's seal
 * (PRT_SEAL_OTHER_INSTITUTION), a colleague's (PRT_SEAL_NOT_HOLDER: a seal stamps only for the
 * person it was issued to), one that cannot stamp (PRT_SEAL_NOT_USABLE: cancelled, expired, not yet approved), and one whose image
 * is over the pixel bound or damaged (PRT_IMAGE_TOO_LARGE, PRT_IMAGE_DAMAGED).
 */
export async function findUsableSeals(
  deps: { db: Db; config: Config; storage: FileStorage },
  holder: { institutionId: number; userId: number },
  lgcSns: readonly string[],
  now: Date,
): Promise<UsableSeal[]> {
  const unique = [...new Set(lgcSns)];
  const rows = unique.length ? await deps.db.selectFrom('seal').selectAll().where('lgcSn', 'in', unique).execute() : [];
  const byLgcSn = new Map(rows.map((row) => [row.lgcSn, row]));
  const authority = await signingAuthority(deps.db, deps.config);
  const seals: UsableSeal[] = [];
  for (const lgcSn of unique) {
    const row = byLgcSn.get(lgcSn);
    if (!row) throw new AppError('PRT_SEAL_NOT_FOUND');
    if (row.institutionId !== holder.institutionId) throw new AppError('PRT_SEAL_OTHER_INSTITUTION');
    if (row.applicantUserId !== holder.userId) {
      throw new AppError('PRT_SEAL_NOT_HOLDER', { name: row.name, sealNo: row.sealNo });
    }
    if (!isUsable(row, now)) {
      const state = row.state === 'effective' ? 'expired' : row.state;
      throw new AppError('PRT_SEAL_NOT_USABLE', { name: row.name, sealNo: row.sealNo, state });
    }
    const image = await findOwnedFile(deps.db, { kind: 'seal', lgcSn }, row.imageFile);
    if (!image) throw new AppError('PRT_SEAL_NOT_FOUND');
    const key = row.privateKeySealed as Buffer;
    const certificate = row.certificateDer as Buffer;
    seals.push({
      id: row.id,
      lgcSn,
      sealNo: row.sealNo,
      name: row.name,
      // Decoded in the parser pool within the pixel bound and written again as a plain PNG the
      // PDF writer takes (interlaced ones too): stamping never decodes the stored file itself.
      png: await parseUntrusted('sealStamp', { bytes: await readStoredFile(deps.storage, image) }),
      signer: () =>
        authority.keyStore.signer(key, `seal:${lgcSn}`, {
          certificateDer: new Uint8Array(certificate),
          chain: [authority.certificateDer],
        }),
    });
  }
  return seals;
}

/**
 * Inside the signing transaction: locks the seals `ids` (found usable by findUsableSeals before)
 * until it ends, so that cancelling or expiring one waits for the signature, or the signature for
 * it. Answers the moment the locks were held, the signature's time; refuses with
 * PRT_SEAL_NOT_USABLE a seal that stopped being usable meanwhile.
 */
export async function lockSealsForSigning(trx: Db, ids: readonly number[]): Promise<Date> {
  const rows = await lockSealRowsByIds(trx, [...new Set(ids)]);
  const now = new Date();
  for (const row of rows) {
    if (!isUsable(row, now)) {
      const state = row.state === 'effective' ? 'expired' : row.state;
      throw new AppError('PRT_SEAL_NOT_USABLE', { name: row.name, sealNo: row.sealNo, state });
    }
  }
  if (rows.length !== new Set(ids).size) throw new AppError('PRT_SEAL_NOT_FOUND');
  return now;
}

function isUsable(row: SealRow, now: Date): boolean {
  return (
    row.state === 'effective' &&
    row.certificateDer !== null &&
    // Null once destroyed (cancelled, expired): such a seal signs nothing more.
    row.privateKeySealed !== null &&
    row.validFrom !== null &&
    row.validTo !== null &&
    new Date(row.validFrom) <= now &&
    now < new Date(row.validTo)
  );
}

/** The portal's own signer (evidence reports). */
export async function portalSignerFor(deps: { db: Db; config: Config }): Promise<Signer> {
  return portalSigner(await signingAuthority(deps.db, deps.config));
}

/** The portal's CA certificate (DER): the trust root /verify checks signatures against. */
export async function authorityCertificate(deps: { db: Db; config: Config }): Promise<Uint8Array> {
  return (await signingAuthority(deps.db, deps.config)).certificateDer;
}

/** The serial (lower-case hex) of the portal's own signing certificate (evidence reports). */
export async function portalCertificateSerial(deps: { db: Db; config: Config }): Promise<string> {
  return serialHexOf(parseCertificate((await signingAuthority(deps.db, deps.config)).portalCertificateDer));
}

export type SealRecord = {
  id: number;
  lgcSn: string;
  sealNo: string;
  name: string;
  institutionId: number;
  revoked: boolean;
  /** When the seal was cancelled (its certificate revoked); null while it is not. */
  revokedAt: Date | null;
  /** SHA-256 of the certificate the portal issued it (DER), hex. */
  certificateSha256: string | null;
};

/**
 * The seals holding these certificate serials (hex, any case), whether each is revoked, and the
 * fingerprint of the certificate issued to it (a serial alone proves nothing: anyone can copy it).
 */
export async function sealsByCertificateSerial(db: Db, serials: readonly string[]): Promise<Map<string, SealRecord>> {
  const wanted = [...new Set(serials.map((serial) => serial.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('seal')
    .select(['id', 'lgcSn', 'sealNo', 'name', 'institutionId', 'revokedAt', 'certificateSerial', 'certificateDer'])
    .where((eb) => eb(eb.fn('lower', ['certificateSerial']), 'in', wanted))
    .execute();
  return new Map(
    rows.map((row) => [
      (row.certificateSerial ?? '').toLowerCase(),
      {
        id: row.id,
        lgcSn: row.lgcSn,
        sealNo: row.sealNo,
        name: row.name,
        institutionId: row.institutionId,
        revoked: row.revokedAt !== null,
        revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
        certificateSha256: row.certificateDer ? createHash('sha256').update(row.certificateDer).digest('hex') : null,
      },
    ]),
  );
}

/**
 * Names and numbers of seals by id (the contract page's audit trail), with their certificate's
 * serial (hex) and SHA-256 fingerprint (the evidence report); null before a certificate is issued.
 */
export async function sealNames(
  db: Db,
  ids: readonly number[],
): Promise<
  Map<number, { sealNo: string; name: string; certificateSerial: string | null; certificateSha256: string | null }>
> {
  const rows = await findSealRowsByIds(db, ids);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        sealNo: row.sealNo,
        name: row.name,
        certificateSerial: row.certificateSerial,
        certificateSha256: row.certificateDer ? createHash('sha256').update(row.certificateDer).digest('hex') : null,
      },
    ]),
  );
}
