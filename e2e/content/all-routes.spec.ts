/**
 * Every route of SPEC §2 in both languages, as a visitor, as a partner institution's user and
 * (the back office) as bank staff: a screenshot of each (`routes-<lang>-<who>-<page>.png`), and
 * no untranslated key, no console error and no serious or critical axe-core violation.
 * Login-required pages seen by a visitor must open the log-in dialog instead.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, DEMO, type JourneyPage, mailbox, networkQuiet, screenshot, useBrowser } from '../support.ts';
import {
  type Locale,
  logInAt,
  loginDialog,
  seriousAxeViolations,
  settle,
  untranslatedKeys,
  useLocale,
  visibleText,
} from './content-helpers.ts';

type Route = { name: string; path: string; login?: boolean };

type Page<T> = { data: { list: T[] } };

async function publicList<T>(path: string): Promise<T[]> {
  const answer = (await (await fetch(`${baseUrl()}${path}`)).json()) as Page<T>;
  return answer.data.list;
}

/** Ids of real demo content for the routes with parameters (public API; one request behind the log-in). */
async function demoIds(partner: JourneyPage) {
  const [tile] = await publicList<{ lgcSn: string }>('/api/moduleInfoP1/moduleListForP1?moduleType=0&pageSize=1');
  const [product] = await publicList<{ lgcSn: string }>('/api/moduleInfoP1/moduleListForP1?moduleType=1&pageSize=1');
  const [interpretation] = await publicList<{ lgcSn: string }>(
    '/api/consultInfoP1/queryConsultInfosP1?category=policyInterpretation&pageSize=1',
  );
  const [information] = await publicList<{ lgcSn: string }>(
    '/api/consultInfoP1/queryConsultInfosP1?category=information&pageSize=1',
  );
  const requests = (await (
    await partner.context().request.get('/api/bthw/listPage?pageNo=1&pageSize=1')
  ).json()) as Page<{
    lgcSn: string;
  }>;
  const request = requests.data.list[0];
  // A contract the partner's institution (Harbourview) has signed and the bank has not yet.
  const contracts = (await (
    await partner.context().request.get('/api/cooperationManage/queryCooperationInfos?status=signing&pageSize=1')
  ).json()) as Page<{ intentionLgcSn: string }>;
  const contract = contracts.data.list[0];
  if (!tile || !product || !interpretation || !information || !request || !contract) {
    throw new Error('the demo data lacks a tile, product, article, cooperation request or contract');
  }
  return {
    tile: tile.lgcSn,
    product: product.lgcSn,
    interpretation: interpretation.lgcSn,
    information: information.lgcSn,
    request: request.lgcSn,
    contract: contract.intentionLgcSn,
  };
}

type Ids = Awaited<ReturnType<typeof demoIds>>;

/** The portal's pages (SPEC §2); `login` marks those a visitor may not open. */
function portalRoutes(ids: Ids): Route[] {
  return [
    { name: 'home', path: '/home' },
    { name: 'understand', path: '/understandCCB' },
    { name: 'essential', path: `/understandCCB/essential/${ids.tile}` },
    { name: 'about', path: '/about' },
    { name: 'agreement-0', path: '/agreement/0' },
    { name: 'agreement-1', path: '/agreement/1' },
    { name: 'register', path: '/register' },
    { name: 'submit-success', path: '/SumitSuccess' },
    { name: 'under-review', path: '/UnderReview' },
    { name: 'reset-password', path: '/resetPassword?key=reset' },
    { name: 'forbidden', path: '/403' },
    { name: 'not-found', path: '/404' },
    { name: 'products', path: '/productsAndServices', login: true },
    { name: 'product-detail', path: `/productsAndServices/detail/${ids.product}`, login: true },
    { name: 'trends', path: '/policyInformation', login: true },
    { name: 'interpretation', path: `/policyInformation/interpretation/${ids.interpretation}`, login: true },
    { name: 'information', path: `/policyInformation/informationDetail/${ids.information}`, login: true },
    { name: 'compliance', path: '/PolicyInformation/ComplianceList', login: true },
    { name: 'reports', path: '/PolicyInformation/fcReport', login: true },
    { name: 'cross-border-rmb', path: '/crossBorderRmb', login: true },
    { name: 'cross-border-rmb-preview', path: '/crossBorderRmb/preview', login: true },
    { name: 'belt-and-road', path: '/beltAndRoadInitiative', login: true },
    { name: 'green-finance', path: '/greenFinance', login: true },
    { name: 'portuguese', path: '/portugueseLanguage', login: true },
    { name: 'release', path: '/release', login: true },
    { name: 'publish-info', path: '/publishInfo', login: true },
    { name: 'cooperation-detail', path: `/cooperationDetail?lgcSn=${encodeURIComponent(ids.request)}`, login: true },
    { name: 'user-info', path: '/userCenter/userInfo', login: true },
    { name: 'modify-password', path: '/userCenter/modifyPassword', login: true },
    { name: 'institution-users', path: '/userCenter/institutionUsers', login: true },
    { name: 'my-publish', path: '/userCenter/myPublish', login: true },
    { name: 'my-attention', path: '/userCenter/myAttention', login: true },
    { name: 'my-cooperation', path: '/userCenter/myCooperation', login: true },
    { name: 'my-draft', path: '/userCenter/myDraft', login: true },
    { name: 'message-center', path: '/userCenter/messageCenter', login: true },
    { name: 'my-signature', path: '/userCenter/mySignature', login: true },
    // Outside the main layout, with no log-in flag (SPEC §2): a visitor is asked to log in there.
    { name: 'preview-contract', path: `/previewContract?id=${encodeURIComponent(ids.contract)}` },
    { name: 'sign-contract', path: `/signContract?id=${encodeURIComponent(ids.contract)}` },
    { name: 'verify', path: '/verify' },
  ];
}

