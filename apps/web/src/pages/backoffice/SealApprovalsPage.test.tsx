import type { TSealReviewItem } from '@portal/shared/schemas/seals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sealReviewItem } from '../../features/seals/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { STAFF_USER } from '../../test/users.ts';

const STAFF = STAFF_USER;

type Call = { url: string; method: string; body: unknown };

/** The server as the queue sees it: one application, read, claimed (pending), then decided. */
function stubReviewApi() {
  const calls: Call[] = [];
  let seal: TSealReviewItem = sealReviewItem();
  const NOW = '2026-11-20T09:00:00.000Z';
  stubPortalApi({
    user: STAFF,
    respond: (url, init) => {
      if (!url.startsWith('/api/backend/seals')) return undefined;
      const method = init.method ?? 'GET';
      calls.push({ url, method, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
      if (url.startsWith('/api/backend/seals?')) {
        return jsonResponse(envelope({ list: [seal], total: 1, pageNo: 1, pageSize: 10 }));
      }
      if (url === '/api/backend/seals/S1' && method === 'GET') return jsonResponse(envelope(seal));
      if (url === '/api/backend/seals/S1/claim' && method === 'POST') {
        if (seal.state === 'submitted') seal = { ...seal, state: 'pendingApproval', reviewerName: 'Wei Zhang' };
        return jsonResponse(envelope(seal));
      }
      if (url === '/api/backend/seals/S1/reject') {
        const { reason } = JSON.parse(String(init.body)) as { reason: string };
        seal = { ...seal, state: 'rejected', rejectReason: reason, decidedAt: NOW, canDecide: false };
        return jsonResponse(envelope(seal));
      }
      if (url === '/api/backend/seals/S1/approve') {
        seal = {
          ...seal,
          state: 'effective',
          validFrom: NOW,
          validTo: '2028-11-20T09:00:00.000Z',
          decidedAt: NOW,
          certificateSerial: '7B21C4',
          canDecide: false,
        };
        return jsonResponse(envelope(seal));
      }
      return undefined;
    },
  });
  return { calls };
}

const posts = (calls: Call[], url: string) => calls.filter((call) => call.method === 'POST' && call.url === url);

async function rowOf(text: string): Promise<HTMLElement> {
  const cell = await screen.findByText(text, { selector: 'td *' }, { timeout: 15_000 });
  return cell.closest('tr') as HTMLElement;
}

/** What the list's row of the application says now (the list re-renders its rows when it reloads). */
function rowText(name: string): string {
  const cell = within(document.querySelector('tbody') as HTMLElement).getByText(name, { selector: 'td *' });
  return (cell.closest('tr') as HTMLElement).textContent ?? '';
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title, .ant-drawer-title' });
  let box: HTMLElement | null = heading;
  while (box && !box.querySelector('.ant-modal-footer, .ant-drawer-footer')) box = box.parentElement;
  if (!box) throw new Error(`no dialog titled ${title}`);
  return box;
}

async function openApplication(calls: Call[]) {
  const row = await rowOf('Contract seal');
  expect(within(row).getByText('Submitted')).toBeTruthy();
  expect(calls[0]?.url).toBe('/api/backend/seals?state=toReview&pageNo=1&pageSize=10');
  fireEvent.click(within(row).getByRole('button', { name: 'Review – seal “Contract seal” of Lakeside Bank' }));
  const drawer = await dialogTitled('Seal application: Contract seal');
  const detail = await within(drawer).findByTestId('seal-review');
  return { row, drawer, detail };
}

/** Opens the application and starts its review: it is pending approval, in the drawer and the row. */
async function startReview(calls: Call[]) {
  const opened = await openApplication(calls);
  fireEvent.click(within(opened.drawer).getByRole('button', { name: 'Start review' }));
  await waitFor(() => expect(posts(calls, '/api/backend/seals/S1/claim')).toHaveLength(1));
  expect(await within(opened.drawer).findByText('Pending approval')).toBeTruthy();
  await waitFor(() => expect(rowText('Contract seal')).toContain('Pending approval'));
  return opened;
}

describe('/backend/seals', () => {
  it('opens an application with every field and rejects it only with a reason', { timeout: 40_000 }, async () => {
    const { calls } = stubReviewApi();
    renderApp('/backend/seals');
    const { drawer, detail } = await openApplication(calls);

    for (const text of [
      'Lakeside Bank',
      'LKSBGB2L',
      'John Smith',
      'john.smith@lakeside.example',
      'SEAL-2026-000123',
      '24 months',
      'Signing trade-finance contracts on the portal',
      'London Branch',
      'authorization.pdf',
    ]) {
      expect(within(detail).getByText(text)).toBeTruthy();
    }
    expect(within(detail).getByRole('img', { name: 'Seal “Contract seal”' })).toBeTruthy();
    expect(within(detail).getByRole('link', { name: 'Open in a new tab' }).getAttribute('href')).toBe(
      '/api/backend/seals/S1/authorization',
    );
    // Opening only shows it: still submitted, nothing posted, only Start review offered.
    expect(within(drawer).getByText('Submitted')).toBeTruthy();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
    expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(drawer).queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(within(drawer).getByText(/Start the review to take this application on/)).toBeTruthy();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Start review' }));
    await waitFor(() => expect(posts(calls, '/api/backend/seals/S1/claim')).toHaveLength(1));
    expect(
      await screen.findByText('You are now reviewing the seal application “Contract seal” of Lakeside Bank.'),
    ).toBeTruthy();
    // Started: pending approval in the drawer and in the row, and the decisions are offered.
    expect(await within(drawer).findByText('Pending approval')).toBeTruthy();
    await waitFor(() => expect(rowText('Contract seal')).toContain('Pending approval'));
    expect(rowText('Contract seal')).not.toContain('Submitted');
    expect(within(drawer).queryByRole('button', { name: 'Start review' })).toBeNull();

    fireEvent.click(within(drawer).getByRole('button', { name: 'Reject' }));
    const dialog = await dialogTitled('Reject the seal application?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Reason for rejection is required.', {
        selector: '.ant-form-item-explain-error',
      }),
    ).toBeTruthy();
    expect(posts(calls, '/api/backend/seals/S1/reject')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason for rejection'), {
      target: { value: 'The authorization letter is not signed.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts(calls, '/api/backend/seals/S1/reject')).toHaveLength(1));
    expect(posts(calls, '/api/backend/seals/S1/reject')[0]!.body).toEqual({
      reason: 'The authorization letter is not signed.',
    });
    expect(
      await screen.findByText('The seal application “Contract seal” of Lakeside Bank has been rejected.'),
    ).toBeTruthy();
    // Decided: no more buttons, the reason shows, the row says so.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(within(drawer).getByText('The authorization letter is not signed.')).toBeTruthy();
    await waitFor(() => expect(rowText('Contract seal')).toContain('Rejected'));
    expect(rowText('Contract seal')).not.toContain('Pending approval');
  });

  it('approves an application after the confirmation', { timeout: 40_000 }, async () => {
    const { calls } = stubReviewApi();
    renderApp('/backend/seals');
    const { drawer } = await startReview(calls);

    // Turned back, the confirmation leaves the page and the focus goes back to Approve.
    const approve = within(drawer).getByRole('button', { name: 'Approve' });
    approve.focus();
    fireEvent.click(approve);
    const cancelled = await dialogTitled('Approve the seal application?');
    const back = within(cancelled).getByRole('button', { name: 'Back' });
    back.focus();
    fireEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Approve the seal application?' })).toBeNull());
    expect(document.activeElement).toBe(approve);

    fireEvent.click(approve);
    const dialog = await dialogTitled('Approve the seal application?');
    expect(within(dialog).getByText(/Its certificate is issued at once.*for 24 months from today/)).toBeTruthy();
    expect(posts(calls, '/api/backend/seals/S1/approve')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(posts(calls, '/api/backend/seals/S1/approve')).toHaveLength(1));
    expect(await screen.findByText('The seal “Contract seal” of Lakeside Bank has been approved.')).toBeTruthy();
    await waitFor(() => expect(within(drawer).getByText('7B21C4')).toBeTruthy());
    await waitFor(() => expect(rowText('Contract seal')).toContain('Effective'));
    expect(rowText('Contract seal')).not.toContain('Pending approval');
  });
});
