/**
 * Versions of the user agreement and personal-information policy (SPEC §2 agreement dialog, §3
 * agrInd). Publishing a version clears every account's agrInd, so each is asked to accept at its
 * next log-in or page load; every acceptance records the version, the time and the address.
 */
import type { Db } from '../../db/database.ts';
import { AUDIT_ACTIONS, recordAudit } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionUser } from '../../platform/session.ts';

export type AgreementVersion = { version: string; effectiveDate: string; publishedAt: string };

const asVersion = (row: { version: string; effectiveDate: string; publishedAt: Date }): AgreementVersion => ({
  ...row,
  publishedAt: new Date(row.publishedAt).toISOString(),
});

/** The version in force: the last one published. */
export async function currentAgreementVersion(db: Db): Promise<AgreementVersion> {
  const row = await db
    .selectFrom('agreementVersion')
    .select(['version', 'effectiveDate', 'publishedAt'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return asVersion(row);
}

/** Records that the account accepts the version in force (in the caller's transaction if any). */
export async function recordAcceptance(db: Db, userId: number, ip: string): Promise<string> {
  const { version } = await currentAgreementVersion(db);
  await db.insertInto('agreementAcceptance').values({ userId, version, ip }).execute();
  return version;
}

/** The account accepts the version in force: agrInd 1, and the acceptance kept. */
export async function acceptAgreement(db: Db, userId: number, ip: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('appUser')
      .set({ agreementAccepted: true, updatedAt: new Date() })
      .where('id', '=', userId)
      .execute();
    await recordAcceptance(trx, userId, ip);
  });
}

/** Publishes a new version (PRT_CONFLICT when the version exists): every account must accept it again. */
export async function publishAgreementVersion(
  db: Db,
  actor: SessionUser,
  input: { version: string; effectiveDate: string },
  ip: string,
): Promise<AgreementVersion> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('agreementVersion')
      .values({ version: input.version, effectiveDate: input.effectiveDate, publishedBy: actor.id })
      .onConflict((oc) => oc.column('version').doNothing())
      .returning(['version', 'effectiveDate', 'publishedAt'])
      .executeTakeFirst();
    if (!inserted) throw new AppError('PRT_CONFLICT');
    const cleared = await trx
      .updateTable('appUser')
      .set({ agreementAccepted: false })
      .where('agreementAccepted', '=', true)
      .executeTakeFirst();
    await recordAudit(trx, {
      actorUserId: actor.id,
      actorEmail: actor.email,
      action: AUDIT_ACTIONS.agreementPublished,
      targetType: 'agreement',
      targetId: input.version,
      // `name`: what the audit log's sentence calls the target.
      detail: { name: input.version, effectiveDate: input.effectiveDate, accounts: Number(cleared.numUpdatedRows) },
      ip,
    });
    return asVersion(inserted);
  });
}