/** The back office (bank staff, role 50). */
const BACKOFFICE_ROUTES: Route[] = [
  'registrations',
  'users',
  'institutions',
  'cooperation',
  'masterAgreements',
  'seals',
  'content/banners',
  'content/modules',
  'content/articles',
  'content/reports',
  'content/topics',
  'content/compliance',
  'content/portugueseInstitutions',
  'content/questionnaires',
  'content/feedback',
  'content/visits',
  'content/leaveMessages',
  'audit',
  'agreementVersions',
].map((page) => ({ name: `backend-${page.replace('/', '-')}`, path: `/backend/${page}`, login: true }));

const LANG: Record<Locale, string> = { 'en-US': 'en', 'zh-CN': 'zh' };

/**
 * Visits each route and answers what is wrong with it, one line per problem, so a failure lists
 * every page to fix at once.
 */
async function visitAll(page: JourneyPage, routes: Route[], locale: Locale, who: string, asVisitor: boolean) {
  const problems: string[] = [];
  let guardedSeen = false;
  for (const route of routes) {
    page.consoleErrors.length = 0;
    const label = `${LANG[locale]} ${who} ${route.path}`;
    if (asVisitor && route.login) {
      // The accounts guard: back to the home page with the log-in dialog open. Once the dialog is
      // open, the next guarded route is opened inside the app (as a link would), so the dialog's
      // picture code is not fetched again for every page (60 per address in 10 minutes).
      if (await loginDialog(page).isVisible()) {
        await page.evaluate((path) => {
          window.history.pushState(null, '', path);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, route.path);
      } else {
        await page.goto(route.path);
      }
      try {
        await page.waitForFunction(() => window.location.pathname === '/home', null, { timeout: 10_000 });
        await loginDialog(page).waitFor({ timeout: 10_000 });
      } catch {
        problems.push(`${label}: no log-in dialog (at ${page.url()})`);
      }
    } else {
      await page.goto(route.path);
    }
    // A guarded page seen by a visitor is the home page (checked in full on its own) under the
    // log-in dialog: the same screen for every guarded route, so the first one's screenshot and
    // axe check stand for all; each of the others is checked for its redirect and dialog above
    // and for its language, texts and console below.
    const guarded = asVisitor && route.login;
    const repeat = guarded && guardedSeen;
    if (guarded) guardedSeen = true;
    const name = `routes-${LANG[locale]}-${who}-${route.name}`;
    if (repeat) await networkQuiet(page);
    else await settle(page);
    if (guarded && !repeat) await page.screenshot({ path: `e2e/artifacts/${name}.png` });
    else if (!guarded) await screenshot(page, name);
    const expectedLang = locale;
    const lang = await page.locator('html').getAttribute('lang');
    if (lang !== expectedLang) problems.push(`${label}: <html lang="${lang}">, expected ${expectedLang}`);
    for (const key of untranslatedKeys(await visibleText(page))) problems.push(`${label}: untranslated "${key}"`);
    for (const error of page.consoleErrors) problems.push(`${label}: console error ${error}`);
    if (repeat) continue;
    for (const violation of await seriousAxeViolations(page, guarded ? '.ant-modal-wrap' : undefined)) {
      problems.push(`${label}: axe ${violation}`);
    }
  }
  return problems;
}

describe('[CONTENT][ALL_ROUTES]: every route of SPEC §2 in both languages, as visitor, partner and staff', () => {
  const browser = useBrowser();
  const mail = mailbox();
  let partner: JourneyPage | undefined;
  let ids: Ids | undefined;

  /** The partner (an institution administrator, so every user-centre tab shows), logged in once. */
  async function partnerPage(): Promise<JourneyPage> {
    if (!partner) {
      partner = await browser.newPage({ locale: 'en-US' });
      await logInAt(partner, mail, '/userCenter/userInfo', DEMO.institutionAdmin, DEMO.password);
    }
    return partner;
  }

  async function routes(): Promise<Route[]> {
    ids ??= await demoIds(await partnerPage());
    return portalRoutes(ids);
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`as a visitor (${locale}): public pages open, login-required ones ask to log in`, {
      timeout: 240_000,
    }, async () => {
      const all = [...(await routes()), ...BACKOFFICE_ROUTES];
      const visitor = await browser.newPage({ locale });
      const problems = await visitAll(visitor, all, locale, 'visitor', true);
      // The problems in the message: the assertion alone shortens them to "[ Array(1) ]".
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  for (const locale of ['en-US', 'zh-CN'] as const) {
    it(`as a partner user (${locale})`, { timeout: 240_000 }, async () => {
      const all = await routes();
      const page = await partnerPage();
      await useLocale(page, locale);
      // A partner is kept out of the back office.
      const problems = await visitAll(
        page,
        [...all, { name: 'backend', path: '/backend/registrations' }],
        locale,
        'partner',
        false,
      );
      expect(new URL(page.url()).pathname).toBe('/403');
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it('as bank staff, the back office in both languages', { timeout: 240_000 }, async () => {
    const staff = await browser.newPage({ locale: 'en-US' });
    await logInAt(staff, mail, '/backend/registrations', DEMO.staff, DEMO.password);
    const problems: string[] = [];
    for (const locale of ['en-US', 'zh-CN'] as const) {
      await useLocale(staff, locale);
      problems.push(...(await visitAll(staff, BACKOFFICE_ROUTES, locale, 'staff', false)));
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
