/**
 * Statements built once per shape (compiled.ts): the same rows as the query built each time, one
 * shape per set of absent values and decisions, and no value frozen into a shape.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { StatementShapes } from './compiled.ts';
import type { Db } from './database.ts';

type Values = { country: string | undefined; minId: number };

const build = (db: Db, v: Values, decision: string) => {
  let query = db.selectFrom('institution').select(['id', 'lgcSn', 'country']).where('id', '>=', v.minId);
  if (v.country) query = query.where('country', '=', v.country);
  return query.orderBy('id', decision === 'desc' ? 'desc' : 'asc');
};

describe('statement shapes', () => {
  it('answers what the query built with the values answers, for every shape and value', async () => {
    const { db } = await createTestDatabase();
    await db
      .insertInto('institution')
      .values(
        ['HK', 'SG', 'HK', 'GB'].map((country, i) => ({
          lgcSn: `shape-${i}`,
          name: `Shape Bank ${i}`,
          kind: 'partner',
          country,
        })),
      )
      .execute();
    const shapes = new StatementShapes(build);
    for (const values of [
      { country: 'HK', minId: 0 },
      { country: 'SG', minId: 0 },
      { country: undefined, minId: 0 },
      { country: 'HK', minId: 3 },
    ]) {
      for (const decision of ['asc', 'desc']) {
        const expected = await build(db, values, decision).execute();
        expect(await shapes.execute(db, decision, values)).toEqual(expected);
      }
    }
  });

  it('refuses a shape with a parameter that is none of the values', async () => {
    const { db } = await createTestDatabase();
    const frozen = new StatementShapes((d: Db, v: { minId: number }) =>
      d.selectFrom('institution').select('id').where('id', '>=', v.minId).where(sql<boolean>`${'HK'} = 'HK'`),
    );
    await expect(frozen.execute(db, '', { minId: 1 })).rejects.toThrow(/parameter \$2 is not one of the values/);
  });
});
