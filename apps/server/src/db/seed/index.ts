/**
 * Demo data, loaded once on first start (outside production by default; config.ts
 * SEED_DEMO_DATA). Each later feature adds a named step to SEED_STEPS; a step runs exactly once
 * per database (recorded in `seed_step`). The steps still to run go in one transaction, so a
 * failure leaves nothing half-written and they are retried on the next start.
 *
 * Demo data goes only into a database that holds no accounts or institutions of its own: the
 * first load on a populated database (a real installation) is skipped with a reason, and so is
 * a load that collides with existing rows (a real institution with a demo SWIFT code), instead
 * of failing the start. A database that got demo data before takes later steps as they land.
 */
import type { FileStorage } from '../../platform/files/storage.ts';
import type { KeyStore } from '../../platform/signing/key-sealing.ts';
import type { CertifiedKey } from '../../platform/signing/pki.ts';
import type { Db } from '../database.ts';
import { demoAccounts } from './demo-accounts.ts';
import { demoContent } from './demo-content.ts';
import { demoCooperation } from './demo-cooperation.ts';
import { demoSigning } from './demo-signing.ts';

/**
 * What a step may use besides the database: the file storage (demo PDFs and images) and the
 * portal's certificate authority (demo seals' certificates, and the key store that makes their
 * keys: sealed under the KEK, or in the PKCS#11 token); a step needing one that is absent writes nothing.
 */
export type SeedContext = { storage?: FileStorage; signingAuthority?: CertifiedKey & { keyStore: KeyStore } };

export type SeedStep = {
  /** Stable name; never rename a landed step (it would run again). */
  name: string;
  run(db: Db, context: SeedContext): Promise<void>;
};

/** The demo-data steps, in order. Features append theirs as they land. */
export const SEED_STEPS: readonly SeedStep[] = [demoAccounts, demoCooperation, demoContent, demoSigning];

/** The steps this call ran; `skipped`: why nothing was loaded (nothing was written then). */
export type SeedResult = { ran: string[]; skipped?: string };

/** Applies the steps not yet applied, or skips them all with a reason. */
export async function seedDemoData(
  db: Db,
  steps: readonly SeedStep[] = SEED_STEPS,
  context: SeedContext = {},
): Promise<SeedResult> {
  try {
    return await db.transaction().execute(async (trx) => {
      const earlier = await trx.selectFrom('seedStep').select('name').limit(1).executeTakeFirst();
      if (!earlier) {
        const populated = await populatedBy(trx);
        if (populated) {
          return {
            ran: [],
            skipped:
              `Demo data not loaded: the database already holds ${populated}. Demo data goes only into an ` +
              'empty database; nothing was written. SEED_DEMO_DATA=false silences this message.',
          };
        }
      }
      const ran: string[] = [];
      for (const step of steps) {
        // Lock the step's row so two instances starting together do not both run it.
        const inserted = await trx
          .insertInto('seedStep')
          .values({ name: step.name })
          .onConflict((oc) => oc.column('name').doNothing())
          .returning('name')
          .executeTakeFirst();
        if (!inserted) continue;
        await step.run(trx, context);
        ran.push(step.name);
      }
      return { ran };
    });
  } catch (error) {
    const conflict = uniqueViolation(error);
    if (!conflict) throw error;
    return {
      ran: [],
      skipped: `Demo data not loaded: it collides with existing data (${conflict}); nothing was written.`,
    };
  }
}

/** "3 accounts and 2 institutions" when the database has rows of its own; undefined when empty. */
async function populatedBy(db: Db): Promise<string | undefined> {
  const count = async (table: 'appUser' | 'institution') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const users = await count('appUser');
  const institutions = await count('institution');
  if (users === 0 && institutions === 0) return undefined;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(users, 'account')} and ${plural(institutions, 'institution')}`;
}

/** For a unique-constraint violation (PostgreSQL 23505): the constraint and the detail. */
function uniqueViolation(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint, detail } = error as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (code !== '23505') return undefined;
  return [constraint, detail].filter((part) => typeof part === 'string' && part).join(': ') || 'duplicate key';
}
