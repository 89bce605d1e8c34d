import type { Kysely } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// The Business Opportunities list filtered by the publishing institution's country: the
// institutions of a country by index, not by reading every institution on each page.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('institution_country_idx').on('institution').columns(['country', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('institution_country_idx').ifExists().execute();
}
