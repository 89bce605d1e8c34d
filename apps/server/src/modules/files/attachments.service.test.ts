import { ROLE } from '@portal/shared';
import type { TFilePurpose } from '@portal/shared/schemas/files';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories.ts';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { newPublicId } from '../../platform/ids.ts';
import { claimAttachments, claimFiles, describeFiles, type FileOwner, releaseFiles } from './index.ts';

let db: Db;
beforeAll(async () => {
  db = (await createTestDatabase()).db;
});

/** An upload as the upload route leaves it: the uploader's, attached to nothing. */
async function upload(
  by: { ownerUserId?: number; ownerEmail?: string },
  purpose: TFilePurpose = 'attachment',
  name = 'terms.pdf',
): Promise<string> {
  const lgcSn = newPublicId();
  await db
    .insertInto('fileObject')
    .values({
      lgcSn,
      purpose,
      originalName: name,
      mime: 'application/pdf',
      sizeBytes: 1234,
      sha256: '0'.repeat(64),
      storageKey: newPublicId().replaceAll('-', ''),
      ownerUserId: by.ownerUserId ?? null,
      ownerEmail: by.ownerEmail ?? null,
    })
    .execute();
  return lgcSn;
}

const attachedTo = async (lgcSn: string) =>
  await db
    .selectFrom('fileObject')
    .select(['attachedTo', 'ownerUserId'])
    .where('lgcSn', '=', lgcSn)
    .executeTakeFirstOrThrow();

