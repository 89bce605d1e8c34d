import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import { migrateToLatest } from '../migrate.ts';
import { type SeedStep, seedDemoData } from './index.ts';

const { db } = await createTestDatabase();

describe('seedDemoData', () => {
  it('runs each step once, however often the server starts', async () => {
    const calls: string[] = [];
    const steps: SeedStep[] = [
      {
        name: 'demo-meta',
        run: async (trx) => {
          calls.push('demo-meta');
          await trx.insertInto('appMeta').values({ key: 'demo', value: 'yes' }).execute();
        },
      },
    ];
    expect(await seedDemoData(db, steps)).toEqual({ ran: ['demo-meta'] });
    expect(await seedDemoData(db, steps)).toEqual({ ran: [] });
    expect(calls).toEqual(['demo-meta']);
    const row = await db.selectFrom('appMeta').selectAll().where('key', '=', 'demo').executeTakeFirstOrThrow();
    expect(row.value).toBe('yes');
  });

  it('leaves nothing behind when a step fails, and retries it on the next start', async () => {
    let fail = true;
    const steps: SeedStep[] = [
      {
        name: 'flaky',
        run: async (trx) => {
          await trx.insertInto('appMeta').values({ key: 'flaky', value: 'half' }).execute();
          if (fail) throw new Error('disk full');
        },
      },
    ];
    await expect(seedDemoData(db, steps)).rejects.toThrow('disk full');
    expect(await db.selectFrom('appMeta').selectAll().where('key', '=', 'flaky').execute()).toEqual([]);
    fail = false;
    expect(await seedDemoData(db, steps)).toEqual({ ran: ['flaky'] });
  });

  it('adds a step that lands later without re-running the earlier ones', async () => {
    const later: SeedStep[] = [
      { name: 'demo-meta', run: async () => expect.fail('ran twice') },
      { name: 'later-step', run: async () => {} },
    ];
    expect(await seedDemoData(db, later)).toEqual({ ran: ['later-step'] });
  });

  it('skips the whole load when it collides with existing rows, writing nothing and failing nothing', async () => {
    const steps: SeedStep[] = [
      {
        name: 'before-collision',
        run: async (trx) => {
          await trx.insertInto('appMeta').values({ key: 'before-collision', value: 'x' }).execute();
        },
      },
      {
        name: 'colliding',
        run: async (trx) => {
          const bank = { name: 'Bank', kind: 'bank' as const, swiftCode: 'GLCBCNBJ' };
          await trx
            .insertInto('institution')
            .values({ lgcSn: 'collide-1', ...bank })
            .execute();
          await trx
            .insertInto('institution')
            .values({ lgcSn: 'collide-2', ...bank })
            .execute();
        },
      },
    ];
    expect(await seedDemoData(db, steps)).toEqual({
      ran: [],
      skipped:
        'Demo data not loaded: it collides with existing data (institution_swift_code_key: ' +
        'Key (swift_code)=(GLCBCNBJ) already exists.); nothing was written.',
    });
    expect(await db.selectFrom('appMeta').selectAll().where('key', '=', 'before-collision').execute()).toEqual([]);
    expect(await db.selectFrom('institution').selectAll().execute()).toEqual([]);
    const names = await db.selectFrom('seedStep').select('name').execute();
    expect(names.map((row) => row.name)).not.toContain('before-collision');
  });
});

describe('migrateToLatest', () => {
  it('is a no-op on an up-to-date database', async () => {
    const result = await migrateToLatest(db);
    expect(result.results).toEqual([]);
  });
});
