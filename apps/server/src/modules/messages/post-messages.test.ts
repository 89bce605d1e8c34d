import { ROLE } from '@portal/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { countRows, createTestDatabase } from '../../../test/helpers.ts';
import type { DatabaseHandle, Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type NewMessage, postMessages, postMessageToUsers, staffRecipients } from './index.ts';
import { announceUnreadChanged, listenUnreadChanged } from './notify.ts';

let handle: DatabaseHandle;
let db: Db;
/** Every announcement the streams hear (through the database's NOTIFY), as arrays of user ids. */
const heard: number[][] = [];
let stopHearing: (() => Promise<void>) | undefined;
beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  stopHearing = await listenUnreadChanged(handle.listen, (ids) => heard.push([...ids].sort((a, b) => a - b)));
});
afterAll(() => stopHearing?.());
afterEach(() => {
  heard.length = 0;
});

/**
 * Waits until every announcement committed so far has arrived: on PostgreSQL they come over
 * another connection, in commit order, so a marker announced last arrives after them.
 */
let markers = 1_000_000_000;
async function settled(): Promise<void> {
  const marker = ++markers;
  await inTransaction(db, async (trx) => announceUnreadChanged(trx, [marker]));
  const deadline = Date.now() + 5000;
  while (!heard.some((ids) => ids.includes(marker))) {
    if (Date.now() > deadline) throw new Error('the marker announcement never arrived');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  heard.splice(
    heard.findIndex((ids) => ids.includes(marker)),
    1,
  );
}

const matchFor = (userId: number): NewMessage => ({ userId, type: 'match', requestId: null, institutionId: null });
const countOf = (userId: number) => countRows(db.selectFrom('message').where('userId', '=', userId));

describe('messages: posting inside a transaction, telling the streams after the commit', () => {
  it('announces the users once, in the commit, not before', async () => {
    const first = await buildUser(db);
    const second = await buildUser(db);
    const users = await inTransaction(db, async (trx) => {
      const posted = await postMessages(trx, [matchFor(first.id), matchFor(second.id), matchFor(first.id)]);
      expect(heard).toEqual([]);
      return posted;
    });
    expect(users.sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
    await settled();
    expect(heard).toEqual([[first.id, second.id].sort((a, b) => a - b)]);
    expect(await countOf(first.id)).toBe(2);
  });

  it('neither writes nor notifies when the transaction rolls back', async () => {
    const user = await buildUser(db);
    await expect(
      inTransaction(db, async (trx) => {
        await postMessages(trx, [matchFor(user.id)]);
        await postMessageToUsers(trx, { type: 'match', userIds: [user.id], requestId: null, institutionId: null });
        throw new Error('something later failed');
      }),
    ).rejects.toThrow('something later failed');
    await settled();
    expect(heard).toEqual([]);
    expect(await countOf(user.id)).toBe(0);
  });

  it('writes one kind of message to many users in one go and tells their streams after the commit', async () => {
    const first = await buildUser(db);
    const second = await buildUser(db);
    const users = await inTransaction(db, async (trx) => {
      const posted = await postMessageToUsers(trx, {
        type: 'match',
        userIds: [first.id, second.id],
        requestId: null,
        institutionId: null,
      });
      expect(
        await postMessageToUsers(trx, { type: 'match', userIds: [], requestId: null, institutionId: null }),
      ).toEqual([]);
      expect(heard).toEqual([]);
      return posted;
    });
    expect(users.sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
    await settled();
    // Both calls' users in one announcement.
    expect(heard).toEqual([[first.id, second.id].sort((a, b) => a - b)]);
    expect(await countOf(first.id)).toBe(1);
    expect(await countOf(second.id)).toBe(1);
  });

  it('refuses a transaction that cannot run after-commit hooks, so no notification is forgotten', async () => {
    const user = await buildUser(db);
    await expect(db.transaction().execute((trx) => postMessages(trx, [matchFor(user.id)]))).rejects.toThrow(
      /inTransaction/,
    );
    await expect(postMessages(db, [matchFor(user.id)])).rejects.toThrow(/inTransaction/);
    expect(await countOf(user.id)).toBe(0);
    await settled();
    expect(heard).toEqual([]);
  });

  it('splits a large announcement into notifications PostgreSQL accepts (under 8000 bytes each)', async () => {
    const many = Array.from({ length: 1_200 }, (_, i) => 900_000_000 + i);
    await inTransaction(db, async (trx) => announceUnreadChanged(trx, many));
    await settled();
    expect(heard.length).toBe(3);
    expect(heard.flat().sort((a, b) => a - b)).toEqual(many);
  });

  it('names active staff as the bank’s recipients', async () => {
    const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
    const stopped = await buildUser(db, { roles: [ROLE.bankStaff], status: 'stopped' });
    const member = await buildUser(db);
    const recipients = await staffRecipients(db);
    expect(recipients).toContain(staff.id);
    expect(recipients).not.toContain(stopped.id);
    expect(recipients).not.toContain(member.id);
  });
});
