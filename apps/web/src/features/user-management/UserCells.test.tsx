import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountStatusCell } from './UserCells.tsx';

describe('AccountStatusCell', () => {
  it('marks a stopped account with the error colour and an active one with success', () => {
    const stopped = render(
      <AccountStatusCell
        user={{ status: 'stopped', stoppedReason: 'Left', invitationPending: false, institutionStopped: false }}
      />,
    );
    const active = render(
      <AccountStatusCell
        user={{ status: 'active', stoppedReason: null, invitationPending: false, institutionStopped: false }}
      />,
    );
    expect(stopped.container.querySelector('.ant-tag')?.className).toMatch(/\bant-tag-error\b/);
    expect(active.container.querySelector('.ant-tag')?.className).toMatch(/\bant-tag-success\b/);
    expect(stopped.getByText('Left')).toBeTruthy();
  });

  it('tells when the account’s institution is stopped', () => {
    const view = render(
      <AccountStatusCell
        user={{ status: 'active', stoppedReason: null, invitationPending: false, institutionStopped: true }}
      />,
    );
    expect(view.container.querySelector('.ant-tag-warning')?.textContent).toBe('Institution stopped');
  });
});
