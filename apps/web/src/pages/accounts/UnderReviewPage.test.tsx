import type { TApplicationStatus } from '@portal/shared/schemas/accounts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

/** A visitor (no session) whose browser registered `application` (null: none registered here). */
function visitorWith(application: TApplicationStatus | null) {
  const calls: string[] = [];
  stubPortalApi({
    respond: (url) => {
      if (url === '/api/user/p1/applicationStatus') {
        calls.push(url);
        return jsonResponse(envelope(application));
      }
      return undefined;
    },
  });
  return calls;
}

const application = (overrides: Partial<TApplicationStatus> = {}): TApplicationStatus => ({
  actvtInd: '5',
  usrNm: 'Rita Costa',
  instNm: 'Lusitania Trade Bank',
  reviewNote: null,
  submittedAt: '2026-11-24T14:24:00.000Z',
  ...overrides,
});

describe('/UnderReview for a visitor', () => {
  it('shows the application registered in this browser as under review, without a log-in', async () => {
    const calls = visitorWith(application());
    renderApp('/UnderReview');
    const status = await screen.findByTestId('application-status', {}, { timeout: 15_000 });
    expect(calls).toEqual(['/api/user/p1/applicationStatus']);
    expect(within(status).getByText('Under review')).toBeTruthy();
    expect(within(status).getByText('Rita Costa')).toBeTruthy();
    expect(within(status).getByText('Lusitania Trade Bank')).toBeTruthy();
    expect(within(status).getByText(/^2026-11-2[45] \d{2}:\d{2} UTC/)).toBeTruthy();
    expect(within(status).getByText(/Your application is under review/)).toBeTruthy();
    expect(within(status).queryByRole('button', { name: /Log in/ })).toBeNull();
    expect(screen.queryByText('Log in to see the status of your application')).toBeNull();
  });

  it('once approved, offers to log in now', async () => {
    visitorWith(application({ actvtInd: '1' }));
    renderApp('/UnderReview');
    const status = await screen.findByTestId('application-status', {}, { timeout: 15_000 });
    expect(within(status).getByText('Approved')).toBeTruthy();
    fireEvent.click(within(status).getByRole('button', { name: 'Log in now' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeTruthy();
  });

  it('when rejected, gives the reason and the way to correct it', async () => {
    visitorWith(application({ actvtInd: '7', reviewNote: 'The SWIFT code does not match the institution.' }));
    renderApp('/UnderReview');
    const status = await screen.findByTestId('application-status', {}, { timeout: 15_000 });
    expect(within(status).getByText('Rejected')).toBeTruthy();
    expect(within(status).getByTestId('review-note').textContent).toBe(
      'The SWIFT code does not match the institution.',
    );
    expect(within(status).getByRole('button', { name: 'Log in to update my application' })).toBeTruthy();
  });

  it('asks a visitor whose browser registered nothing to log in, as before', async () => {
    visitorWith(null);
    renderApp('/UnderReview');
    expect(
      await screen.findByText('Log in to see the status of your application', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByTestId('application-status')).toBeNull();
  });
});
