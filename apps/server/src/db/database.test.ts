/**
 * The PostgreSQL driver's prepared statements (database.ts PreparingClient). Runs on PostgreSQL
 * only (DATABASE_URL set, as in CI's second run): PGlite sends statements as Kysely builds them.
 */
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { describeOnPostgres } from '../../test/postgres-only.ts';

describeOnPostgres('prepared statements', () => {
  it('prepares a parameterised statement once per connection and reuses it', async () => {
    const { db } = await createTestDatabase();
    const prepared = await db.transaction().execute(async (trx) => {
      for (const id of [1, 2, 3]) {
        await trx.selectFrom('institution').select('id').where('id', '=', id).execute();
      }
      return sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx);
    });
    const statements = prepared.rows.map((row) => row.statement);
    // One statement for the three calls, under one name; begin and this query itself unnamed.
    expect(statements.filter((text) => text.includes('from "institution"'))).toHaveLength(1);
    expect(statements.some((text) => /^\s*begin/i.test(text))).toBe(false);
  });

  it('sends statements without parameters as they are, several at once included', async () => {
    const { db } = await createTestDatabase();
    const rows = await db.transaction().execute(async (trx) => {
      // Two statements in one call: refused if it went as a prepared statement.
      await sql`create temporary table two_at_once (x int) on commit drop; insert into two_at_once values (7)`.execute(
        trx,
      );
      return (await sql<{ x: number }>`select x from two_at_once where x = ${7}`.execute(trx)).rows;
    });
    expect(rows).toEqual([{ x: 7 }]);
  });
});
