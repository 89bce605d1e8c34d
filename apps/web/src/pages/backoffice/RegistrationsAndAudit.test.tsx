/**
 * Two back-office pages' main actions: the registration review (a decision sent from the drawer,
 * the note required to reject, the drawer and queue showing the outcome) and the audit log's
 * filters and pages (each a request with exactly those parameters, its rows shown).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegistrationDetail } from '../../features/backoffice/backoffice-api.ts';
import { setLocale } from '../../lib/i18n/locale.ts';
import { type BackofficeCall, stubBackofficeApi } from '../../test/backoffice-api.ts';
import { envelope, jsonResponse } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

const page = (list: unknown[], total = list.length, pageNo = 1, pageSize = 10) =>
  jsonResponse(envelope({ list, total, pageNo, pageSize }));

function dialogTitled(title: string): Promise<HTMLElement> {
  return screen.findByText(title, { selector: '.ant-modal-title' }).then((heading) => {
    const dialog = heading.closest<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('/backend/registrations', { timeout: 40_000 }, () => {
  /** One registration waiting for review; a decision changes its status as the server would. */
  function stubRegistrations() {
    const registration: RegistrationDetail = {
      lgcSn: 'G1',
      emailAdr: 'maria.silva@atlantico.example',
      usrNm: 'Maria Silva',
      instNm: 'Banco Atlântico de Investimento',
      instSwiftCode: 'BAINPTPL',
      country: 'PT',
      actvtInd: '5',
      submittedAt: '2026-11-20T09:00:00.000Z',
      profile: {},
      reviewNote: null,
      attachments: [],
    };
    const calls = stubBackofficeApi((url, method, body) => {
      if (method === 'GET' && url.startsWith('/api/backend/registrations?')) {
        return page(
          new URL(url, 'http://portal.test').searchParams.get('activation') === '5' && registration.actvtInd !== '5'
            ? []
            : [registration],
        );
      }
      if (method === 'GET' && url === '/api/backend/registrations/G1') return jsonResponse(envelope(registration));
      if (method === 'POST' && url === '/api/backend/registrations/G1/decision') {
        const decision = (body as { decision: string }).decision;
        registration.actvtInd = decision === 'approve' ? '1' : decision === 'reject' ? '7' : '8';
        registration.reviewNote = (body as { note?: string }).note ?? null;
        return jsonResponse(envelope(registration));
      }
      return undefined;
    });
    return calls;
  }
  const decisions = (calls: BackofficeCall[]) => calls.filter((call) => call.method === 'POST');

  it('approves a registration from the drawer with an optional note, and shows it approved', async () => {
    const calls = stubRegistrations();
    renderApp('/backend/registrations');
    const cell = await screen.findByText('maria.silva@atlantico.example', {}, { timeout: 8000 });
    const row = cell.closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending review')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Review – Open the registration of Maria Silva' }));
    // The reviewer sees the address's domain on its own, first.
    expect((await screen.findByTestId('registration-email-domain')).textContent).toBe('atlantico.example');
    expect(screen.getByText('E-mail domain')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await dialogTitled('Approve this registration?');
    expect(
      within(dialog).getByText(
        'Maria Silva (Banco Atlântico de Investimento) will be able to log in and use the portal. The applicant is told by e-mail.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Documents checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]).toEqual({
      url: '/api/backend/registrations/G1/decision',
      method: 'POST',
      body: { decision: 'approve', note: 'Documents checked' },
    });
    expect(await screen.findByText('The registration of Maria Silva has been approved.')).toBeTruthy();
    expect(await screen.findByText('Approved: the applicant can use the portal.')).toBeTruthy();
    // No decision is offered any more, and the queue of pending registrations is empty.
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    await waitFor(() => expect(document.querySelector('.ant-table-row')).toBeNull());
  });

  it('rejects only with a note, in Chinese, and shows it rejected', async () => {
    await setLocale('zh-CN');
    const calls = stubRegistrations();
    renderApp('/backend/registrations?open=G1');
    fireEvent.click(await screen.findByRole('button', { name: '驳回' }, { timeout: 8000 }));
    const dialog = await dialogTitled('确定驳回该注册申请？');

    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await within(dialog).findByText(/备注/, { selector: '.ant-form-item-explain-error' });
    expect(decisions(calls)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('备注'), { target: { value: 'SWIFT 代码与机构不符' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '驳回' }));
    await waitFor(() => expect(decisions(calls)).toHaveLength(1));
    expect(decisions(calls)[0]?.body).toEqual({ decision: 'reject', note: 'SWIFT 代码与机构不符' });
    expect(await screen.findByText('已驳回 Maria Silva 的注册申请。')).toBeTruthy();
    expect(await screen.findByText('已驳回：申请人可修改后重新提交。')).toBeTruthy();
    expect(screen.getByText('SWIFT 代码与机构不符')).toBeTruthy();
  });
});

describe('/backend/audit', { timeout: 40_000 }, () => {
  const entry = (id: number, name: string) => ({
    id,
    at: '2026-11-26T09:00:00.000Z',
    actorEmail: 'wei.zhang@bank.example',
    action: 'review.approved',
    targetType: 'user',
    targetId: `U${id}`,
    detail: { note: null },
    ip: '203.0.113.5',
    targetName: name,
    targetInstitution: 'Harbour Bank',
  });

  /** 25 entries: page 1 holds Tess Lee's, page 2 Ian Ho's. */
  function stubAudit() {
    return stubBackofficeApi((url, method) => {
      if (method !== 'GET' || !url.startsWith('/api/backend/audit?')) return undefined;
      const pageNo = Number(new URL(url, 'http://portal.test').searchParams.get('pageNo'));
      return page([entry(pageNo, pageNo === 2 ? 'Ian Ho' : 'Tess Lee')], 25, pageNo, 20);
    });
  }
  const auditQueries = (calls: BackofficeCall[]) =>
    calls
      .filter((call) => call.url.startsWith('/api/backend/audit?'))
      .map((call) => Object.fromEntries(new URL(call.url, 'http://portal.test').searchParams));

  it('filters by action and actor from page 1, then pages on with the same filters', async () => {
    const calls = stubAudit();
    renderApp('/backend/audit?page=3');
    await screen.findByText('Approved the registration of Tess Lee (Harbour Bank)', {}, { timeout: 8000 });

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'review.approved' } });
    fireEvent.change(screen.getByLabelText('By (e-mail)'), { target: { value: ' wei.zhang ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(auditQueries(calls).at(-1)).toEqual({
        action: 'review.approved',
        actor: 'wei.zhang',
        pageNo: '1',
        pageSize: '20',
      }),
    );
    expect(screen.getByText('25 in total')).toBeTruthy();

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Approved the registration of Ian Ho (Harbour Bank)')).toBeTruthy();
    expect(auditQueries(calls).at(-1)).toEqual({
      action: 'review.approved',
      actor: 'wei.zhang',
      pageNo: '2',
      pageSize: '20',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(auditQueries(calls).at(-1)).toEqual({ pageNo: '1', pageSize: '20' }));
  });

  it('reads the date range from the address and sends it', async () => {
    const calls = stubAudit();
    renderApp('/backend/audit?from=2026-11-01&to=2026-11-26');
    await screen.findByText('Approved the registration of Tess Lee (Harbour Bank)', {}, { timeout: 8000 });
    expect(auditQueries(calls)[0]).toEqual({ from: '2026-11-01', to: '2026-11-26', pageNo: '1', pageSize: '20' });
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-11-01');
  });
});