const claim = (owner: FileOwner, userId: number, lgcSns: string[], registrantEmail?: string) =>
  db.transaction().execute((trx) =>
    claimAttachments(trx, {
      owner,
      by: { userId, registrantEmail },
      lgcSns,
      field: 'attachments',
      locale: 'en-US',
    }),
  );

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('files: claiming uploads for an owner', () => {
  it('attaches the caller’s own uploads to a request, and describes them in the listed order', async () => {
    const user = await buildUser(db);
    const first = await upload({ ownerUserId: user.id }, 'attachment', 'first.pdf');
    const second = await upload({ ownerUserId: user.id }, 'attachment', 'second.pdf');
    const request: FileOwner = { kind: 'request', lgcSn: newPublicId() };
    await claim(request, user.id, [first, second]);
    expect(await attachedTo(first)).toEqual({ attachedTo: `cooperation:${request.lgcSn}`, ownerUserId: user.id });
    const described = await describeFiles(db, request, [second, 'no-such-file', first, 42]);
    expect(described.map((file) => file.name)).toEqual(['second.pdf', 'first.pdf']);
    expect(described[0]).toEqual({ lgcSn: second, name: 'second.pdf', size: 1234, mime: 'application/pdf' });
    // Another owner's description does not include them.
    expect(await describeFiles(db, { kind: 'request', lgcSn: newPublicId() }, [first])).toEqual([]);
  });

  it('refuses another user’s upload, naming the field, and attaches nothing of the claim', async () => {
    const user = await buildUser(db);
    const other = await buildUser(db);
    const mine = await upload({ ownerUserId: user.id });
    const theirs = await upload({ ownerUserId: other.id });
    const error = await refusal(claim({ kind: 'request', lgcSn: newPublicId() }, user.id, [mine, theirs]));
    expect(error.code).toBe('PRT_VALIDATION');
    expect(error.fields).toEqual([expect.objectContaining({ field: 'attachments', rule: 'invalid' })]);
    expect((await attachedTo(mine)).attachedTo).toBeNull();
    expect((await attachedTo(theirs)).attachedTo).toBeNull();
  });

  it('refuses a file attached to another owner, of another purpose, unknown, or listed twice', async () => {
    const user = await buildUser(db);
    const elsewhere = await upload({ ownerUserId: user.id });
    await claim({ kind: 'request', lgcSn: newPublicId() }, user.id, [elsewhere]);
    const image = await upload({ ownerUserId: user.id }, 'contentImage');
    const fine = await upload({ ownerUserId: user.id });
    const owner: FileOwner = { kind: 'request', lgcSn: newPublicId() };
    for (const lgcSns of [[elsewhere], [image], ['no-such-file'], [fine, fine]]) {
      expect((await refusal(claim(owner, user.id, lgcSns))).code).toBe('PRT_VALIDATION');
    }
    expect((await attachedTo(fine)).attachedTo).toBeNull();
  });

  it('is idempotent for the same owner: claiming again (with new files) keeps the old ones', async () => {
    const user = await buildUser(db);
    const owner: FileOwner = { kind: 'request', lgcSn: newPublicId() };
    const first = await upload({ ownerUserId: user.id });
    await claim(owner, user.id, [first]);
    await claim(owner, user.id, [first]);
    const second = await upload({ ownerUserId: user.id });
    await claim(owner, user.id, [first, second]);
    expect((await describeFiles(db, owner, [first, second])).map((f) => f.lgcSn)).toEqual([first, second]);
  });

  it('gives a registrant’s uploads to the new user, and not those of another address', async () => {
    const user = await buildUser(db);
    const owner: FileOwner = { kind: 'user', lgcSn: user.lgcSn };
    const registered = await upload({ ownerEmail: 'new@bank.example' });
    const stranger = await upload({ ownerEmail: 'else@bank.example' });
    expect((await refusal(claim(owner, user.id, [stranger], 'NEW@bank.example'))).code).toBe('PRT_VALIDATION');
    await claim(owner, user.id, [registered], 'NEW@bank.example');
    expect(await attachedTo(registered)).toEqual({ attachedTo: `user:${user.lgcSn}`, ownerUserId: user.id });
  });

  it('shares content files among staff: any signed-in uploader’s, each checked for its purpose and field', async () => {
    const staff = await buildUser(db, { roles: [ROLE.bankStaff] });
    const image = await upload({ ownerUserId: staff.id }, 'contentImage');
    const visitors = await upload({ ownerEmail: 'visitor@bank.example' }, 'contentImage');
    const content: FileOwner = { kind: 'content' };
    const files = (lgcSn: string, field: string) => ({ lgcSn, purpose: 'contentImage' as const, field });
    const error = await refusal(
      db.transaction().execute((trx) =>
        claimFiles(trx, {
          owner: content,
          by: 'staff',
          files: [files(image, 'imageFileId'), files(visitors, 'text.en')],
          locale: 'en-US',
        }),
      ),
    );
    expect(error.fields).toEqual([expect.objectContaining({ field: 'text.en', rule: 'invalid' })]);
    // The same image twice in one entry is fine.
    await db.transaction().execute((trx) =>
      claimFiles(trx, {
        owner: content,
        by: 'staff',
        files: [files(image, 'a'), files(image, 'b')],
        locale: 'en-US',
      }),
    );
    expect(await attachedTo(image)).toEqual({ attachedTo: 'content', ownerUserId: staff.id });
  });

  it('releases an owner’s files, which the owner may then claim again', async () => {
    const user = await buildUser(db);
    const owner: FileOwner = { kind: 'request', lgcSn: newPublicId() };
    const other: FileOwner = { kind: 'request', lgcSn: newPublicId() };
    const file = await upload({ ownerUserId: user.id });
    const kept = await upload({ ownerUserId: user.id });
    await claim(owner, user.id, [file]);
    await claim(other, user.id, [kept]);
    await db.transaction().execute((trx) => releaseFiles(trx, owner));
    expect((await attachedTo(file)).attachedTo).toBeNull();
    expect((await attachedTo(kept)).attachedTo).toBe(`cooperation:${other.lgcSn}`);
    expect(await describeFiles(db, owner, [file])).toEqual([]);
    await claim(other, user.id, [file]);
    expect((await describeFiles(db, other, [kept, file])).length).toBe(2);
  });
});
