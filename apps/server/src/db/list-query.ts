/**
 * Small pieces every searchable, paged list uses (review queue, accounts, institutions,
 * audit log), so escaping and counting are written once.
 */
import type { SelectQueryBuilder } from 'kysely';

/** `text` matched literally anywhere (for ILIKE): `%` and `_` in a search are not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** How many rows the filtered query (before ordering and paging) has. */
export async function totalOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const row = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  return Number(row.total);
}
