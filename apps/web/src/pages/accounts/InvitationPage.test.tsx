import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { invitationProblem } from './InvitationPage.tsx';

const TOKEN = 'tok_0123456789abcdefghij';

function stubInvitation(answer: () => Response) {
  return stubPortalApi({
    respond: (url) => (url.startsWith('/api/user/p1/invitation?') ? answer() : undefined),
  });
}

describe('invitationProblem', () => {
  const error = (code: string) => new ApiError({ code, message: code, status: 400 });

  it('tells a used or expired link from an accepted one and from a failure', () => {
    expect(invitationProblem(error('PRT_INVITATION_INVALID'), TOKEN)).toBe('invalid');
    expect(invitationProblem(error('PRT_USER_ALREADY_ACTIVATED'), TOKEN)).toBe('activated');
    expect(invitationProblem(error('CLIENT_NETWORK'), TOKEN)).toBe('failed');
  });

  it('calls a missing or truncated token invalid without asking the server', () => {
    expect(invitationProblem(null, '')).toBe('invalid');
    expect(invitationProblem(null, 'abc')).toBe('invalid');
  });
});

describe('/invitation', () => {
  it('shows who is invited to which institution, then the password form', async () => {
    stubInvitation(() =>
      jsonResponse(
        envelope({
          emailAdr: 'nina.tan@harbourview.example',
          usrNm: 'Nina Tan',
          instNm: 'Harbourview Commercial Bank',
        }),
      ),
    );
    renderApp(`/invitation?token=${TOKEN}`);
    expect(await screen.findByText('Nina Tan', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Harbourview Commercial Bank')).toBeTruthy();
    expect(screen.getByLabelText(/New password/)).toBeTruthy();
    const agreement = screen.getByRole('checkbox').closest('label') as HTMLElement;
    expect(within(agreement).getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe('/agreement/0');
    expect(screen.getByRole('button', { name: 'Activate account' })).toBeTruthy();
  });

  it('explains an invalid link and offers a way home, without an error toast', async () => {
    const fetchMock = stubInvitation(() =>
      jsonResponse(envelope(null, 'PRT_INVITATION_INVALID', 'The invitation link is invalid or has expired.'), 400),
    );
    renderApp(`/invitation?token=${TOKEN}`);
    expect(await screen.findByText('This invitation link cannot be used', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText('The invitation link is invalid or has expired.')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes(`token=${TOKEN}`))).toBe(true);
  });

  it('says so at once when the address carries no token', async () => {
    const fetchMock = stubInvitation(() => jsonResponse(envelope(null)));
    renderApp('/invitation');
    expect(await screen.findByText('This invitation link cannot be used', {}, { timeout: 5000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/user/p1/invitation'))).toBe(false);
  });
});
