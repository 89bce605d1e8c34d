import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { type NewMessage, postMessages, postMessageToUsers, staffRecipients } from './index.ts';
import { onUnreadChanged } from './notify.ts';

let db: Db;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

/** Every notification this instance's streams would hear, as arrays of user ids. */
const heard: number[][] = [];
let stop = onUnreadChanged((ids) => heard.push([...ids].sort((a, b) => a - b)));
afterEach(() => {
  heard.length = 0;
  stop();
  stop = onUnreadChanged((ids) => heard.push([...ids].sort((a, b) => a - b)));
});

const matchFor = (userId: number): NewMessage => ({ userId, type: 'match', requestId: null, institutionId: null });
const countOf = async (userId: number) =>
  Number(
    (
      await db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('messages: posting inside a transaction, telling the streams after the commit', () => {
  it('notifies the users once the transaction has committed, not before', async () => {
    const first = await buildUser(db);
    const second = await buildUser(db);
    const users = await inTransaction(db, async (trx) => {
      const posted = await postMessages(trx, [matchFor(first.id), matchFor(second.id), matchFor(first.id)]);
      expect(heard).toEqual([]);
      return posted;
    });
    expect(users.sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
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
    expect(heard.flat().sort((a, b) => a - b)).toEqual([first.id, second.id].sort((a, b) => a - b));
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
    expect(heard).toEqual([]);
  });

  it('names active staff as the bank’s recipients', async () => {
    const staff = await buildUser(db, { roles: ['50'] });
    const stopped = await buildUser(db, { roles: ['50'], status: 'stopped' });
    const member = await buildUser(db);
    const recipients = await staffRecipients(db);
    expect(recipients).toContain(staff.id);
    expect(recipients).not.toContain(stopped.id);
    expect(recipients).not.toContain(member.id);
  });
});
