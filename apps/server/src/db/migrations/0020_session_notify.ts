import { type Kysely, sql } from 'kysely';

// Frozen in time: never edit once landed; never import application code.
// Every change the session lookup could see, announced on the channel `portal_session` with the
// commit that makes it (docs/decisions/0028): each instance's short-lived session cache drops what
// it names. A session deleted or changed (other than its "last seen" time): `s:<token_hash>`. A
// user changed (other than the times activity and log-in keep) or deleted: `u:<id>`. An
// institution stopped, started or deleted: `i:<id>`. A truncate: `*` (drop everything). The user
// and session triggers leave out only the columns they name, so a column added later is announced.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create function notify_session_change() returns trigger language plpgsql as $$
    begin
      if tg_level = 'STATEMENT' then
        perform pg_notify('portal_session', '*');
      elsif tg_table_name = 'user_session' then
        perform pg_notify('portal_session', 's:' || old.token_hash);
      elsif tg_table_name = 'app_user' then
        perform pg_notify('portal_session', 'u:' || old.id);
      else
        perform pg_notify('portal_session', 'i:' || old.id);
      end if;
      return null;
    end
  $$`.execute(db);
  // INSERT needs none: a new session or user is in no cache yet.
  await sql`create trigger user_session_notify_delete
    after delete on user_session
    for each row execute function notify_session_change()`.execute(db);
  // The "last seen" touch (once a minute per session) changes nothing the cache keeps.
  await sql`create trigger user_session_notify_update
    after update on user_session
    for each row when ((to_jsonb(old) - 'last_seen_at') is distinct from (to_jsonb(new) - 'last_seen_at'))
    execute function notify_session_change()`.execute(db);
  await sql`create trigger app_user_notify_delete
    after delete on app_user
    for each row execute function notify_session_change()`.execute(db);
  // Activity (once a minute per signed-in user), log-in and the dormant warning keep times the
  // lookup does not read.
  await sql`create trigger app_user_notify_update
    after update on app_user
    for each row when (
      (to_jsonb(old) - array['last_active_at', 'last_login_at', 'dormant_warned_at', 'updated_at'])
      is distinct from
      (to_jsonb(new) - array['last_active_at', 'last_login_at', 'dormant_warned_at', 'updated_at'])
    )
    execute function notify_session_change()`.execute(db);
  // The lookup reads an institution's status only.
  await sql`create trigger institution_notify_update
    after update of status on institution
    for each row when (old.status is distinct from new.status)
    execute function notify_session_change()`.execute(db);
  await sql`create trigger institution_notify_delete
    after delete on institution
    for each row execute function notify_session_change()`.execute(db);
  for (const table of ['user_session', 'app_user', 'institution']) {
    await sql`create trigger ${sql.id(`${table}_notify_truncate`)}
      after truncate on ${sql.table(table)}
      for each statement execute function notify_session_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [trigger, table] of [
    ['user_session_notify_delete', 'user_session'],
    ['user_session_notify_update', 'user_session'],
    ['app_user_notify_delete', 'app_user'],
    ['app_user_notify_update', 'app_user'],
    ['institution_notify_update', 'institution'],
    ['institution_notify_delete', 'institution'],
    ['user_session_notify_truncate', 'user_session'],
    ['app_user_notify_truncate', 'app_user'],
    ['institution_notify_truncate', 'institution'],
  ] as const) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function notify_session_change()`.execute(db);
}
