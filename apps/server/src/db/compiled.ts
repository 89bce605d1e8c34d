/**
 * Statements built with Kysely once per shape, then reused (docs/decisions/0023).
 *
 * Building a Kysely query, passing it through CamelCasePlugin's node transformer and compiling it
 * cost more server CPU than anything else on the busiest routes (the session check, the
 * opportunity list, the unread count). A `StatementShapes` builds each shape once, with a
 * placeholder in place of every value, and keeps the SQL text and which value goes in which
 * parameter; later calls only fill in the parameters. Results still pass through the plugins, so
 * rows read exactly as the built query's would.
 *
 * A shape is known by which values are null or undefined, and by a key naming every other
 * decision the builder takes from the values (which column a code compares with): two calls with
 * the same key and the same absent values must build the same SQL. Every parameter of the built query must come from a value
 * (a constant of the builder, not given through `slots`, is refused when the shape is built), so
 * no value can be left frozen in a cached shape.
 */
import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.ts';

/** A placeholder: NUL never occurs in a value (the API refuses it, platform/validation.ts). */
const SLOT = '\u0000slot:';

type Shape = { sql: string; slots: readonly string[] };

/**
 * Placeholders for the values: `slots.x` stands for `values.x` in the builder, typed as the value,
 * so the builder is written as it would be with the values themselves. A value that is null or
 * undefined stays so (the builder may leave its condition out: that is part of the shape).
 */
function slotsOf<V extends Record<string, unknown>>(values: V): V {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === null || value === undefined ? value : `${SLOT}${key}`,
    ]),
  ) as V;
}

/** Which values are null or undefined: part of every shape's key. */
function absentOf(values: Record<string, unknown>): string {
  let absent = '';
  for (const key in values) {
    if (values[key] === null) absent += `${key}=null;`;
    else if (values[key] === undefined) absent += `${key}=undefined;`;
  }
  return absent;
}

/** The SQL of one built query and, for each of its parameters, the value it takes. */
function shapeOf(compiled: CompiledQuery): Shape {
  const slots = compiled.parameters.map((parameter, i) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(SLOT)) {
      throw new Error(`Statement shape: parameter $${i + 1} is not one of the values (${String(parameter)})`);
    }
    return parameter.slice(SLOT.length);
  });
  return { sql: compiled.sql, slots };
}

export class StatementShapes<V extends Record<string, unknown>, R> {
  readonly #shapes = new Map<string, Shape>();
  readonly #build: (db: Db, slots: V, decisions: string) => Compilable<R>;
  readonly #limit: number;

  /**
   * `build` makes the query from placeholders and the decisions of `execute`; of the values it may
   * read only whether they are null or undefined. `limit`: shapes kept at most (a bound, should
   * the decisions not be bounded).
   */
  constructor(build: (db: Db, slots: V, decisions: string) => Compilable<R>, limit = 256) {
    this.#build = build;
    this.#limit = limit;
  }

  /** Runs the statement of shape `decisions` (and the absent values) with `values` on `db` (or a transaction). */
  async execute(db: Db, decisions: string, values: V): Promise<R[]> {
    const key = `${decisions}|${absentOf(values)}`;
    let shape = this.#shapes.get(key);
    if (!shape) {
      shape = shapeOf(this.#build(db, slotsOf(values), decisions).compile());
      if (this.#shapes.size >= this.#limit) this.#shapes.clear();
      this.#shapes.set(key, shape);
    }
    const parameters = shape.slots.map((slot) => values[slot]);
    const result: QueryResult<R> = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
    return result.rows;
  }
}
