/**
 * Contracts in the database: one per agreed intention, its signatures and placements, and the
 * audit trail. No rules here: contracts.service.ts decides who may do what.
 */
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type {
  ContractEventTable,
  ContractEvidenceTable,
  ContractPlacementTable,
  ContractSignatureTable,
  ContractTable,
} from '../../db/schema.ts';

export type ContractRow = Selectable<ContractTable>;
export type SignatureRow = Selectable<ContractSignatureTable>;

export async function findContractByIntention(db: Db, intentionId: number): Promise<ContractRow | undefined> {
  return db.selectFrom('contract').selectAll().where('intentionId', '=', intentionId).executeTakeFirst();
}

/** The contract, locked until the caller's transaction ends (signing, confirming, deleting). */
export async function lockContractByIntention(db: Db, intentionId: number): Promise<ContractRow | undefined> {
  return db.selectFrom('contract').selectAll().where('intentionId', '=', intentionId).forUpdate().executeTakeFirst();
}

export async function findContractByLgcSn(db: Db, lgcSn: string): Promise<ContractRow | undefined> {
  return db.selectFrom('contract').selectAll().where('lgcSn', '=', lgcSn).executeTakeFirst();
}

/** A stored evidence report of the contract (docs/decisions/0020-evidence-attached.md). */
export async function insertEvidence(db: Db, values: Insertable<ContractEvidenceTable>) {
  await db.insertInto('contractEvidence').values(values).execute();
}

/** The file (lgcSn) of the contract's evidence report in `locale`; undefined for a contract completed before reports were stored. */
export async function findEvidenceFile(db: Db, contractId: number, locale: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('contractEvidence')
    .select('fileLgcSn')
    .where('contractId', '=', contractId)
    .where('locale', '=', locale as ContractEvidenceTable['locale'])
    .executeTakeFirst();
  return row?.fileLgcSn;
}

export async function findContractsByIntentions(db: Db, intentionIds: readonly number[]): Promise<ContractRow[]> {
  if (intentionIds.length === 0) return [];
  return db
    .selectFrom('contract')
    .selectAll()
    .where('intentionId', 'in', [...intentionIds])
    .execute();
}

/** Intention ids of the contracts in `states` among the institution's deals (the list filter). */
export async function intentionIdsWithState(db: Db, states: readonly ContractRow['state'][]): Promise<number[]> {
  const rows = await db
    .selectFrom('contract')
    .select('intentionId')
    .where('state', 'in', [...states])
    .execute();
  return rows.map((row) => row.intentionId);
}

export async function allContractIntentionIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('contract').select('intentionId').execute();
  return rows.map((row) => row.intentionId);
}

