import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { stubPublishApi } from './publish-test-api.ts';

const SLOW = { timeout: 60_000 };
const find = { timeout: 15_000 };

/** Role queries are slow on a form this size: headings and buttons are found by their text. */
const heading = (text: string) => screen.findByText(text, { selector: 'h1, h2, h3' }, find);
const hasHeading = (text: string) => screen.queryByText(text, { selector: 'h1, h2, h3' }) !== null;
const button = (text: string | RegExp, container: HTMLElement = document.body) => {
  const label = within(container).getByText(text, { selector: 'button, button *' });
  return label.closest('button') as HTMLElement;
};

describe('/publishInfo', () => {
  it('goes from the category to the type to the form', SLOW, async () => {
    stubPublishApi();
    const { router } = renderApp('/publishInfo');
    expect(await heading('Choose a cooperation category')).toBeTruthy();
    expect(document.querySelector('h1')?.textContent).toBe('Publish cooperation information');

    fireEvent.click(button('Trade finance and factoring'));
    expect(await heading('Choose the type of business in Trade finance and factoring')).toBeTruthy();
    expect(router.state.location.search).toBe('?category=TRADE_FINANCE');

    fireEvent.click(button('Forfaiting'));
    expect(await heading('Forfaiting: details')).toBeTruthy();
    expect(router.state.location.search).toBe('?category=TRADE_FINANCE&choice=TRADE_FINANCE_FORFAITING');
    // The form of a forfaiting request carries the L/C sections and the risk preference prompt.
    expect(await heading('Letter of credit information')).toBeTruthy();
    expect(screen.getByText('Accepting and confirming bank information', { selector: 'h1, h2, h3' })).toBeTruthy();
    expect(screen.getAllByText('Choose your risk preference').length).toBeGreaterThan(0);

    // The contact is filled in from the signed-in user's profile.
    await waitFor(() => expect(screen.getByLabelText('Contact phone')).toHaveProperty('value', '+852 2123 4567'));
    expect(screen.getByLabelText('Contact person')).toHaveProperty('value', 'Amy Chan');

    // Back to the types, then to the categories.
    fireEvent.click(button('Change type'));
    expect(await waitFor(() => button('Forfaiting'))).toBeTruthy();
    expect(router.state.location.search).toBe('?category=TRADE_FINANCE');
  });

  it('shows the loan terms and no L/C sections for a loan, with the direction fixed', SLOW, async () => {
    stubPublishApi();
    renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    expect(await heading('Loan terms')).toBeTruthy();
    expect(hasHeading('Letter of credit information')).toBe(false);
    expect(hasHeading('Accepting and confirming bank information')).toBe(false);
    expect(screen.getByLabelText('Rate type')).toBeTruthy();
    const requestFunding = screen.getByLabelText('Request for funding');
    expect(requestFunding).toHaveProperty('checked', true);
    expect(requestFunding).toHaveProperty('disabled', true);
  });

  it('says under the field what is wrong with a SWIFT code of 7 characters', SLOW, async () => {
    stubPublishApi();
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_FORFAITING');
    const swift = await screen.findByLabelText('Issuing bank SWIFT code', {}, find);
    fireEvent.change(swift, { target: { value: 'abcdefg' } });
    const message = await screen.findByText(
      'Issuing bank SWIFT code must be exactly 8 or 11 upper-case letters and digits.',
      {},
      find,
    );
    const item = message.closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByLabelText('Issuing bank SWIFT code')).toBe(swift);
    expect(swift).toHaveProperty('value', 'ABCDEFG');
  });

  it('saves a draft with the step and what is filled in, and keeps it in the address', SLOW, async () => {
    const sent = stubPublishApi({
      respond: (url) => (url === '/api/bthw/saveDraft' ? jsonResponse(envelope({ lgcSn: 'D100' })) : undefined),
    });
    const { router } = renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    const name = await screen.findByLabelText('Request name', {}, find);
    fireEvent.change(name, { target: { value: 'USD 50m bilateral loan' } });
    await waitFor(() => expect(screen.getByLabelText('Contact phone')).toHaveProperty('value', '+852 2123 4567'));

    fireEvent.click(button('Save draft'));
    await screen.findByText('Draft saved.', {}, find);
    const save = sent.find((call) => call.url === '/api/bthw/saveDraft');
    expect(save?.method).toBe('POST');
    expect(save?.body).toMatchObject({
      categoryCode: 'FUNDS_IN',
      choiceCode: 'FUNDS_IN_BILATERAL_LOAN',
      subTypeCode: 'BILATERAL_LOAN',
      itDpchlstRqmNm: 'USD 50m bilateral loan',
      direction: 'REQUEST_FUNDING',
      scopeLimited: false,
      contactName: 'Amy Chan',
      contactEmail: 'amy.chan@harbourview.example',
      contactPhone: '+852 2123 4567',
    });
    // Only the loan form's fields, and nothing empty.
    expect(save?.body).not.toHaveProperty('lcIssued');
    expect(save?.body).not.toHaveProperty('draftLgcSn');
    expect(Object.values(save?.body as object)).not.toContain('');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('draft')).toBe('D100'));

    // Saving again updates the same draft.
    fireEvent.change(name, { target: { value: 'USD 60m bilateral loan' } });
    fireEvent.click(button('Save draft'));
    await waitFor(() => expect(sent.filter((call) => call.url === '/api/bthw/saveDraft')).toHaveLength(2));
    expect(sent.filter((call) => call.url === '/api/bthw/saveDraft')[1]?.body).toMatchObject({
      draftLgcSn: 'D100',
      itDpchlstRqmNm: 'USD 60m bilateral loan',
    });
  });

  it('asks for an agreement intention instead of the form when no master agreement is signed', SLOW, async () => {
    const sent = stubPublishApi({
      agreement: { signed: false, pending: false },
      respond: (url, init) =>
        url === '/api/bthw/masterAgreement' && init.method === 'POST' ? jsonResponse(envelope(null)) : undefined,
    });
    renderApp('/publishInfo?category=TRADE_FINANCE&choice=TRADE_FINANCE_RISK_PARTICIPATION');
    expect(await heading('A master agreement is needed first')).toBeTruthy();
    expect(hasHeading('Letter of credit information')).toBe(false);

    fireEvent.change(screen.getByLabelText('Note for the bank (optional)'), { target: { value: 'Mornings please' } });
    fireEvent.click(button('Submit agreement intention'));
    const dialog = (await screen.findByText('Submit an agreement intention?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(button('Submit', dialog));

    expect(await screen.findByText('Agreement intention submitted', {}, find)).toBeTruthy();
    const post = sent.find((call) => call.url === '/api/bthw/masterAgreement' && call.method === 'POST');
    expect(post?.body).toEqual({ subTypeCode: 'RISK_PARTICIPATION', note: 'Mornings please' });
  });

  it('opens a saved draft at its step with its values', SLOW, async () => {
    stubPublishApi({
      respond: (url) =>
        url === '/api/bthw/detailDraft/D7'
          ? jsonResponse(
              envelope({
                lgcSn: 'D7',
                categoryCode: 'FUNDS_OUT',
                fields: {
                  categoryCode: 'FUNDS_OUT',
                  choiceCode: 'FUNDS_OUT_CLUB_LOAN',
                  subTypeCode: 'CLUB_LOAN',
                  itDpchlstRqmNm: 'Club loan for 2027',
                },
                attachments: [],
                updateTime: '2026-11-20T08:00:00.000Z',
              }),
            )
          : undefined,
    });
    const { router } = renderApp('/publishInfo?draft=D7');
    const name = await screen.findByLabelText('Request name', {}, find);
    expect(name).toHaveProperty('value', 'Club loan for 2027');
    expect(screen.getByText('Club loan: details', { selector: 'h1, h2, h3' })).toBeTruthy();
    expect(screen.getByLabelText('Provide funding')).toHaveProperty('checked', true);
    const search = new URLSearchParams(router.state.location.search);
    expect([search.get('draft'), search.get('category'), search.get('choice')]).toEqual([
      'D7',
      'FUNDS_OUT',
      'FUNDS_OUT_CLUB_LOAN',
    ]);
  });
});

