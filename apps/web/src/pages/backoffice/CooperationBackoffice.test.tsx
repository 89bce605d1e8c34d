import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  BackofficeRequest,
  MasterAgreementItem,
} from '../../features/cooperation-backoffice/cooperation-backoffice-api.ts';
import { managedInstitution } from '../../features/user-management/test-fixtures.ts';
import { type BackofficeCall, stubBackofficeApi } from '../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

function request(overrides: Partial<BackofficeRequest>): BackofficeRequest {
  return {
    lgcSn: 'R1',
    itDpchlstRqmNm: 'Forfaiting of a sight L/C',
    instNm: 'Harbourview Commercial Bank',
    instSwiftCode: 'HVCBHKHH',
    instCountry: 'HK',
    direction: 'PROVIDE_FUNDING',
    typeCode: 'TRADE_FINANCE',
    subTypeCode: 'FORFAITING',
    astPrjTpcdName: 'Forfaiting',
    cmavyTpcd: 'USD',
    cmavyTpcdName: 'US Dollar',
    idcstAstIvsAmt: '1000000',
    idcstAstIvsAmtName: 'USD 1,000,000.00',
    bscrcCoAgrmTmdt: '90 days',
    price: '3.2%',
    status: 'effective',
    invalidReason: null,
    validUntil: '2026-12-31',
    createTime: '2026-11-01T08:00:00.000Z',
    updateTime: '2026-11-01T08:00:00.000Z',
    customerType: null,
    customerTypeName: null,
    intendedTimeLimit: null,
    isMine: false,
    followed: false,
    intentionStatus: 'notSent',
    ownerName: 'Amy Chan',
    ownerEmail: 'amy.chan@harbourview.example',
    takenDownNote: null,
    ...overrides,
  };
}

const REQUESTS = [
  request({}),
  request({
    lgcSn: 'R2',
    itDpchlstRqmNm: 'Syndicated loan for a port project',
    status: 'invalid',
    invalidReason: 'takenDown',
    takenDownNote: 'Duplicate of another request',
  }),
];

const AGREEMENT: MasterAgreementItem = {
  lgcSn: 'A1',
  instNm: 'Lakeside Bank',
  instSwiftCode: 'LKSBGB2L',
  userName: 'John Smith',
  userEmail: 'john.smith@lakeside.example',
  subTypeCode: 'FORFAITING',
  note: 'Please send the agreement to our London office.',
  status: 'submitted',
  createdAt: '2026-11-10T09:00:00.000Z',
  signedAt: null,
};

function stubCooperationBackoffice() {
  const calls = stubBackofficeApi((url) => {
    if (url.startsWith('/api/backend/cooperation?')) {
      return jsonResponse(envelope({ list: REQUESTS, total: REQUESTS.length, pageNo: 1, pageSize: 10 }));
    }
    if (url.startsWith('/api/backend/institutions?')) {
      const list = [
        managedInstitution({ lgcSn: 'I1', name: 'Harbourview Commercial Bank', swiftCode: 'HVCBHKHH' }),
        managedInstitution({}),
      ];
      return jsonResponse(envelope({ list, total: list.length, pageNo: 1, pageSize: 20 }));
    }
    if (url === '/api/backend/cooperation/R1/takeDown') return jsonResponse(envelope(null));
    if (url === '/api/backend/cooperation/R1/push') return jsonResponse(envelope({ pushed: 1, notified: 2 }));
    if (url.startsWith('/api/backend/masterAgreements?')) {
      return jsonResponse(envelope({ list: [AGREEMENT], total: 1, pageNo: 1, pageSize: 10 }));
    }
    if (url === '/api/backend/masterAgreements/A1/signed') return jsonResponse(envelope(null));
    return undefined;
  });
  return { calls };
}

const posts = (calls: BackofficeCall[], url: string) =>
  calls.filter((call) => call.method === 'POST' && call.url === url);

async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, {}, { timeout: 8000 });
  return cell.closest('tr') as HTMLElement;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`no dialog titled ${title}`);
  return dialog;
}

