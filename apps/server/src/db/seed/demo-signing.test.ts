import { describe, expect, it } from 'vitest';
import { buildTestAppWithStorage } from '../../../test/helpers.ts';
import { signingAuthority } from '../../modules/seals/index.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { inspectPdfSignatures } from '../../platform/signing/pdf-verify.ts';
import { demoAccounts } from './demo-accounts.ts';
import { demoCooperation } from './demo-cooperation.ts';
import { demoSigning } from './demo-signing.ts';
import { seedDemoData } from './index.ts';

const { database, config, storageDir } = await buildTestAppWithStorage('portal-demo-signing-');
const db = database.db;
const storage = new LocalDiskStorage(storageDir);
const authority = await signingAuthority(db, config);
await seedDemoData(db, [demoAccounts, demoCooperation, demoSigning], { storage, signingAuthority: authority });

describe('demo seals and contracts', () => {
  it('has seals in every state, an effective one for Harbourview, Nordlys and the bank', async () => {
    const seals = await db
      .selectFrom('seal as s')
      .innerJoin('institution as i', 'i.id', 's.institutionId')
      .select(['s.state', 'i.swiftCode'])
      .execute();
    expect(new Set(seals.map((seal) => seal.state))).toEqual(
      new Set(['submitted', 'pendingApproval', 'effective', 'rejected', 'cancelled', 'expired']),
    );
    const effective = seals.filter((seal) => seal.state === 'effective').map((seal) => seal.swiftCode);
    expect(effective.sort()).toEqual(['GLCBCNBJ', 'HVCBHKHH', 'NRDLNOKK']);
  });

  it('has contracts in each status, with real signatures, and leaves Nordlys ← Harbourview to walk', async () => {
    const contracts = await db.selectFrom('contract').selectAll().execute();
    expect(
      contracts.map((contract) => `${contract.state}:${contract.confirmedAt ? 'confirmed' : 'open'}`).sort(),
    ).toEqual(['signed:confirmed', 'signing:confirmed', 'uploaded:open']);
    const signed = contracts.find((contract) => contract.state === 'signed')!;
    const file = await db
      .selectFrom('fileObject')
      .selectAll()
      .where('lgcSn', '=', signed.currentFile)
      .executeTakeFirstOrThrow();
    const report = await inspectPdfSignatures(new Uint8Array(await storage.get(file.storageKey)), {
      trustedRoots: [authority.certificateDer],
    });
    expect(report.signatures).toHaveLength(2);
    expect(report.signatures.every((signature) => signature.intact && signature.certificate?.issuedByTrustedRoot)).toBe(
      true,
    );
    const walk = await db
      .selectFrom('cooperationIntention as n')
      .innerJoin('institution as p', 'p.id', 'n.recipientInstitutionId')
      .innerJoin('institution as c', 'c.id', 'n.senderInstitutionId')
      .leftJoin('contract as k', 'k.intentionId', 'n.id')
      .select(['k.id as contractId'])
      .where('n.status', '=', 'agreed')
      .where('p.swiftCode', '=', 'NRDLNOKK')
      .where('c.swiftCode', '=', 'HVCBHKHH')
      .executeTakeFirstOrThrow();
    expect(walk.contractId).toBeNull();
  });
});