describe('/publishInfo: publishing', () => {
  const FULL_LOAN = {
    choiceCode: 'FUNDS_OUT_CLUB_LOAN',
    subTypeCode: 'CLUB_LOAN',
    itDpchlstRqmNm: 'Club loan for 2027',
    direction: 'PROVIDE_FUNDING',
    validFrom: '2026-11-20',
    validUntil: '2027-02-20',
    scopeLimited: false,
    currency: 'USD',
    amount: '50000000.00',
    termType: 'COMMON',
    commonTerm: 'Y1_3',
    price: 5.25,
    rateType: 'FIXED',
    rateMin: 4.5,
    rateMax: 5.5,
    contactName: 'Amy Chan',
    contactEmail: 'amy.chan@harbourview.example',
    contactPhone: '+852 2123 4567',
  };

  it('publishes a complete draft and opens the new request', SLOW, async () => {
    const sent = stubPublishApi({
      respond: (url) => {
        if (url === '/api/bthw/detailDraft/D8') {
          return jsonResponse(
            envelope({
              lgcSn: 'D8',
              categoryCode: 'FUNDS_OUT',
              fields: FULL_LOAN,
              attachments: [],
              updateTime: '2026-11-20T08:00:00.000Z',
            }),
          );
        }
        if (url === '/api/bthw/publish') return jsonResponse(envelope({ lgcSn: 'R42' }));
        return undefined;
      },
    });
    const { router } = renderApp('/publishInfo?draft=D8');
    await screen.findByLabelText('Request name', {}, find);
    fireEvent.click(button('Publish'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cooperationDetail'), find);
    expect(router.state.location.search).toBe('?lgcSn=R42');
    const publish = sent.find((call) => call.url === '/api/bthw/publish');
    expect(publish?.body).toMatchObject({ ...FULL_LOAN, draftLgcSn: 'D8' });
  });

  it('shows the server’s field errors on the fields', SLOW, async () => {
    stubPublishApi({
      respond: (url) => {
        if (url === '/api/bthw/detailDraft/D9') {
          return jsonResponse(
            envelope({ lgcSn: 'D9', categoryCode: 'FUNDS_OUT', fields: FULL_LOAN, attachments: [], updateTime: '' }),
          );
        }
        if (url === '/api/bthw/publish') {
          return jsonResponse(
            envelope(
              { fields: [{ field: 'itDpchlstRqmNm', rule: 'invalid', message: 'Request name is already in use.' }] },
              'PRT_VALIDATION',
              'Request name is already in use.',
            ),
            400,
          );
        }
        return undefined;
      },
    });
    renderApp('/publishInfo?draft=D9');
    await screen.findByLabelText('Request name', {}, find);
    fireEvent.click(button('Publish'));
    // Under the field (the toast says it too, and may come first).
    await waitFor(() => {
      const shown = Array.from(document.querySelectorAll('.ant-form-item-explain-error'), (node) => node.textContent);
      expect(shown).toContain('Request name is already in use.');
    }, find);
  });

  it('refuses to publish with a missing required field and names it', SLOW, async () => {
    const sent = stubPublishApi();
    renderApp('/publishInfo?category=FUNDS_IN&choice=FUNDS_IN_BILATERAL_LOAN');
    await screen.findByLabelText('Request name', {}, find);
    fireEvent.click(button('Publish'));
    expect(await screen.findByText('Request name is required.', {}, find)).toBeTruthy();
    expect(sent.some((call) => call.url === '/api/bthw/publish')).toBe(false);
  });
});

describe('/publishInfo?edit=', () => {
  const detail = (canEdit: boolean) => ({
    item: {
      lgcSn: 'R5',
      itDpchlstRqmNm: 'Club loan for 2027',
      instNm: 'Harbourview Commercial Bank',
      instSwiftCode: 'HVCBHKHH',
      instCountry: 'HK',
      direction: 'PROVIDE_FUNDING',
      typeCode: 'INTERBANK_LOAN',
      subTypeCode: 'CLUB_LOAN',
      astPrjTpcdName: 'Club loan',
      cmavyTpcd: 'USD',
      cmavyTpcdName: 'US Dollar',
      idcstAstIvsAmt: '50000000.00',
      idcstAstIvsAmtName: 'USD 50,000,000.00',
      bscrcCoAgrmTmdt: '1 to 3 years',
      price: '5.25%',
      status: 'effective',
      invalidReason: null,
      validUntil: '2027-02-20',
      createTime: '2026-11-20T08:00:00.000Z',
      updateTime: '2026-11-20T08:00:00.000Z',
      customerType: null,
      customerTypeName: null,
      intendedTimeLimit: null,
      isMine: true,
      followed: false,
      intentionStatus: 'notSent',
    },
    categoryCode: 'FUNDS_OUT',
    choiceCode: 'FUNDS_OUT_CLUB_LOAN',
    formKind: 'loan',
    fields: {
      choiceCode: 'FUNDS_OUT_CLUB_LOAN',
      subTypeCode: 'CLUB_LOAN',
      itDpchlstRqmNm: 'Club loan for 2027',
      direction: 'PROVIDE_FUNDING',
      validFrom: '2026-11-20',
      validUntil: '2027-02-20',
      scopeLimited: false,
      scopeCountries: [],
      currency: 'USD',
      amount: '50000000.00',
      termType: 'COMMON',
      commonTerm: 'Y1_3',
      price: 5.25,
      rateType: 'FIXED',
      rateMin: 4.5,
      rateMax: 5.5,
      contactName: 'Amy Chan',
      contactEmail: 'amy.chan@harbourview.example',
      contactPhone: '+852 2123 4567',
      attachments: [],
    },
    attachments: [],
    publisher: {
      instNm: 'Harbourview Commercial Bank',
      instSwiftCode: 'HVCBHKHH',
      country: 'HK',
      contactName: 'Amy Chan',
      contactEmail: 'amy.chan@harbourview.example',
      contactPhone: '+852 2123 4567',
    },
    owner: { pushedCount: 0, intentionCount: 0, agreedCount: 0, intentions: [] },
    myIntention: null,
    canSendIntention: false,
    canEdit,
  });

  it('changes an effective request of one’s own and goes back to it', SLOW, async () => {
    const sent = stubPublishApi({
      respond: (url) => {
        if (url === '/api/bthw/detail/R5') return jsonResponse(envelope(detail(true)));
        if (url === '/api/bthw/update/R5') return jsonResponse(envelope({ lgcSn: 'R5' }));
        return undefined;
      },
    });
    const { router } = renderApp('/publishInfo?edit=R5');
    const name = await screen.findByLabelText('Request name', {}, find);
    expect(await heading('Edit published information')).toBeTruthy();
    // No steps and no draft when editing.
    expect(screen.queryByText('Save draft')).toBeNull();
    fireEvent.change(name, { target: { value: 'Club loan for 2027, enlarged' } });
    fireEvent.click(button('Save changes'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cooperationDetail'), find);
    expect(router.state.location.search).toBe('?lgcSn=R5');
    const update = sent.find((call) => call.url === '/api/bthw/update/R5');
    expect(update?.body).toMatchObject({ itDpchlstRqmNm: 'Club loan for 2027, enlarged', subTypeCode: 'CLUB_LOAN' });
    expect(update?.body).not.toHaveProperty('draftLgcSn');
  });

  it('refuses to edit a request the user may not change', SLOW, async () => {
    stubPublishApi({
      respond: (url) => (url === '/api/bthw/detail/R5' ? jsonResponse(envelope(detail(false))) : undefined),
    });
    renderApp('/publishInfo?edit=R5');
    expect(
      await screen.findByText('Only effective requests you published yourself can be edited.', {}, find),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Request name')).toBeNull();
  });
});
