/**
 * Issue 16: the publish form never changes a typed number (each wrong one gets the rule next to
 * the field and keeps its text), dates and the term are checked on the first attempt, an error
 * summary links to the fields, focus follows the steps, and only the sections a type has show.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { groupNumberText, ungroupNumberText } from '../../lib/forms/number-text.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { envelope, jsonResponse } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { stubPublishApi } from './publish-test-api.ts';

/** The publish server, with saved drafts answered by their id. */
function stubPublishApiWithDrafts(
  drafts: Record<string, { categoryCode: string; fields: Record<string, unknown> }> = {},
) {
  return stubPublishApi({
    respond: (url) => {
      const draft = /^\/api\/bthw\/detailDraft\/(\w+)$/.exec(url);
      const saved = draft?.[1] ? drafts[draft[1]] : undefined;
      return saved
        ? jsonResponse(envelope({ lgcSn: draft?.[1], ...saved, attachments: [], updateTime: '' }))
        : undefined;
    },
  });
}

const SLOW = { timeout: 90_000 };
const find = { timeout: 15_000 };
const day = (offset: number) => dayjs().add(offset, 'day').format('YYYY-MM-DD');

const button = (text: string | RegExp, container: HTMLElement = document.body) =>
  within(container).getByText(text, { selector: 'button, button *' }).closest('button') as HTMLElement;
const itemOf = (input: HTMLElement) => input.closest('.ant-form-item') as HTMLElement;
/** The error summary (antd's field errors are role="alert" too, so it is found by its class). */
const findSummary = () =>
  waitFor(() => {
    const summary = document.querySelector<HTMLElement>('.form-error-summary');
    expect(summary).not.toBeNull();
    expect(summary?.getAttribute('role')).toBe('alert');
    return summary as HTMLElement;
  }, find);
const errorsOf = (input: HTMLElement) =>
  Array.from(itemOf(input).querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);

type NumberCase = { label: string; typed: string; shown?: string; error: string };

/** Types each case, leaves the field, publishes; each keeps its text and shows its rule. */
async function expectNumbersKept(cases: readonly NumberCase[]) {
  for (const c of cases) {
    const input = screen.getByLabelText(c.label) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: c.typed } });
    fireEvent.blur(input);
  }
  fireEvent.click(button('Publish'));
  for (const c of cases) {
    const input = screen.getByLabelText(c.label) as HTMLInputElement;
    await waitFor(() => expect(errorsOf(input), c.label).toContain(c.error), find);
    expect(input.value, c.label).toBe(c.shown ?? c.typed);
  }
}

afterEach(async () => {
  await setLocale('en-US');
});