/** Inserts the intention's contract; undefined when it has one already (unique intention_id). */
export async function insertContract(db: Db, values: Insertable<ContractTable>) {
  return db
    .insertInto('contract')
    .values(values)
    .onConflict((oc) => oc.column('intentionId').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function updateContract(db: Db, id: number, values: Partial<Omit<ContractRow, 'id'>>) {
  await db
    .updateTable('contract')
    .set({ ...values, updatedAt: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function deleteContract(db: Db, id: number) {
  await db.deleteFrom('contract').where('id', '=', id).execute();
}

export async function findSignatures(db: Db, contractIds: readonly number[]): Promise<SignatureRow[]> {
  if (contractIds.length === 0) return [];
  return db
    .selectFrom('contractSignature')
    .selectAll()
    .where('contractId', 'in', [...contractIds])
    .orderBy('signedAt')
    .orderBy('id')
    .execute();
}

export async function insertSignature(db: Db, values: Insertable<ContractSignatureTable>) {
  return db.insertInto('contractSignature').values(values).returning('id').executeTakeFirstOrThrow();
}

export async function insertPlacements(db: Db, rows: Insertable<ContractPlacementTable>[]) {
  if (rows.length) await db.insertInto('contractPlacement').values(rows).execute();
}

/** Seal ids placed by each signature. */
export async function findPlacements(db: Db, signatureIds: readonly number[]) {
  if (signatureIds.length === 0) return [];
  return db
    .selectFrom('contractPlacement')
    .select(['signatureId', 'sealId', 'page'])
    .where('signatureId', 'in', [...signatureIds])
    .orderBy('id')
    .execute();
}

export async function insertEvents(db: Db, rows: Insertable<ContractEventTable>[]) {
  if (rows.length) await db.insertInto('contractEvent').values(rows).execute();
}

/** Whether `userId` viewed the file with `sha256` on this contract since `since` (contract-view dedupe). */
export async function hasRecentView(
  db: Db,
  view: { intentionId: number; userId: number; sha256: string; since: Date },
): Promise<boolean> {
  const row = await db
    .selectFrom('contractEvent')
    .select('id')
    .where('intentionId', '=', view.intentionId)
    .where('kind', '=', 'viewed')
    .where('userId', '=', view.userId)
    .where('sha256After', '=', view.sha256)
    .where('at', '>=', view.since)
    .executeTakeFirst();
  return row !== undefined;
}

/** The trail of an intention's contract (deleted uploads included), oldest first. */
export async function findEvents(db: Db, intentionId: number) {
  return db
    .selectFrom('contractEvent')
    .select([
      'kind',
      'at',
      'userId',
      'institutionId',
      'sealId',
      'page',
      'fileName',
      'sha256Before',
      'sha256After',
      'ip',
      'userAgent',
    ])
    .where('intentionId', '=', intentionId)
    .orderBy('id')
    .execute();
}

/** The signatures made with each seal, with their contract (a seal's "stamped files"). */
export async function findSignaturesBySeal(db: Db, sealIds: readonly number[]) {
  if (sealIds.length === 0) return [];
  return db
    .selectFrom('contractPlacement as p')
    .innerJoin('contractSignature as s', 's.id', 'p.signatureId')
    .innerJoin('contract as c', 'c.id', 's.contractId')
    .select(['p.sealId', 's.signedAt', 'c.id as contractId', 'c.lgcSn', 'c.title', 'c.intentionId'])
    .where('p.sealId', 'in', [...sealIds])
    .groupBy(['p.sealId', 's.id', 'c.id'])
    .orderBy('s.signedAt', 'desc')
    .execute();
}

/**
 * The contract one of whose versions has this SHA-256 (/verify): the upload's or a signature's
 * file as recorded in the trail, of the contract that stands now (not an upload deleted since).
 * `isCurrent`: it is the latest version (no signature after it).
 */
export async function findContractByFileHash(db: Db, sha256: string) {
  const row = await db
    .selectFrom('contractEvent as e')
    .innerJoin('contract as c', 'c.intentionId', 'e.intentionId')
    .select((eb) => [
      'c.id',
      'c.intentionId',
      'c.title',
      'c.state',
      'e.kind',
      eb
        .not(
          eb.exists(
            eb
              .selectFrom('contractEvent as later')
              .select('later.id')
              .whereRef('later.intentionId', '=', 'e.intentionId')
              .where('later.kind', 'in', ['signed', 'completed'])
              .whereRef('later.id', '>', 'e.id'),
          ),
        )
        .as('isCurrent'),
    ])
    .where('e.sha256After', '=', sha256)
    .where('e.kind', 'in', ['uploaded', 'signed', 'completed'])
    .where((eb) => eb('e.at', '>=', eb.ref('c.uploadedAt')))
    .orderBy('e.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row;
}

/**
 * The portal's record of the signatures that produced these files (/verify): each 'signed' event
 * whose resulting file has one of these SHA-256s, with the seal that signed and when.
 */
export async function findSigningRecords(db: Db, sha256s: readonly string[]) {
  const wanted = [...new Set(sha256s)];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('contractEvent')
    .select(['sha256After', 'sealId', 'at'])
    .where('kind', '=', 'signed')
    .where('sha256After', 'in', wanted)
    .orderBy('id')
    .execute();
}
