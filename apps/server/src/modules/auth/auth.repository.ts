/** Auth's own queries: the browsers an account has logged in from (known_device), and log-out. */
import type { Db } from '../../db/database.ts';

/** Whether the account with this address has logged in from the device (by its hash). One query either way. */
export async function isKnownDevice(db: Db, email: string, deviceHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('knownDevice as d')
    .innerJoin('appUser as u', 'u.id', 'd.userId')
    .select('d.userId')
    .where('u.email', '=', email.toLowerCase())
    .where('d.deviceHash', '=', deviceHash)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers the device for the account, or marks it seen at `now`. */
export async function rememberDevice(db: Db, userId: number, deviceHash: string, now: Date): Promise<void> {
  await db
    .insertInto('knownDevice')
    .values({ userId, deviceHash })
    .onConflict((oc) => oc.columns(['userId', 'deviceHash']).doUpdateSet({ lastSeenAt: now }))
    .execute();
}

/** Ends the one session (log-out). */
export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('userSession').where('tokenHash', '=', tokenHash).execute();
}
