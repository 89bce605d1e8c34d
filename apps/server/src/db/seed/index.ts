/**
 * Demo data, loaded once on first start. Each later feature adds a named step to SEED_STEPS;
 * a step runs exactly once per database (recorded in `seed_step`), inside a transaction, so a
 * failed step leaves nothing half-written and is retried on the next start.
 */
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Db } from '../database.ts';
import { demoAccounts } from './demo-accounts.ts';
import { demoContent } from './demo-content.ts';
import { demoCooperation } from './demo-cooperation.ts';

/** What a step may use besides the database: the file storage (demo PDFs and images). */
export type SeedContext = { storage?: FileStorage };

export type SeedStep = {
  /** Stable name; never rename a landed step (it would run again). */
  name: string;
  run(db: Db, context: SeedContext): Promise<void>;
};

/** The demo-data steps, in order. Features append theirs as they land. */
export const SEED_STEPS: readonly SeedStep[] = [demoAccounts, demoCooperation, demoContent];

/** Applies the steps not yet applied; returns the names it ran. */
export async function seedDemoData(
  db: Db,
  steps: readonly SeedStep[] = SEED_STEPS,
  context: SeedContext = {},
): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const applied = await db.transaction().execute(async (trx) => {
      // Lock the step's row so two instances starting together do not both run it.
      const inserted = await trx
        .insertInto('seedStep')
        .values({ name: step.name })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('name')
        .executeTakeFirst();
      if (!inserted) return false;
      await step.run(trx, context);
      return true;
    });
    if (applied) ran.push(step.name);
  }
  return ran;
}
