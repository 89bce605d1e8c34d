/**
 * Matching (docs/decisions/0006 "Matching"): when a request is published it is pushed, in the
 * publish transaction, to every other active institution that
 * - has at least one active, approved user interested in the request's sub-type,
 * - is in a country within the request's scope (no limit = any country), and
 * - is a counterpart, not a competitor: an institution that itself has an effective request of
 *   the same sub-type in the same direction is skipped.
 * Each pushed institution's interested users get a `match` message; bank staff get a
 * `requestPublished` message.
 *
 * Set-based on purpose: one statement finds the institutions through the GIN index on
 * `app_user.interested_types`, writes the pushes and answers the users to tell; the messages
 * module then writes each kind of message in one statement (publish must stay fast with tens of
 * thousands of users and requests).
 */
import { ACCESS_ACTIVATIONS, ROLE } from '@portal/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { postMessageToUsers } from '../messages/index.ts';

type Kind = 'match' | 'requestPublished';

/** The request, and the active, approved users elsewhere interested in its sub-type. */
function requestAndInterested(requestId: number) {
  const activations = sql.join(ACCESS_ACTIVATIONS.map((a) => sql`${a}`));
  return sql`req as (
      select r.id, r.institution_id, r.owner_user_id, r.sub_type_code, r.direction,
             r.scope_limited, r.scope_countries
        from cooperation_request r
       where r.id = ${requestId} and r.status = 'effective' and r.sub_type_code is not null
    ),
    -- Active, approved users elsewhere interested in the sub-type (GIN index), read once.
    interested as materialized (
      select u.id as uid, u.institution_id as inst_id
        from req
        join app_user u
          on u.interested_types @> array[req.sub_type_code]::text[]
         and u.status = 'active'
         and u.activation in (${activations})
         and u.institution_id is not null
         and u.institution_id <> req.institution_id
    )`;
}

/** The candidate institutions (in scope, no competitor), the pushes written to them, and bank staff. */
function pushesAndStaff() {
  return sql`-- Institutions with an effective request of the same sub-type and direction: competitors
    -- (read from cooperation_request_competitor_idx alone; the request's own institution is
    -- never a candidate, so the request itself needs no exclusion).
    competitors as (
      select c.institution_id as inst_id
        from req
        join cooperation_request c
          on c.status = 'effective'
         and c.sub_type_code = req.sub_type_code
         and c.direction = req.direction
    ),
    candidates as (
      select distinct it.inst_id
        from req, interested it
        join institution i on i.id = it.inst_id and i.status = 'active'
       where (not req.scope_limited or i.country = any(req.scope_countries))
         and not exists (select 1 from competitors k where k.inst_id = it.inst_id)
    ),
    pushed as (
      insert into cooperation_push (request_id, institution_id, kind)
      select req.id, candidates.inst_id, 'system' from req, candidates
      on conflict (request_id, institution_id) do nothing
      returning institution_id
    ),
    -- Bank staff; the role is written as a literal so the partial index app_user_staff_idx applies.
    staff as (
      select u.id as uid
        from req
        join app_user u
          on u.role_codes @> array[${sql.lit(ROLE.bankStaff)}]::text[]
         and u.status = 'active'
         and u.id <> req.owner_user_id
    )`;
}

/** Writes the pushes in one statement; answers the users to tell, each with its kind of message. */
async function pushAndFindRecipients(trx: Db, requestId: number) {
  const result = await sql<{ uid: number; kind: Kind; rid: number; iid: number }>`
    with ${requestAndInterested(requestId)},
    ${pushesAndStaff()}
    select it.uid, 'match' as kind, req.id as rid, req.institution_id as iid
      from req, interested it
      join pushed p on p.institution_id = it.inst_id
    union all
    select staff.uid, 'requestPublished' as kind, req.id as rid, req.institution_id as iid from req, staff
  `.execute(trx);
  return result.rows;
}

/**
 * Pushes a just-published (effective) request to the matching institutions and posts the
 * messages. Runs inside the caller's transaction, which must come from `inTransaction` (the
 * messages' streams are told after it commits); returns the ids of the users who got one. A
 * request that is not effective, or has no sub-type, pushes nothing.
 */
export async function onRequestPublished(trx: Db, requestId: number): Promise<number[]> {
  const rows = await pushAndFindRecipients(trx, requestId);
  // The messages are written by the messages module (one statement per kind), which tells the
  // users' open streams once the caller's transaction commits.
  const first = rows[0];
  if (!first) return [];
  const about = { requestId: first.rid, institutionId: first.iid };
  const usersOf = (kind: Kind) => rows.filter((row) => row.kind === kind).map((row) => row.uid);
  const matched = await postMessageToUsers(trx, { type: 'match', userIds: usersOf('match'), ...about });
  const staff = await postMessageToUsers(trx, {
    type: 'requestPublished',
    userIds: usersOf('requestPublished'),
    ...about,
  });
  return [...new Set([...matched, ...staff])];
}
