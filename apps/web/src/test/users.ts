/** Signed-in users the web tests render pages for. */
import type { TUserInfo } from '@portal/shared/schemas/accounts';

/** A member of the bank's staff (role 50): the back office's user. */
export const STAFF_USER: TUserInfo = {
  lgcSn: 'S1',
  usrNm: 'Wei Zhang',
  emailAdr: 'wei.zhang@bank.example',
  rlTpcd: ['50'],
  nfrcModPswdInd: '0',
  agrInd: '1',
  cplInd: '0',
  actvtInd: '1',
  instNm: 'Global Cooperation Bank',
  locale: 'en-US',
  reviewNote: null,
};

/** A member bank's user (role 10), Amy Chan; `overrides` for the field a test is about. */
export function memberUser(overrides: Partial<TUserInfo> = {}): TUserInfo {
  return {
    lgcSn: 'U1',
    usrNm: 'Amy Chan',
    emailAdr: 'amy.chan@harbourview.example',
    rlTpcd: ['10'],
    nfrcModPswdInd: '0',
    agrInd: '1',
    cplInd: '0',
    actvtInd: '1',
    instNm: 'Harbourview Commercial Bank',
    locale: 'en-US',
    reviewNote: null,
    ...overrides,
  };
}

export const MEMBER_USER = memberUser();
