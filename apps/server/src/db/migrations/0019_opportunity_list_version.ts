import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// A version of everything the Business Opportunities filters read (docs/decisions/0027): one row,
// raised by the end of any statement that writes cooperation_request, or the name or country of an
// institution (the institution and country filters). The list reads it in the same statement as
// its page, so a count kept with the version it was taken at is known to be exact whenever the
// version has not moved, and is then not taken again. A writer holds the row until it commits, so
// a reader either sees both its change and the new version or neither.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table opportunity_list_version (
    id boolean primary key default true check (id),
    version bigint not null
  )`.execute(db);
  await sql`insert into opportunity_list_version (id, version) values (true, 1)`.execute(db);
  await sql`create function raise_opportunity_list_version() returns trigger language plpgsql as $$
    begin
      update opportunity_list_version set version = version + 1;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger cooperation_request_list_version
    after insert or update or delete or truncate on cooperation_request
    for each statement execute function raise_opportunity_list_version()`.execute(db);
  await sql`create trigger institution_list_version
    after update of name, country or delete on institution
    for each statement execute function raise_opportunity_list_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger institution_list_version on institution`.execute(db);
  await sql`drop trigger cooperation_request_list_version on cooperation_request`.execute(db);
  await sql`drop function raise_opportunity_list_version()`.execute(db);
  await sql`drop table opportunity_list_version`.execute(db);
}
