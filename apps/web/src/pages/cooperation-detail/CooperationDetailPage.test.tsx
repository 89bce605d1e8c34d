import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OpportunityDetail } from '../../features/cooperation/cooperation-api.ts';
import { intention, opportunity, opportunityDetail, signedInUser } from '../../features/cooperation/test-fixtures.ts';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

type Posted = { url: string; body: unknown };

function stubDetailApi(detail: OpportunityDetail | null) {
  const posts: Posted[] = [];
  stubPortalApi({
    user: signedInUser(),
    respond: (url, init) => {
      if (init.method === 'POST' && url.startsWith('/api/bthw/')) {
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
        return jsonResponse(envelope(null));
      }
      if (url.startsWith('/api/bthw/detail/')) {
        return detail
          ? jsonResponse(envelope(detail))
          : jsonResponse(envelope(null, 'PRT_NOT_FOUND', 'Not found'), 404);
      }
      return undefined;
    },
  });
  return posts;
}

const TITLE = 'Forfaiting of a Vietcombank usance L/C';
const findTitle = () => screen.findByRole('heading', { level: 1, name: TITLE }, { timeout: 15_000 });

describe('/cooperationDetail', () => {
  it('shows the sections of the request with codes as names', { timeout: 60_000 }, async () => {
    stubDetailApi(opportunityDetail());
    renderApp('/cooperationDetail?lgcSn=R1');
    await findTitle();
    const lc = screen.getByRole('region', { name: 'Letter of credit information' });
    expect(within(lc).getByText('Vietcombank')).toBeTruthy();
    expect(within(lc).getByText('BFTVVNVX')).toBeTruthy();
    const cooperation = screen.getByRole('region', { name: 'Cooperation information' });
    expect(within(cooperation).getByText('USD 5,000,000.00')).toBeTruthy();
    expect(within(cooperation).getAllByText('180 days')).toHaveLength(2);
    expect(within(cooperation).getByText('BAFT MPA 2018')).toBeTruthy();
    expect(within(cooperation).getByText('No limit')).toBeTruthy();
    expect(screen.getByText('eva.gruber@danube.example').getAttribute('href')).toBe('mailto:eva.gruber@danube.example');
    expect(screen.getByText('Silent participation welcome.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send cooperation intention' })).toBeTruthy();
  });

  it('hides Send intention on a request of the reader’s own institution, saying why', { timeout: 40_000 }, async () => {
    stubDetailApi(
      opportunityDetail({
        item: opportunity({ isMine: true, instNm: 'Harbourview Commercial Bank' }),
        canSendIntention: false,
        canEdit: false,
      }),
    );
    renderApp('/cooperationDetail?lgcSn=R1');
    await findTitle();
    expect(screen.queryByRole('button', { name: /Send cooperation intention/ })).toBeNull();
    expect(screen.getByText('Published by your institution: you cannot send an intention to it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Follow/ })).toBeNull();
  });

  it('says why an intention cannot be sent twice', { timeout: 40_000 }, async () => {
    stubDetailApi(
      opportunityDetail({
        item: opportunity({ intentionStatus: 'pending' }),
        canSendIntention: false,
        myIntention: intention({ senderInstitution: 'Harbourview Commercial Bank', canAnswer: false }),
      }),
    );
    renderApp('/cooperationDetail?lgcSn=R1');
    await findTitle();
    const send = screen.getByRole('button', { name: /Send cooperation intention: Your institution has already sent/ });
    expect(send.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('region', { name: "Your institution's intention" })).toBeTruthy();
  });

  it('validates the intention message before sending it', { timeout: 40_000 }, async () => {
    const posts = stubDetailApi(opportunityDetail());
    renderApp('/cooperationDetail?lgcSn=R1');
    await findTitle();
    fireEvent.click(screen.getByRole('button', { name: 'Send cooperation intention' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send intention' }));
    await waitFor(() => expect(dialog.querySelector('.ant-form-item-explain-error')?.textContent).toMatch(/required/i));
    expect(posts).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Message to the publisher'), {
      target: { value: '  We can take USD 2 million.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send intention' }));
    await waitFor(() =>
      expect(posts).toEqual([
        { url: '/api/bthw/SendBthw', body: { requestLgcSn: 'R1', message: 'We can take USD 2 million.' } },
      ]),
    );
  });

  it('asks for a confirmation before agreeing to an intention', { timeout: 40_000 }, async () => {
    const posts = stubDetailApi(
      opportunityDetail({
        item: opportunity({ isMine: true }),
        canSendIntention: false,
        canEdit: true,
        owner: { pushedCount: 12, intentionCount: 1, agreedCount: 0, intentions: [intention()] },
      }),
    );
    renderApp('/cooperationDetail?lgcSn=R1');
    await findTitle();
    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/publishInfo?edit=R1');
    fireEvent.click(screen.getByRole('button', { name: 'Agree to the intention of Nordic Harbour Bank' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Agree to the intention of Nordic Harbour Bank?')).toBeTruthy();
    expect(within(dialog).getByText('Your answer cannot be changed afterwards.')).toBeTruthy();
    expect(posts).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Agree' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/api/bthw/agreeOrRefuse', body: { intentionLgcSn: 'I1', decision: 'agree' } }]),
    );
  });

  it('explains a request that does not exist, with the way back', { timeout: 40_000 }, async () => {
    stubDetailApi(null);
    renderApp('/cooperationDetail?lgcSn=NOPE');
    expect(
      await screen.findByText(
        'This cooperation request does not exist or is no longer available.',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Business Opportunities' }).getAttribute('href')).toBe('/release');
  });
});
