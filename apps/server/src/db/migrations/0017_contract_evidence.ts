import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// The evidence report made once, when a contract is complete (docs/decisions/0020): one stored
// report per language, each attached to the completed PDF, with its SHA-256. The audit trail
// gains the steps it now records (a signing code mailed, the reports made, the completed file,
// a party viewing the file) and the browser (user agent) of each step.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_evidence')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('contract_id', 'bigint', (c) => c.notNull().references('contract.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('file_lgc_sn', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('made_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contract_evidence_locale_check', sql`locale in ('en-US', 'zh-CN')`)
    .addUniqueConstraint('contract_evidence_one_per_locale', ['contract_id', 'locale'])
    .execute();
  await db.schema.alterTable('contract_event').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('contract_event').dropConstraint('contract_event_kind_check').execute();
  await db.schema
    .alterTable('contract_event')
    .addCheckConstraint(
      'contract_event_kind_check',
      sql`kind in ('uploaded', 'deleted', 'confirmed', 'viewed', 'codeSent', 'placed', 'signed', 'evidence', 'completed')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('contract_event').where('kind', 'in', ['viewed', 'codeSent', 'evidence', 'completed']).execute();
  await db.schema.alterTable('contract_event').dropConstraint('contract_event_kind_check').execute();
  await db.schema
    .alterTable('contract_event')
    .addCheckConstraint(
      'contract_event_kind_check',
      sql`kind in ('uploaded', 'deleted', 'confirmed', 'placed', 'signed')`,
    )
    .execute();
  await db.schema.alterTable('contract_event').dropColumn('user_agent').execute();
  await db.schema.dropTable('contract_evidence').execute();
}
