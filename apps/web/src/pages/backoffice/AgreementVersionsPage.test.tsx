import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { STAFF_USER } from '../../test/users.ts';

describe('/backend/agreementVersions', { timeout: 40_000 }, () => {
  it('shows the version in force and publishes a new one after the confirmation', async () => {
    const posts: unknown[] = [];
    let current = { version: '1.0', effectiveDate: '2026-03-01', publishedAt: '2026-03-01T00:00:00.000Z' };
    stubPortalApi({
      user: STAFF_USER,
      respond: (url, init) => {
        if (url === '/api/user/p1/agreement/version') return jsonResponse(envelope(current));
        if (url === '/api/backend/agreements/publish' && init.method === 'POST') {
          const body = JSON.parse(String(init.body));
          posts.push(body);
          current = { ...body, publishedAt: '2026-11-27T00:00:00.000Z' };
          return jsonResponse(envelope(current));
        }
        return undefined;
      },
    });
    renderApp('/backend/agreementVersions');
    expect(await screen.findByText('Version 1.0, effective from 2026-03-01', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New version'), { target: { value: '2.0' } });
    // antd's date picker: the typed day is taken with Enter, as a keyboard user does.
    const day = screen.getByLabelText('Effective from');
    fireEvent.mouseDown(day);
    fireEvent.focus(day);
    fireEvent.change(day, { target: { value: '2026-12-01' } });
    fireEvent.keyDown(day, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Publish version 2.0?');
    expect(posts).toEqual([]);
    const buttons = await screen.findAllByRole('button', { name: 'Publish' });
    fireEvent.click(buttons[buttons.length - 1]!);
    await waitFor(() => expect(posts).toEqual([{ version: '2.0', effectiveDate: '2026-12-01' }]));
    expect(
      await screen.findByText('Version 2.0 has been published; every account is asked to accept it.'),
    ).toBeTruthy();
    expect(await screen.findByText('Version 2.0, effective from 2026-12-01')).toBeTruthy();
  });
});