describe('publish form: numbers are never changed without a word', () => {
  it('loan form: amount, price, rates, period', SLOW, async () => {
    const sent = stubPublishApiWithDrafts();
    renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    await screen.findByLabelText('Request name', {}, find);
    await expectNumbersKept([
      { label: 'Amount', typed: '-2500', shown: '-2,500', error: 'Amount must be greater than 0.' },
      { label: 'All-in price (% p.a.)', typed: '150', error: 'All-in price (% p.a.) must be at most 100.' },
      {
        label: 'Highest rate (%)',
        typed: '1.35m',
        error: 'Highest rate (%) must be a number (digits, with an optional decimal point).',
      },
      { label: 'Lowest rate (%)', typed: '0.12345', error: 'Lowest rate (%) can have at most 4 decimal places.' },
      { label: 'Period in years', typed: '1.5', error: 'Period in years must be a whole number.' },
    ]);
    expect(sent.some((call) => call.url === '/api/bthw/publish')).toBe(false);
  });

  it('trade finance form: 17-digit amount, 9999 financing days, "1.35m" financing cost', SLOW, async () => {
    stubPublishApiWithDrafts();
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_ORDER_FINANCING');
    await screen.findByLabelText('Request name', {}, find);
    await expectNumbersKept([
      {
        label: 'Amount',
        typed: '12345678901234567',
        shown: '12,345,678,901,234,567',
        error: 'Amount must be a number with at most 15 digits before the decimal point and 2 after it.',
      },
      { label: 'Financing days', typed: '9999', error: 'Financing days must be at most 720.' },
      {
        label: 'Financing cost (bps)',
        typed: '1.35m',
        error: 'Financing cost (bps) must be a number (digits, with an optional decimal point).',
      },
    ]);
  });

  it('L/C form: participation ratio 0.123 and usance days -1', SLOW, async () => {
    stubPublishApiWithDrafts();
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_EXPORT_NEGOTIATION');
    await screen.findByLabelText('Request name', {}, find);
    await expectNumbersKept([
      {
        label: 'Participation ratio',
        typed: '0.123',
        error: 'Participation ratio can have at most 2 decimal places.',
      },
      { label: 'Usance days', typed: '-1', error: 'Usance days must be at least 0.' },
      { label: 'Amount', typed: '1.35m', error: 'Amount must be a number (digits, with an optional decimal point).' },
    ]);
  });

  it('groups an amount’s thousands as typed and sends exactly the typed digits', SLOW, async () => {
    const sent = stubPublishApiWithDrafts({
      D1: {
        categoryCode: 'FUNDS_OUT',
        fields: {
          choiceCode: 'FUNDS_OUT_CLUB_LOAN',
          subTypeCode: 'CLUB_LOAN',
          itDpchlstRqmNm: 'Club loan',
          direction: 'PROVIDE_FUNDING',
          validFrom: day(0),
          validUntil: day(30),
          scopeLimited: false,
          currency: 'USD',
          amount: '50000000',
          termType: 'COMMON',
          commonTerm: 'Y1_3',
          price: 5.25,
          rateType: 'FIXED',
          rateMin: 4.5,
          rateMax: 5.5,
          contactName: 'Amy Chan',
          contactEmail: 'amy.chan@harbourview.example',
          contactPhone: '+852 2123 4567',
        },
      },
    });
    renderApp('/publishInfo?draft=D1');
    const amount = (await screen.findByLabelText('Amount', {}, find)) as HTMLInputElement;
    // A saved amount is shown grouped; typing regroups as the digits come.
    expect(amount.value).toBe('50,000,000');
    fireEvent.change(amount, { target: { value: '1234567.89' } });
    expect(amount.value).toBe('1,234,567.89');
    fireEvent.change(amount, { target: { value: '1,234,567.891' } });
    expect(amount.value).toBe('1,234,567.891');
    fireEvent.click(button('Publish'));
    await waitFor(
      () =>
        expect(errorsOf(amount)).toContain(
          'Amount must be a number with at most 15 digits before the decimal point and 2 after it.',
        ),
      find,
    );
    expect(amount.value).toBe('1,234,567.891');
    fireEvent.change(amount, { target: { value: '1,234,567.89' } });
    const price = screen.getByLabelText('All-in price (% p.a.)') as HTMLInputElement;
    fireEvent.change(price, { target: { value: '5.250' } });
    expect(price.value).toBe('5.250');
    fireEvent.click(button('Publish'));
    await waitFor(() => expect(sent.some((call) => call.url === '/api/bthw/publish')).toBe(true), find);
    expect(sent.find((call) => call.url === '/api/bthw/publish')?.body).toMatchObject({
      amount: '1234567.89',
      price: 5.25,
    });
  });

  it('groups and ungroups per language (Intl.NumberFormat)', () => {
    expect(groupNumberText('1234567.89', 'en-US')).toBe('1,234,567.89');
    expect(groupNumberText('1234567.89', 'zh-CN')).toBe('1,234,567.89');
    expect(groupNumberText('12345678901234567', 'en-US')).toBe('12,345,678,901,234,567');
    expect(groupNumberText('-2500', 'en-US')).toBe('-2,500');
    expect(groupNumberText('1.35m', 'en-US')).toBe('1.35m');
    expect(ungroupNumberText('1,234,567.89', 'zh-CN')).toBe('1234567.89');
    expect(ungroupNumberText('1,2345', 'en-US')).toBe('12345');
    expect(ungroupNumberText('1.35m', 'en-US')).toBe('1.35m');
    expect(ungroupNumberText('1,,2', 'en-US')).toBe('1,,2');
  });

  it('says the rule in Chinese for a Chinese reader and keeps the text', SLOW, async () => {
    await setLocale('zh-CN');
    stubPublishApiWithDrafts();
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_ORDER_FINANCING');
    const days = (await screen.findByLabelText('融资天数', {}, find)) as HTMLInputElement;
    fireEvent.change(days, { target: { value: '9999' } });
    fireEvent.blur(days);
    await waitFor(() => expect(errorsOf(days)).toContain('融资天数不能大于 720。'), find);
    expect(days.value).toBe('9999');
  });
});

