import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Files: metadata of uploaded files; the bytes are in the file storage under storage_key.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file_object')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('owner_user_id', 'bigint', (c) => c.references('app_user.id').onDelete('set null'))
    // Uploads made while registering, before the account exists.
    .addColumn('owner_email', 'text')
    // What the file belongs to once used, e.g. 'user:<lgcSn>' for introduction attachments.
    .addColumn('attached_to', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('file_object_owner_user_idx').on('file_object').column('owner_user_id').execute();
  await db.schema.createIndex('file_object_attached_to_idx').on('file_object').column('attached_to').execute();
  await db.schema.createIndex('file_object_created_at_idx').on('file_object').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_object').execute();
}
