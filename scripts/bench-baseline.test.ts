import {
  CamelCasePlugin,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { expect, it } from 'vitest';
import { listOpportunities } from '../apps/server/src/modules/cooperation/requests.repository.ts';
import { COUNT_SQL, LIST_SQL } from '../bench/raw-statements.ts';

/** The SQL the repository sends for the bench's list request, compiled without a database. */
async function statementsOfTheList(): Promise<string[]> {
  const sent: string[] = [];
  const db = new Kysely({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      sent.push(event.query.sql);
    },
  });
  // No rows come back from the dummy driver, so the page past the end's count statement follows,
  // and then the missing count row stops the call.
  await listOpportunities(
    db as never,
    { direction: 'REQUEST_FUNDING', typeCode: 'TRADE_FINANCE', country: 'HK' },
    { pageNo: 2, pageSize: 10 },
    10_000,
    { userId: 1, institutionId: 1 },
  ).catch(() => undefined);
  return sent;
}

it("the raw-pg baseline of the bench sends exactly the list's statements", async () => {
  expect(await statementsOfTheList()).toEqual([LIST_SQL, COUNT_SQL]);
});
