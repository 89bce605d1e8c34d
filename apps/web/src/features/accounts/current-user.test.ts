import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToastHandler } from '../../lib/notify.ts';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../lib/storage.ts';
import { envelope, jsonResponse, stubFetch } from '../../test/fetch-mock.ts';
import { MEMBER_USER } from '../../test/users.ts';
import { fetchCurrentUser, readDisplayData } from './current-user.ts';

// Counts how often the schema module is evaluated (once: the module is cached after that).
const schemaLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@portal/shared/schemas/accounts', async (importOriginal) => {
  schemaLoads.count += 1;
  return importOriginal();
});

let releaseToasts: () => void;
beforeEach(() => {
  releaseToasts = setToastHandler(() => undefined);
});
afterEach(() => {
  releaseToasts();
  vi.unstubAllGlobals();
  removeStorage(STORAGE_KEYS.userInfo);
});

// In this order: the first test proves the visitor's path never loads the module.
describe('who is signed in (fetchCurrentUser)', () => {
  it('answers a visitor without loading the profile schemas (a public page on a phone)', async () => {
    stubFetch(() => jsonResponse(envelope(null)));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(schemaLoads.count).toBe(0);
    expect(readDisplayData()).toBeNull();
  });

  it('validates a user with the schema and remembers the display data', async () => {
    stubFetch(() => jsonResponse(envelope(MEMBER_USER)));
    await expect(fetchCurrentUser()).resolves.toEqual(MEMBER_USER);
    expect(schemaLoads.count).toBe(1);
    expect(readDisplayData()).toEqual({ usrNm: MEMBER_USER.usrNm, locale: MEMBER_USER.locale });
  });

  it('refuses a user answer the schema does not accept, and forgets nothing it did not read', async () => {
    stubFetch(() => jsonResponse(envelope({ ...MEMBER_USER, usrNm: 42 })));
    await expect(fetchCurrentUser()).rejects.toMatchObject({ code: expect.any(String) });
    expect(readStorage(STORAGE_KEYS.userInfo)).toBeNull();
  });
});
