import type { TProfile } from '@portal/shared/schemas/accounts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, stubPortalApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { MEMBER_USER } from '../../test/users.ts';

const user = MEMBER_USER;

const profile: TProfile = {
  instNm: 'Harbourview Commercial Bank',
  instSwiftCode: 'HVCBHKHH',
  usrNm: 'Amy Chan',
  phone: '+852 3900 1200',
  jobTitle: 'Dealer',
  userRole: 'general',
  releaseInfoTypes: ['TRADE_FINANCE'],
  branchType: 'headOffice',
  branchName: '',
  branchRegistrationPlace: '',
  branchSwiftCode: '',
  department: '',
  headOfficeEmployee: false,
  officeAddress: '88 Queensway, Hong Kong',
  continent: 'ASIA',
  country: 'HK',
  usualContactBranches: [],
  mainContactBranch: '',
  actingOnBehalf: false,
  actingForInstitution: '',
  businessScope: '',
  introAttachments: [],
  interestedTypes: ['FORFAITING'],
};

describe('/userCenter/userInfo of an active account', () => {
  it('shows the bank-managed fields read-only, says why, and sends them back unchanged', {
    timeout: 60_000,
  }, async () => {
    const saved: unknown[] = [];
    stubPortalApi({
      user,
      respond: (url, init) => {
        if (url === '/api/user/p1/accountInfo') return jsonResponse(envelope({ user, profile, attachments: [] }));
        if (url === '/api/user/p1/updateUserInfo') {
          saved.push(JSON.parse(String(init.body)));
          return jsonResponse(envelope(user));
        }
        return undefined;
      },
    });
    renderApp('/userCenter/userInfo');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }, { timeout: 10_000 }));
    expect(await screen.findByText(/change only through the Bank/)).toBeTruthy();
    expect(screen.getByText(/To move to another institution, register again/)).toBeTruthy();
    const institution = screen.getByLabelText('Institution name') as HTMLInputElement;
    expect(institution.disabled).toBe(true);
    expect((screen.getByLabelText('Institution SWIFT code') as HTMLInputElement).disabled).toBe(true);
    const jobTitle = screen.getByLabelText('Job title') as HTMLInputElement;
    expect(jobTitle.disabled).toBe(false);

    fireEvent.change(jobTitle, { target: { value: 'Head of Dealing' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 10_000 });
    expect(saved[0]).toEqual({ profile: { ...profile, jobTitle: 'Head of Dealing' } });
  });
});
