import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Electronic seals and contracts: the portal's certificate authority, seals (what GB/T 38540
// keeps for a seal: identifier, type, name, holder, validity, picture, certificate, approver),
// one contract per agreed intention, its file versions, signatures and audit trail; and messages
// that point at a seal or a contract.
export async function up(db: Kysely<any>): Promise<void> {
  await createSigningAuthorityTable(db);
  await createSealTable(db);
  await createSealIndexes(db);
  await createContractTable(db);
  await createContractSignatureTable(db);
  await createContractPlacementTable(db);
  await createContractEventTable(db);
  await addMessageLinks(db);
}

async function createSigningAuthorityTable(db: Kysely<any>): Promise<void> {
  // The portal's own certificate authority (one row), made on first start unless configured.
  await db.schema
    .createTable('signing_authority')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('certificate_der', 'bytea', (c) => c.notNull())
    .addColumn('private_key_pkcs8', 'bytea') // null: the key is in SIGNING_CA_KEY_FILE
    // The portal's own signing certificate (evidence reports), issued by the authority.
    .addColumn('portal_certificate_der', 'bytea', (c) => c.notNull())
    .addColumn('portal_private_key_pkcs8', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('signing_authority_single_row', sql`id = 1`)
    .execute();
}

async function createSealTable(db: Kysely<any>): Promise<void> {
  await sql`create sequence seal_number_seq`.execute(db);
  await db.schema
    .createTable('seal')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    .addColumn('seal_no', 'text', (c) => c.notNull().unique())
    // GB/T 38540 seal type: a contract seal (合同专用章)
    .addColumn('seal_type', 'text', (c) => c.notNull().defaultTo('contract'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('applicant_user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('period_months', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('approver_branch', 'text', (c) => c.notNull())
    .addColumn('image_file', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('image_type', 'text', (c) => c.notNull().defaultTo('png'))
    .addColumn('image_width', 'integer', (c) => c.notNull())
    .addColumn('image_height', 'integer', (c) => c.notNull())
    .addColumn('authorization_file', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('agreement_accepted_at', 'timestamptz', (c) => c.notNull())
    .addColumn('reviewer_user_id', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('review_started_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('reject_reason', 'text')
    .addColumn('valid_from', 'timestamptz')
    .addColumn('valid_to', 'timestamptz')
    .addColumn('certificate_der', 'bytea')
    .addColumn('certificate_serial', 'text')
    .addColumn('private_key_pkcs8', 'bytea')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'seal_state_check',
      sql`state in ('submitted', 'pendingApproval', 'effective', 'rejected', 'cancelled', 'expired')`,
    )
    .addCheckConstraint(
      'seal_effective_has_certificate',
      sql`state not in ('effective', 'cancelled', 'expired') or (certificate_der is not null and valid_to is not null)`,
    )
    .execute();
}

async function createSealIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('seal_institution_idx')
    .on('seal')
    .columns(['institution_id', 'created_at desc'])
    .execute();
  await db.schema
    .createIndex('seal_review_idx')
    .on('seal')
    .columns(['approver_branch', 'state', 'created_at'])
    .execute();
  await db.schema
    .createIndex('seal_expiry_idx')
    .on('seal')
    .column('valid_to')
    .where(sql.ref('state'), '=', 'effective')
    .execute();
}

async function createContractTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('lgc_sn', 'text', (c) => c.notNull().unique())
    // One contract per agreed intention (cooperation's id; the row is written by contracts only).
    .addColumn('intention_id', 'bigint', (c) => c.notNull().unique().references('cooperation_intention.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('original_file', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('current_file', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('uploaded_by', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('confirmed_by', 'bigint', (c) => c.references('app_user.id'))
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contract_state_check', sql`state in ('uploaded', 'signing', 'signed')`)
    .addCheckConstraint('contract_signing_confirmed', sql`state = 'uploaded' or confirmed_at is not null`)
    .execute();
}

async function createContractSignatureTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_signature')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('contract_id', 'bigint', (c) => c.notNull().references('contract.id').onDelete('cascade'))
    .addColumn('party', 'text', (c) => c.notNull())
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    // The seal whose certificate made the PDF signature (the first placed).
    .addColumn('signing_seal_id', 'bigint', (c) => c.notNull().references('seal.id'))
    .addColumn('file_before', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('file_after', 'text', (c) => c.notNull().references('file_object.lgc_sn'))
    .addColumn('sha256_before', 'text', (c) => c.notNull())
    .addColumn('sha256_after', 'text', (c) => c.notNull())
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addCheckConstraint('contract_signature_party_check', sql`party in ('publisher', 'counterpart')`)
    .addUniqueConstraint('contract_signature_one_per_party', ['contract_id', 'party'])
    .execute();
}

async function createContractPlacementTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_placement')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('signature_id', 'bigint', (c) => c.notNull().references('contract_signature.id').onDelete('cascade'))
    .addColumn('seal_id', 'bigint', (c) => c.notNull().references('seal.id'))
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('x', sql`double precision`, (c) => c.notNull())
    .addColumn('y', sql`double precision`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contract_placement_seal_idx').on('contract_placement').column('seal_id').execute();
}

async function createContractEventTable(db: Kysely<any>): Promise<void> {
  // The audit trail: upload, deletion, confirmation, each placement and signature. Kept when an
  // unconfirmed upload is deleted (contract_id is then null; intention_id stays).
  await db.schema
    .createTable('contract_event')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('intention_id', 'bigint', (c) => c.notNull().references('cooperation_intention.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id'))
    .addColumn('institution_id', 'bigint', (c) => c.notNull().references('institution.id'))
    .addColumn('seal_id', 'bigint', (c) => c.references('seal.id'))
    .addColumn('page', 'integer')
    .addColumn('file_name', 'text')
    .addColumn('sha256_before', 'text')
    .addColumn('sha256_after', 'text')
    .addColumn('ip', 'text')
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'contract_event_kind_check',
      sql`kind in ('uploaded', 'deleted', 'confirmed', 'placed', 'signed')`,
    )
    .execute();
  await db.schema
    .createIndex('contract_event_intention_idx')
    .on('contract_event')
    .columns(['intention_id', 'id'])
    .execute();
}

async function addMessageLinks(db: Kysely<any>): Promise<void> {
  // Messages about a seal or a contract: where opening one leads (a web path) and the name of
  // what it is about (the seal's name, the contract's title), shown as written.
  await db.schema.alterTable('message').addColumn('link', 'text').addColumn('subject', 'text').execute();
  await db.schema.alterTable('message').dropConstraint('message_type_check').execute();
  await db.schema
    .alterTable('message')
    .addCheckConstraint(
      'message_type_check',
      sql`type in ('match', 'intentionReceived', 'intentionRejected', 'intentionAgreed', 'requestPublished', 'intentionReached', 'sealApproved', 'sealRejected', 'sealSubmitted', 'contractUploaded', 'contractSigned')`,
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from message where link is not null`.execute(db);
  await db.schema.alterTable('message').dropConstraint('message_type_check').execute();
  await db.schema
    .alterTable('message')
    .addCheckConstraint(
      'message_type_check',
      sql`type in ('match', 'intentionReceived', 'intentionRejected', 'intentionAgreed', 'requestPublished', 'intentionReached')`,
    )
    .execute();
  await db.schema.alterTable('message').dropColumn('link').dropColumn('subject').execute();
  await db.schema.dropTable('contract_event').execute();
  await db.schema.dropTable('contract_placement').execute();
  await db.schema.dropTable('contract_signature').execute();
  await db.schema.dropTable('contract').execute();
  await db.schema.dropTable('seal').execute();
  await sql`drop sequence seal_number_seq`.execute(db);
  await db.schema.dropTable('signing_authority').execute();
}
