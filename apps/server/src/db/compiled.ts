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
import { CamelCasePlugin, type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import type { Db } from './database.ts';

/** A placeholder: NUL never occurs in a value (the API refuses it, platform/validation.ts). */
const SLOT = '\u0000slot:';

type Shape = { sql: string; slots: readonly string[]; mapRow?: (row: Record<string, unknown>) => unknown };

/** The database's own row mapping (database.ts kyselyOver: CamelCasePlugin with its defaults). */
class RowCase extends CamelCasePlugin {
  row(row: Record<string, unknown>): Record<string, unknown> {
    return this.mapRow(row);
  }
  key(key: string): string {
    return this.camelCase(key);
  }
}
const camelCase = new RowCase();

/**
 * A value as CamelCasePlugin leaves it: arrays and plain objects have their keys mapped too
 * (through the plugin itself); anything else (text, numbers, dates, buffers, null) as it is.
 */
function mappedValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  return camelCase.row({ value }).value;
}

/**
 * CamelCasePlugin's mapping of the rows of one statement, for rows with the keys of `first` (every
 * row of one SQL text has the same columns in the same order): one object literal with the mapped
 * keys, in the same order, each value as the plugin leaves it. Built once per shape, so a row is
 * one allocation of a fixed shape instead of a key-by-key copy.
 */
function rowMapperFor(first: Record<string, unknown>): (row: Record<string, unknown>) => unknown {
  const fields = Object.keys(first)
    .map((key) => `${JSON.stringify(camelCase.key(key))}: v(r[${JSON.stringify(key)}])`)
    .join(', ');
  // The keys are the statement's own column names, written as JSON string literals.
  return new Function('v', `return (r) => ({ ${fields} });`)(mappedValue);
}

/** The handle without its plugins (Kysely builds a new one per call): one per handle. */
const withoutPlugins = new WeakMap<Db, Db>();
function plainOf(db: Db): Db {
  let plain = withoutPlugins.get(db);
  if (!plain) {
    plain = db.withoutPlugins();
    withoutPlugins.set(db, plain);
  }
  return plain;
}

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
  readonly #rowsMappedOnce: boolean;

  /**
   * `build` makes the query from placeholders and the decisions of `execute`; of the values it may
   * read only whether they are null or undefined. `limit`: shapes kept at most (a bound, should
   * the decisions not be bounded). `rowsMappedOnce`: the rows are camel-cased by a mapping built
   * once per shape (rowMapperFor) rather than by the plugin row by row: the same rows, for
   * statements whose answer is many rows (the opportunity list, 0023 second pass).
   */
  constructor(
    build: (db: Db, slots: V, decisions: string) => Compilable<R>,
    limit = 256,
    options: { rowsMappedOnce?: boolean } = {},
  ) {
    this.#build = build;
    this.#limit = limit;
    this.#rowsMappedOnce = options.rowsMappedOnce ?? false;
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
    if (this.#rowsMappedOnce) {
      const plain = await plainOf(db).executeQuery<Record<string, unknown>>(CompiledQuery.raw(shape.sql, parameters));
      const rows = plain.rows;
      if (rows.length === 0) return [];
      shape.mapRow ??= rowMapperFor(rows[0]!);
      return rows.map(shape.mapRow) as R[];
    }
    const result: QueryResult<R> = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
    return result.rows;
  }
}
