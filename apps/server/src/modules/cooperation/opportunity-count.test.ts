import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../../test/cooperation-factories.ts';
import { buildInstitution, buildUser, sessionCookie } from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/helpers.ts';

const { app, database } = await buildTestApp();
const db = database.db;

/**
 * The Business Opportunities count is taken once per version of what the filters read (migration
 * 0019, docs/decisions/0027): paging through a search does not count again, and any write that
 * could change the count makes the next page count again.
 */
const reader = await buildUser(db);
const cookie = await sessionCookie(db, reader.id);

describe('the opportunity count kept with the list version', () => {
  const list = async (query: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/bthw/listPage?${query}`, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as { total: number; list: { lgcSn: string }[] };
    return { total: data.total, lgcSns: data.list.map((row) => row.lgcSn) };
  };
  const publisherIn = async (country: string) => {
    const institution = await buildInstitution(db, { country });
    const user = await buildUser(db, { institutionId: institution.id });
    return { institution, base: { ownerUserId: user.id, institutionId: institution.id } };
  };
  /** A write the triggers do not see, to show whether a count was taken again or kept. */
  const unseen = async (write: () => Promise<unknown>) => {
    await sql`alter table cooperation_request disable trigger cooperation_request_list_version`.execute(db);
    try {
      await write();
    } finally {
      await sql`alter table cooperation_request enable trigger cooperation_request_list_version`.execute(db);
    }
  };

  it('keeps the count across pages until a write moves the version, then counts again', async () => {
    const { base } = await publisherIn('IS');
    for (let i = 0; i < 3; i++) await buildRequest(db, base);
    expect((await list('country=IS&pageSize=2')).total).toBe(3);

    // Not seen by the triggers: the kept count answers, on this page and on the next.
    await unseen(() => buildRequest(db, base));
    expect((await list('country=IS&pageSize=2')).total).toBe(3);
    expect((await list('country=IS&pageSize=2&pageNo=2')).total).toBe(3);
    // Another search (not another page size: the count does not depend on it) counts for itself.
    expect((await list('country=IS&pageSize=5')).total).toBe(3);
    expect((await list('country=IS&q=Test')).total).toBe(4);

    // Any write to the requests moves the version: the same search counts again.
    const withdrawn = await buildRequest(db, { ...base, status: 'invalid' });
    expect((await list('country=IS&pageSize=2')).total).toBe(4);
    expect((await list('country=IS&pageSize=2')).lgcSns).not.toContain(withdrawn.lgcSn);
  });

  it('counts again on a page past the end once the version moved', async () => {
    const { base } = await publisherIn('LI');
    await buildRequest(db, base);
    expect(await list('country=LI&pageSize=10&pageNo=3')).toEqual({ total: 1, lgcSns: [] });
    await unseen(() => buildRequest(db, base));
    expect((await list('country=LI&pageSize=10&pageNo=3')).total).toBe(1);
    await db.updateTable('cooperationRequest').set({ updatedAt: new Date() }).where('id', '=', -1).execute();
    expect((await list('country=LI&pageSize=10&pageNo=3')).total).toBe(2);
  });

  it('counts again when an institution moves country or is renamed', async () => {
    const { institution, base } = await publisherIn('MT');
    await buildRequest(db, base);
    await buildRequest(db, base);
    expect((await list('country=MT')).total).toBe(2);
    expect((await list('country=CY')).total).toBe(0);

    await db.updateTable('institution').set({ country: 'CY' }).where('id', '=', institution.id).execute();
    expect((await list('country=MT')).total).toBe(0);
    expect((await list('country=CY')).total).toBe(2);

    const name = `Renamed Harbour Bank ${institution.id}`;
    expect((await list(`institution=${encodeURIComponent(name)}`)).total).toBe(0);
    await db.updateTable('institution').set({ name }).where('id', '=', institution.id).execute();
    expect((await list(`institution=${encodeURIComponent(name)}`)).total).toBe(2);
  });
});
