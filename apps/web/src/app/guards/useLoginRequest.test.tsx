import { LOGIN_REQUIRED_PAGES } from '@portal/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readStorage, STORAGE_KEYS } from '../../lib/storage.ts';
import { stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { memberUser } from '../../test/users.ts';
import { ROUTES, type RouteRecord } from '../routes.tsx';
import { requestedPage } from './useLoginRequest.ts';

const ORIGIN = 'http://portal.test';

const allRecords = (records: readonly RouteRecord[]): RouteRecord[] =>
  records.flatMap((record) => [record, ...allRecords(record.children ?? [])]);

describe('the pages that need a login, as the server knows them', () => {
  it('are exactly the route table’s records without noLogin', () => {
    const table = allRecords(ROUTES)
      .filter((record) => !record.noLogin)
      .map((record) => record.path);
    expect([...LOGIN_REQUIRED_PAGES].sort()).toEqual([...table].sort());
  });
});

describe('requestedPage (the home page’s ?login=)', () => {
  it('accepts a path of the route table, with its query, and gives the route’s meta', () => {
    expect(requestedPage('/release', ORIGIN)).toMatchObject({
      pathname: '/release',
      nextPath: '/release',
      meta: { title: 'cooperation:routes.release', noLogin: false },
    });
    expect(requestedPage('/userCenter/myPublish?tab=2', ORIGIN)).toMatchObject({
      nextPath: '/userCenter/myPublish?tab=2',
      meta: { title: 'cooperation:routes.myPublish' },
    });
    expect(requestedPage('/productsAndServices/detail/42', ORIGIN)?.meta.title).toBe('content:routes.productDetail');
  });

  it.each([
    '//evil.example',
    '//evil.example/release',
    '/\\evil.example',
    '/\t/evil.example',
    'https://evil.example',
    'https://evil.example/release',
    `${ORIGIN}/release`,
    'javascript:alert(1)',
    'release',
    '',
    '/no/such/page',
    '/releases',
  ])('rejects %j', (value) => {
    expect(requestedPage(value, ORIGIN)).toBeNull();
  });
});

describe('/home?login= (the server’s redirect of a visitor)', () => {
  it('opens the log-in dialog naming the page, remembers it and drops the parameter', async () => {
    stubPortalApi();
    const { router } = renderApp('/home?login=%2Frelease%3Fkind%3D2');
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(within(dialog).getByRole('status').textContent).toBe('Log in to open Business Opportunities.');
    expect(readStorage(STORAGE_KEYS.nextPath)).toBe('/release?kind=2');
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['//evil.example', 'https://evil.example', '/no/such/page'])(
    'ignores %j: no dialog, nothing remembered',
    async (value) => {
      stubPortalApi();
      const { router } = renderApp(`/home?login=${encodeURIComponent(value)}`);
      expect(await screen.findByRole('heading', { level: 1, name: /Connecting financial institutions/ })).toBeTruthy();
      // The user info has answered (the header offers the log-in), and still no dialog.
      const header = await waitFor(() => {
        const element = document.querySelector<HTMLElement>('.portal-header');
        if (!element) throw new Error('no portal header yet');
        return element;
      });
      await within(header).findByRole('button', { name: 'Log in' });
      expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
      expect(readStorage(STORAGE_KEYS.nextPath)).toBeNull();
      expect(router.state.location.pathname).toBe('/home');
    },
  );

  it('takes a browser that has a session after all on to the page', async () => {
    stubPortalApi({ user: memberUser() });
    const { router } = renderApp('/home?login=%2Frelease');
    await waitFor(() => expect(router.state.location.pathname).toBe('/release'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByRole('dialog', { name: 'Log in' })).toBeNull();
  });
});
