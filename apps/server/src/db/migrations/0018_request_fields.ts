import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// The request fields of SPEC §3 that were missing (docs/decisions/0021): customer type and
// intended time limit get columns beside `fields` (the lists show them); existing requests have
// neither (null: both are optional). The L/C form's single Y/N `domesticBeneficiary` becomes
// `beneficiaryLocation` (DOMESTIC / FOREIGN) beside the new `applicantLocation`; an answer left
// empty stays empty. Partner name and the L/C guarantee bank live in `fields` only.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('cooperation_request')
    .addColumn('customer_type', 'text')
    .addColumn('intended_time_limit', 'date')
    .execute();
  await sql`update cooperation_request
    set fields = (fields - 'domesticBeneficiary') || jsonb_build_object('beneficiaryLocation',
      case fields->>'domesticBeneficiary' when 'Y' then 'DOMESTIC' when 'N' then 'FOREIGN' else '' end)
    where fields ? 'domesticBeneficiary'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update cooperation_request
    set fields = (fields - 'beneficiaryLocation' - 'applicantLocation') || jsonb_build_object('domesticBeneficiary',
      case fields->>'beneficiaryLocation' when 'DOMESTIC' then 'Y' when 'FOREIGN' then 'N' else '' end)
    where fields ? 'beneficiaryLocation'`.execute(db);
  await db.schema
    .alterTable('cooperation_request')
    .dropColumn('customer_type')
    .dropColumn('intended_time_limit')
    .execute();
}
