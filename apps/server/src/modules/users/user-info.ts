import type { TUserInfo } from '@portal/shared/schemas/accounts';
import type { SessionUser } from '../../platform/session.ts';

/** What the browser may know about its user (SPEC §3 "User info"); nothing else leaves. */
export function toUserInfo(user: SessionUser, institutionName: string | null): TUserInfo {
  return {
    lgcSn: user.lgcSn,
    usrNm: user.name,
    emailAdr: user.email,
    rlTpcd: user.roleCodes,
    nfrcModPswdInd: user.forcePasswordChange ? '1' : '0',
    agrInd: user.agreementAccepted ? '1' : '0',
    cplInd: user.profileComplete ? '0' : '1',
    actvtInd: user.activation,
    instNm: institutionName,
    locale: user.locale === 'zh-CN' ? 'zh-CN' : 'en-US',
    reviewNote: user.reviewNote,
  };
}
