/**
 * Statements built once per shape (compiled.ts): the same rows as the query built each time, one
 * shape per set of absent values and decisions, and no value frozen into a shape.
 */
import { CamelCasePlugin, sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
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

  it('maps the rows once per shape when asked: the rows CamelCasePlugin gives, without its row-by-row pass', async () => {
    const { db } = await createTestDatabase();
    await db
      .insertInto('institution')
      .values(
        ['HK', 'SG'].map((country, i) => ({
          lgcSn: `mapped-${i}`,
          name: `Mapped Bank ${i}`,
          kind: 'partner',
          country,
        })),
      )
      .execute();
    // Text, numbers, a date, null, JSON objects and arrays of them (their keys mapped too), in
    // the order of the columns.
    const query = (d: Db, v: { minId: number }) =>
      d
        .selectFrom('institution')
        .select(['id', 'lgcSn', 'country', 'createdAt'])
        .select([
          sql<unknown>`jsonb_build_object('inner_key', lgc_sn, 'nested_object', jsonb_build_object('deep_key', 1))`.as(
            'jsonValue',
          ),
          sql<unknown>`jsonb_build_array(jsonb_build_object('item_key', id), 'plain_text')`.as('jsonList'),
          sql<string[]>`array['a_b', country]`.as('textList'),
          sql<null>`null`.as('nothingHere'),
        ])
        .where('id', '>=', v.minId)
        .orderBy('id');
    const expected = await query(db, { minId: 0 }).execute();
    expect(expected[0]).toMatchObject({ jsonValue: { innerKey: 'mapped-0', nestedObject: { deepKey: 1 } } });

    const mapped = new StatementShapes(query, undefined, { rowsMappedOnce: true });
    const rowByRow = vi.spyOn(CamelCasePlugin.prototype, 'transformResult');
    try {
      for (const minId of [0, 2, 99]) {
        const rows = await mapped.execute(db, '', { minId });
        const plugin = await query(db, { minId }).execute();
        expect(rows).toEqual(plugin);
        expect(rows.map((row) => Object.keys(row))).toEqual(plugin.map((row) => Object.keys(row)));
        expect(rows.map((row) => JSON.stringify(row))).toEqual(plugin.map((row) => JSON.stringify(row)));
      }
      // Only the three comparison queries went through the plugin's mapping.
      expect(rowByRow).toHaveBeenCalledTimes(3);
    } finally {
      rowByRow.mockRestore();
    }
  });
});