describe('/backend/cooperation', { timeout: 40_000 }, () => {
  it('lists the requests; only effective ones can be pushed or taken down', async () => {
    const { calls } = stubCooperationBackoffice();
    renderApp('/backend/cooperation?status=effective&q=loan');
    const effective = await rowOf('Forfaiting of a sight L/C');
    expect(within(effective).getByText('Effective')).toBeTruthy();
    expect(within(effective).getByText('Published by Amy Chan')).toBeTruthy();
    expect(
      within(effective).getByRole('button', { name: 'Push Forfaiting of a sight L/C to institutions' }),
    ).toBeTruthy();
    const view = within(effective).getByRole('link', { name: 'View Forfaiting of a sight L/C (opens in a new tab)' });
    expect(view.getAttribute('href')).toBe('/cooperationDetail?lgcSn=R1');
    expect(view.getAttribute('target')).toBe('_blank');

    const takenDown = await rowOf('Syndicated loan for a port project');
    expect(within(takenDown).getByText('Taken down')).toBeTruthy();
    expect(within(takenDown).getByText('Reason: Duplicate of another request')).toBeTruthy();
    expect(within(takenDown).queryByRole('button', { name: /Take down/ })).toBeNull();

    const list = calls.find((call) => call.url.startsWith('/api/backend/cooperation?'));
    expect(list?.url).toContain('status=effective');
    expect(list?.url).toContain('q=loan');
  });

  it('takes a request down with the reason given, after the confirmation', async () => {
    const { calls } = stubCooperationBackoffice();
    renderApp('/backend/cooperation');
    const row = await rowOf('Forfaiting of a sight L/C');
    fireEvent.click(within(row).getByRole('button', { name: 'Take down Forfaiting of a sight L/C' }));
    const dialog = await dialogTitled('Take down “Forfaiting of a sight L/C”?');

    // No reason: nothing is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await within(dialog).findByText(/Reason/, { selector: '.ant-form-item-explain-error' });
    expect(posts(calls, '/api/backend/cooperation/R1/takeDown')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Contains client data' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await waitFor(() => expect(posts(calls, '/api/backend/cooperation/R1/takeDown')).toHaveLength(1));
    expect(posts(calls, '/api/backend/cooperation/R1/takeDown')[0]!.body).toEqual({ reason: 'Contains client data' });
    expect(await screen.findByText('“Forfaiting of a sight L/C” has been taken down.')).toBeTruthy();
  });

  it('pushes a request to the institutions chosen in the searchable list', async () => {
    const { calls } = stubCooperationBackoffice();
    renderApp('/backend/cooperation');
    const row = await rowOf('Forfaiting of a sight L/C');
    fireEvent.click(within(row).getByRole('button', { name: 'Push Forfaiting of a sight L/C to institutions' }));
    const dialog = await dialogTitled('Push “Forfaiting of a sight L/C” to institutions');

    const select = within(dialog).getByRole('combobox');
    fireEvent.change(select, { target: { value: 'lake' } });
    await waitFor(() =>
      expect(
        calls.some((call) => call.url.startsWith('/api/backend/institutions?') && call.url.includes('q=lake')),
      ).toBe(true),
    );
    const search = calls.find((call) => call.url.includes('q=lake'));
    expect(search?.url).toContain('status=active');
    // The publisher's own institution is not offered.
    const option = await screen.findByText('Lakeside Bank (LKSBGB2L)', { selector: '.ant-select-item-option-content' });
    expect(screen.queryByText('Harbourview Commercial Bank (HVCBHKHH)')).toBeNull();
    fireEvent.click(option);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Push' }));
    await waitFor(() => expect(posts(calls, '/api/backend/cooperation/R1/push')).toHaveLength(1));
    expect(posts(calls, '/api/backend/cooperation/R1/push')[0]!.body).toEqual({ institutions: ['I2'] });
    expect(await screen.findByText('“Forfaiting of a sight L/C” has been pushed to 1 institution.')).toBeTruthy();
  });
});

describe('/backend/masterAgreements', { timeout: 40_000 }, () => {
  it('lists the waiting intentions and marks one signed after the confirmation', async () => {
    const { calls } = stubCooperationBackoffice();
    renderApp('/backend/masterAgreements');
    const row = await rowOf('John Smith');
    expect(within(row).getByText('Forfaiting')).toBeTruthy();
    expect(within(row).getByText('Waiting for signature')).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/backend/masterAgreements?'))?.url).toContain(
      'status=submitted',
    );

    fireEvent.click(within(row).getByRole('button', { name: 'Mark the master agreement of Lakeside Bank signed' }));
    expect(await screen.findByText('Mark the master agreement of Lakeside Bank signed?')).toBeTruthy();
    expect(posts(calls, '/api/backend/masterAgreements/A1/signed')).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Mark signed' }).at(-1) as HTMLElement;
    fireEvent.click(confirm);
    await waitFor(() => expect(posts(calls, '/api/backend/masterAgreements/A1/signed')).toHaveLength(1));
    expect(await screen.findByText('The master agreement of Lakeside Bank is marked signed.')).toBeTruthy();
  });
});
