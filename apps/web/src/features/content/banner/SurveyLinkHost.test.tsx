import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { envelope, jsonResponse, stubFetch, stubManualFetch } from '../../../test/fetch-mock.ts';
import { SurveyLinkHost } from './SurveyLinkHost.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <SurveyLinkHost /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('e-mailed survey link', () => {
  it('checks the address behind the security loader, drops the parameters and opens the questionnaire', async () => {
    const { calls } = stubManualFetch();
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: null } as Window);
    const router = renderAt('/home?emailAdr=anna%40partner-bank.example&lgcSn=Q-7&tab=1');

    expect(await screen.findByRole('alertdialog', { name: 'Security authentication' })).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe('/api/qtn/checkEmail');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ lgcSn: 'Q-7', emailAdr: 'anna@partner-bank.example' });
    calls[0]?.resolve(jsonResponse(envelope({ lgcSn: 'Q-7', qtnLnkAdr: 'https://survey.example.com/q?param=ENC' })));

    await waitFor(() => expect(open).toHaveBeenCalledWith('https://survey.example.com/q?param=ENC', '_blank'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.search).toBe('?tab=1');
  });

  it('does nothing without both parameters', async () => {
    const fetchMock = stubFetch(() => jsonResponse(envelope(null)));
    renderAt('/home?lgcSn=Q-7');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('removes the loader and opens nothing when the link does not check out', async () => {
    stubFetch(() => jsonResponse(envelope(null, 'PRT_FORBIDDEN', 'Not allowed'), 403));
    const open = vi.spyOn(window, 'open');
    renderAt('/home?emailAdr=x%40y.example&lgcSn=Q-7');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });
});
