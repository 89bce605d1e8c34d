/**
 * The request fields of SPEC §3 added by docs/decisions/0021, in the browser: each publish form
 * has the ones its kind carries (customer type and intended time limit everywhere; on the L/C
 * forms the guarantee bank and the foreign/domestic applicant and beneficiary instead of the old
 * Y/N flag; the partner name on third-party cooperation), the contact section is filled from
 * `detailForBthw`, a limit after the validity is refused naming the field, and the detail page
 * shows each field by its label in both languages.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpportunityDetail } from '../../features/cooperation/cooperation-api.ts';
import { opportunity, opportunityDetail, signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const SLOW = { timeout: 90_000 };
const find = { timeout: 15_000 };

const SUBMITTER = {
  lgcSn: 'U1',
  usrNm: 'Amy Chan',
  emailAdr: 'amy.chan@harbourview.example',
  phone: '+852 3900 1201',
  jobTitle: 'Head of Trade Finance',
  instNm: 'Harbourview Commercial Bank',
  instSwiftCode: 'HVCBHKHH',
  instCountry: 'HK',
  bankInstitution: false,
};

function stubApi(detail?: OpportunityDetail) {
  const sent: string[] = [];
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      sent.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/user/p1/detailForBthw') return jsonResponse(envelope(SUBMITTER));
      if (url === '/api/bthw/masterAgreement') return jsonResponse(envelope({ signed: true, pending: false }));
      if (detail && url.startsWith('/api/bthw/detail/')) return jsonResponse(envelope(detail));
      return undefined;
    },
  });
  return sent;
}

afterEach(async () => {
  await setLocale('en-US');
});

const COMMON = ['Customer type', 'Intended time limit'];
const LC_FIELDS = ['Applicant: foreign or domestic', 'Beneficiary: foreign or domestic', 'L/C guarantee bank'];

const FORMS: { choice: string; category: string; has: string[]; hasNot: string[] }[] = [
  {
    category: 'TRADE_FINANCE',
    choice: 'TRADE_FINANCE_EXPORT_NEGOTIATION',
    has: [...COMMON, ...LC_FIELDS],
    hasNot: ['Beneficiary in China', 'Partner name'],
  },
  { category: 'FUNDS_IN', choice: 'FUNDS_IN_BILATERAL_LOAN', has: COMMON, hasNot: [...LC_FIELDS, 'Partner name'] },
  {
    category: 'THIRD_PARTY_INNOVATION',
    choice: 'THIRD_PARTY_INNOVATION_COOPERATION',
    has: [...COMMON, 'Partner type', 'Partner name'],
    hasNot: LC_FIELDS,
  },
];

describe('publish form: the fields SPEC §3 asked for', () => {
  it.each(FORMS)('$choice shows $has', SLOW, async ({ category, choice, has, hasNot }) => {
    const sent = stubApi();
    renderApp(`/publishInfo?category=${category}&choice=${choice}`);
    await screen.findByLabelText('Request name', {}, find);
    for (const label of has) expect(screen.getByLabelText(label), label).toBeTruthy();
    for (const label of hasNot) expect(screen.queryByLabelText(label), label).toBeNull();
    // The contact section comes from detailForBthw.
    await waitFor(() => expect(screen.getByLabelText('Contact phone')).toHaveProperty('value', '+852 3900 1201'), find);
    expect(sent).toContain('GET /api/user/p1/detailForBthw');
  });

  it('offers the customer types and the two party locations by name', SLOW, async () => {
    stubApi();
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_EXPORT_NEGOTIATION');
    const customerType = await screen.findByLabelText('Customer type', {}, find);
    fireEvent.mouseDown(customerType);
    expect(await screen.findByText('Non-bank financial institution', {}, find)).toBeTruthy();
    fireEvent.mouseDown(screen.getByLabelText('Applicant: foreign or domestic'));
    expect(await screen.findByText('Foreign (outside the Chinese mainland)', {}, find)).toBeTruthy();
    expect(screen.getAllByText('Domestic (Chinese mainland)').length).toBeGreaterThan(0);
  });

  it('refuses an intended time limit after the validity, naming the field', SLOW, async () => {
    const sent = stubApi();
    renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    const limit = (await screen.findByLabelText('Intended time limit', {}, find)) as HTMLInputElement;
    const until = screen.getByLabelText('Valid until') as HTMLInputElement;
    const enterDate = (input: HTMLInputElement, value: string) => {
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
      fireEvent.blur(input);
    };
    enterDate(until, dayjs().add(30, 'day').format('YYYY-MM-DD'));
    enterDate(limit, dayjs().add(40, 'day').format('YYYY-MM-DD'));
    fireEvent.click(within(document.body).getByText('Publish', { selector: 'button, button *' }));
    await waitFor(() => {
      const item = limit.closest('.ant-form-item') as HTMLElement;
      expect(item.textContent).toContain('Intended time limit must not be after the end of the validity period.');
    }, find);
    expect(sent.some((call) => call.endsWith('/api/bthw/publish'))).toBe(false);
  });
});

const DETAIL = opportunityDetail({
  item: opportunity({
    customerType: 'CORPORATE',
    customerTypeName: 'Corporate',
    intendedTimeLimit: '2026-12-15',
    updateTime: '2026-11-05T10:00:00.000Z',
  }),
});
DETAIL.fields = {
  ...DETAIL.fields,
  customerType: 'CORPORATE',
  intendedTimeLimit: '2026-12-15',
  applicantLocation: 'FOREIGN',
  beneficiaryLocation: 'DOMESTIC',
  guaranteeBank: 'Bank of Guarantees Ltd',
};

const shownValue = (region: HTMLElement, label: string) => {
  const term = within(region).getByText(label, { selector: 'dt, dt *' });
  return (term.closest('div') as HTMLElement).querySelector('dd')?.textContent;
};

describe('detail page: the new fields by their labels', () => {
  it.each([
    {
      locale: 'en-US' as const,
      lc: 'Letter of credit information',
      cooperation: 'Cooperation information',
      rows: [
        ['lc', 'Applicant: foreign or domestic', 'Foreign (outside the Chinese mainland)'],
        ['lc', 'Beneficiary: foreign or domestic', 'Domestic (Chinese mainland)'],
        ['lc', 'L/C guarantee bank', 'Bank of Guarantees Ltd'],
        ['cooperation', 'Customer type', 'Corporate'],
      ],
      header: [
        ['Update date', '2026-11-05'],
        ['Intended time limit', '2026-12-15'],
      ],
    },
    {
      locale: 'zh-CN' as const,
      lc: '信用证信息',
      cooperation: '合作信息',
      rows: [
        ['lc', '申请人（境内/境外）', '境外'],
        ['lc', '受益人（境内/境外）', '境内'],
        ['lc', '信用证担保行', 'Bank of Guarantees Ltd'],
        ['cooperation', '客户类型', '企业'],
      ],
      header: [
        ['更新日期', '2026-11-05'],
        ['意向期限', '2026-12-15'],
      ],
    },
  ])('in $locale', { timeout: 60_000 }, async ({ locale, lc, cooperation, rows, header }) => {
    await setLocale(locale);
    stubApi(DETAIL);
    renderApp('/cooperationDetail?lgcSn=R1');
    await screen.findByRole('heading', { level: 1 }, find);
    const regions = {
      lc: await screen.findByRole('region', { name: lc }, find),
      cooperation: screen.getByRole('region', { name: cooperation }),
    };
    for (const [region, label, value] of rows) {
      expect(shownValue(regions[region as 'lc' | 'cooperation'], label as string), label).toBe(value);
    }
    const head = document.querySelector('.detail-header__meta') as HTMLElement;
    for (const [label, value] of header) expect(shownValue(head, label as string), label).toBe(value);
  });
});
