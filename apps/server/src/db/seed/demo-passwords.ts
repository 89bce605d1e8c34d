/**
 * Which accounts still log in with the published demo password (README, demo-accounts.ts).
 * A production start refuses while any does (start.ts).
 *
 * Cost is bounded: argon2 verification takes ~75–150 ms, so not every account is tried. The
 * candidates are the demo accounts (their e-mail addresses, or the seed's `lgc_sn` marker: at
 * most a dozen rows) and each distinct hash among them is verified once (the seed hashes the
 * password once for all its accounts, so an untouched demo costs one verification). Any other
 * account that carries a hash found to match, copied from a demo account, is reported too.
 */
import { sql } from 'kysely';
import { verifyPassword } from '../../platform/passwords.ts';
import type { Db } from '../database.ts';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USER_MARKER } from './demo-accounts.ts';

/** E-mail addresses of the accounts whose password is the demo password, in id order. */
export async function findDemoPasswordAccounts(db: Db): Promise<string[]> {
  const candidates = await db
    .selectFrom('appUser')
    .select(['passwordHash'])
    .distinct()
    .where('passwordHash', 'is not', null)
    .where((eb) =>
      eb.or([eb(sql<string>`lower(email)`, 'in', [...DEMO_EMAILS]), eb('lgcSn', 'like', `${DEMO_USER_MARKER}%`)]),
    )
    .execute();
  const matching: string[] = [];
  for (const { passwordHash } of candidates) {
    if (passwordHash && (await verifyPassword(passwordHash, DEMO_PASSWORD))) matching.push(passwordHash);
  }
  if (matching.length === 0) return [];
  const accounts = await db
    .selectFrom('appUser')
    .select('email')
    .where('passwordHash', 'in', matching)
    .orderBy('id')
    .execute();
  return accounts.map((account) => account.email);
}
