import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Keys no dump can use (issue 25): the private-key columns hold keys sealed under a key-encryption
// key kept outside the database (platform/signing/key-sealing.ts), so they are named for that.
// The keys already stored in plain form are sealed by the start right after the migrations
// (modules/seals/sealed-keys.ts: the KEK is not the migrations' to know), in one transaction.
// The keys of cancelled and expired seals are destroyed here: they sign nothing more, and their
// certificates stay for verification.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signing_authority').renameColumn('private_key_pkcs8', 'private_key_sealed').execute();
  await db.schema
    .alterTable('signing_authority')
    .renameColumn('portal_private_key_pkcs8', 'portal_private_key_sealed')
    .execute();
  await db.schema.alterTable('seal').renameColumn('private_key_pkcs8', 'private_key_sealed').execute();
  await sql`update seal set private_key_sealed = null where state in ('cancelled', 'expired')`.execute(db);
}

// The columns get their old names back; the keys in them stay sealed (and destroyed ones gone).
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('seal').renameColumn('private_key_sealed', 'private_key_pkcs8').execute();
  await db.schema
    .alterTable('signing_authority')
    .renameColumn('portal_private_key_sealed', 'portal_private_key_pkcs8')
    .execute();
  await db.schema.alterTable('signing_authority').renameColumn('private_key_sealed', 'private_key_pkcs8').execute();
}