describe('publish form: dates, term and the error summary on the first attempt', () => {
  const lcDraft = {
    categoryCode: 'TRADE_FINANCE',
    fields: {
      choiceCode: 'TRADE_FINANCE_EXPORT_NEGOTIATION',
      subTypeCode: 'EXPORT_NEGOTIATION',
      validFrom: day(-10),
      validUntil: day(-1),
      lcExpiryDate: day(-1),
      termType: 'COMMON',
    },
  };

  it('flags a past validity and L/C expiry and the missing term at the first publish', SLOW, async () => {
    stubPublishApiWithDrafts({ D2: lcDraft });
    renderApp('/publishInfo?draft=D2');
    await screen.findByLabelText('Request name', {}, find);
    fireEvent.click(button('Publish'));
    const summary = await findSummary();
    await waitFor(
      () => expect(errorsOf(screen.getByLabelText('Valid until'))).toContain('Valid until must not be in the past.'),
      find,
    );
    expect(errorsOf(screen.getByLabelText('L/C expiry date'))).toContain('L/C expiry date must not be in the past.');
    expect(errorsOf(screen.getByLabelText('Term'))).toContain('Term is required.');
    expect(within(summary).getByText('Valid until must not be in the past.')).toBeTruthy();
    expect(within(summary).getByText('L/C expiry date must not be in the past.')).toBeTruthy();
    expect(within(summary).getByText('Term is required.')).toBeTruthy();
  });

  it('lists the errors at the top, headed, each a link that focuses its field', SLOW, async () => {
    stubPublishApiWithDrafts();
    renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    const name = await screen.findByLabelText('Request name', {}, find);
    expect(document.querySelector('.form-error-summary')).toBeNull();
    fireEvent.click(button('Publish'));
    const summary = await findSummary();
    const title = within(summary).getByText(/^There is a problem: \d+ fields need correcting$/);
    expect(title.tagName).toBe('H3');
    expect(summary.getAttribute('aria-labelledby')).toBe(title.id);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // The summary comes before the fields.
    expect(summary.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const link = within(summary).getByText('Request name is required.');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe(`#${name.id}`);
    fireEvent.click(link);
    await waitFor(() => expect(document.activeElement).toBe(name));
    // A corrected field leaves the summary.
    fireEvent.change(name, { target: { value: 'USD 50m bilateral loan' } });
    await waitFor(() => expect(within(summary).queryByText('Request name is required.')).toBeNull(), find);
  });
});

describe('publish form: steps and sections', () => {
  it('moves the focus to the new step’s heading after choosing a category and a type', SLOW, async () => {
    stubPublishApiWithDrafts();
    renderApp('/publishInfo');
    await screen.findByText('Choose a cooperation category', { selector: 'h2' }, find);
    fireEvent.click(button('Trade finance and factoring'));
    const choiceHeading = await screen.findByText(
      'Choose the type of business in Trade finance and factoring',
      { selector: 'h2' },
      find,
    );
    await waitFor(() => expect(document.activeElement).toBe(choiceHeading));
    expect(choiceHeading.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(button('Export negotiation'));
    const formHeading = await screen.findByText('Export negotiation: details', { selector: 'h2' }, find);
    await waitFor(() => expect(document.activeElement).toBe(formHeading));
    expect(formHeading.getAttribute('tabindex')).toBe('-1');
  });

  it('shows no risk preference section for a type without one, and a valid group for one with it', SLOW, async () => {
    stubPublishApiWithDrafts();
    const { unmount } = renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_EXPORT_NEGOTIATION');
    await screen.findByText('Letter of credit information', { selector: 'h3' }, find);
    expect(screen.queryByText('Risk preference', { selector: 'h3' })).toBeNull();
    expect(document.getElementById('publish-release_riskPreferences')).toBeNull();
    unmount();

    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_FORFAITING');
    await screen.findByText('Risk preference', { selector: 'h3' }, find);
    const group = document.getElementById('publish-release_riskPreferences') as HTMLElement;
    // axe aria-allowed-attr: no aria-required on a plain group; it is a labelled group.
    expect(group.hasAttribute('aria-required')).toBe(false);
    expect(group.getAttribute('role')).toBe('group');
    expect(group.getAttribute('aria-label')).toBe('Risk preferences');
  });
});
