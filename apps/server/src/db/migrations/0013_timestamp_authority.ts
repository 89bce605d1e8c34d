import type { Kysely } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Trusted time (issue 25): the portal's own RFC 3161 timestamp authority keeps its certificate
// (issued by the portal's authority, extended key usage timeStamping) and its key, sealed under
// the key-encryption key like the others, on the authority's row. Null until the first start
// after this migration issues them (modules/seals/authority.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signing_authority')
    .addColumn('tsa_certificate_der', 'bytea')
    .addColumn('tsa_private_key_sealed', 'bytea')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('signing_authority')
    .dropColumn('tsa_private_key_sealed')
    .dropColumn('tsa_certificate_der')
    .execute();
}
