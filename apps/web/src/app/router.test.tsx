import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from '../lib/lazy-page.ts';
import { stubPortalApi } from '../test/fetch-mock.ts';
import { renderApp } from '../test/render-app.tsx';
import { toRouteMeta } from './route-meta.ts';
import { ROUTES, type RouteRecord } from './routes.tsx';

function stubSiteConfig() {
  return stubPortalApi();
}

function PlainPage() {
  return <h1>Plain page</h1>;
}

function QuietPage() {
  return <h1>Quiet page</h1>;
}

function SignPage() {
  return <h1>Sign</h1>;
}

const testPages = { PlainPage, QuietPage, SignPage };
const testPage = (name: keyof typeof testPages) => lazyPage(() => Promise.resolve(testPages), name);

describe('route table', () => {
  it('redirects / to /home, keeping the query string', async () => {
    stubSiteConfig();
    const { router } = renderApp('/?emailAdr=a%40b.example&lgcSn=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('?emailAdr=a%40b.example&lgcSn=7');
    expect(await screen.findByRole('heading', { level: 1, name: /Connecting financial institutions/ })).toBeTruthy();
  });

  it('sends an unknown path to the 404 page, replacing the history entry', async () => {
    stubSiteConfig();
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('heading', { level: 1, name: 'We cannot find this page' })).toBeTruthy();
  });

  it('has a 403 page', async () => {
    stubSiteConfig();
    renderApp('/403');
    expect(await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeTruthy();
  });

  it('gives every route the meta flags, with defaults', () => {
    const meta = (path: string) => {
      const record = ROUTES.find((route) => route.path === path);
      if (!record) throw new Error(`no route ${path}`);
      return toRouteMeta(record);
    };
    expect(meta('/home')).toEqual({
      title: 'common:routes.home',
      noLogin: true,
      hiddenBanner: false,
      hiddenCopyRight: false,
      layout: 'main',
    });
    expect(meta('/404')).toMatchObject({ title: 'common:routes.notFound', noLogin: true, hiddenBanner: true });
    expect(meta('/403')).toMatchObject({ title: 'common:routes.forbidden', noLogin: true, hiddenBanner: true });
    // SPEC §2: the contract preview and signing sit outside the main layout with no login flag.
    expect(meta('/previewContract')).toMatchObject({ noLogin: true, layout: 'bare' });
    expect(meta('/signContract')).toMatchObject({ noLogin: true, layout: 'bare' });
    expect(meta('/verify')).toMatchObject({ noLogin: true, layout: 'main' });
    expect(meta('/backend/seals')).toMatchObject({ noLogin: false, layout: 'backoffice' });
  });

  it('renders a page added to the table, hiding the copyright line when it is flagged hiddenCopyRight', async () => {
    stubSiteConfig();
    const routes: RouteRecord[] = [
      ...ROUTES,
      { path: '/plain', title: 'common:routes.home', noLogin: true, page: testPage('PlainPage') },
      {
        path: '/quiet',
        title: 'common:routes.home',
        noLogin: true,
        hiddenCopyRight: true,
        page: testPage('QuietPage'),
      },
    ];
    const { router } = renderApp('/plain', { routes });
    expect(await screen.findByRole('heading', { name: 'Plain page' })).toBeTruthy();
    expect(await screen.findByTestId('footer-copyright')).toBeTruthy();

    await router.navigate('/quiet');
    expect(await screen.findByRole('heading', { name: 'Quiet page' })).toBeTruthy();
    expect(screen.queryByTestId('footer-copyright')).toBeNull();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it("puts layout: 'bare' pages outside the main layout", async () => {
    stubSiteConfig();
    const routes: RouteRecord[] = [
      ...ROUTES,
      { path: '/barePage', title: 'common:routes.home', noLogin: true, layout: 'bare', page: testPage('SignPage') },
    ];
    renderApp('/barePage', { routes });
    expect(await screen.findByRole('heading', { name: 'Sign' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();
    expect(screen.getByRole('main')).toBeTruthy();
  });
});

describe('main layout', () => {
  it('shows the menu of SPEC §2 with its submenus and the business opportunities tooltip', async () => {
    stubSiteConfig();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/home'],
      ['About the Bank', '/understandCCB'],
      ['International Business', '/understandCCB'],
      ['Compliance Materials', '/PolicyInformation/ComplianceList'],
      ['Products and Services', '/productsAndServices'],
      ['Market Trends', '/policyInformation'],
      ['Trends', '/policyInformation'],
      ['Research Reports', '/PolicyInformation/fcReport'],
      ['Business Opportunities', '/release'],
    ]);
    const opportunities = within(nav).getByRole('link', { name: 'Business Opportunities' });
    expect(opportunities.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(opportunities.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Click to view or publish cooperation intentions',
    );
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it('fills the footer from the site configuration', async () => {
    stubSiteConfig();
    renderApp('/home');
    expect((await screen.findByTestId('footer-email')).textContent).toBe('fi-cooperation@portal.example');
    expect(screen.getByTestId('footer-service-line').getAttribute('href')).toBe('tel:+8695533');
    const afca = screen.getByRole('link', { name: /Asian Financial Cooperation Association/ });
    expect(afca.getAttribute('href')).toBe('https://www.afca-asia.org/en/');
    expect(afca.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe('/agreement/0');
    expect(screen.getByRole('link', { name: 'Personal Information Protection Policy' }).getAttribute('href')).toBe(
      '/agreement/1',
    );
  });

  it('hides contact details while the site configuration is unavailable, without a toast', async () => {
    stubPortalApi({
      respond: (url) => (url === '/api/site/config' ? Promise.reject(new TypeError('Failed to fetch')) : undefined),
    });
    const { queryClient } = renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['site-config'])?.status).toBe('error'), { timeout: 8000 });
    expect(screen.queryByTestId('footer-email')).toBeNull();
    expect(screen.queryByTestId('footer-copyright')).toBeNull();
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  }, 10_000);
});
