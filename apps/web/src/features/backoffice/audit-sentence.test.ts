import { AUDIT_ACTIONS, type Locale } from '@portal/shared';
import { texts } from '@portal/shared/i18n/namespaces/backoffice';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { type AuditDetail, describeAudit, type Translate } from './audit-sentence.ts';
import type { AuditEntry } from './backoffice-api.ts';

const i18n = i18next.createInstance();
await i18n.init({
  resources: { 'en-US': texts['en-US'], 'zh-CN': texts['zh-CN'] },
  lng: 'en-US',
  fallbackLng: false,
  ns: ['backoffice'],
  defaultNS: 'backoffice',
  interpolation: { escapeValue: false },
  returnNull: false,
});
const translator = (locale: Locale): Translate => i18n.getFixedT(locale, 'backoffice') as unknown as Translate;

function entry(over: Partial<AuditEntry>): AuditEntry {
  return {
    id: 1,
    at: '2026-11-26T09:00:00.000Z',
    actorEmail: 'sam@bank.example',
    action: 'auth.login',
    targetType: 'user',
    targetId: 'u-1',
    detail: {},
    ip: '203.0.113.5',
    targetName: null,
    targetInstitution: null,
    ...over,
  };
}

const tess = { targetType: 'user', targetName: 'Tess Lee', targetInstitution: 'Harbour Bank' } as const;
const request = { targetType: 'cooperation', targetName: 'Green loan', targetInstitution: 'Harbour Bank' } as const;
const seal = { targetType: 'seal', targetName: 'Contract seal', targetInstitution: 'Harbour Bank' } as const;
const fingerprint = 'a'.repeat(64);

type Row = {
  action: string;
  entry: Partial<AuditEntry>;
  en: string;
  zh: string;
  /** Details as `label: value`, in order. */
  enDetails?: string[];
  zhDetails?: string[];
};

/** One row per action the server records (AUDIT_ACTIONS); a few actions more than once, by a detail. */
const ROWS: Row[] = [
  { action: AUDIT_ACTIONS.login, entry: tess, en: 'Logged in', zh: '登录门户' },
  {
    action: AUDIT_ACTIONS.loginFailed,
    entry: { ...tess, detail: { failures: 2 } },
    en: 'Failed to log in',
    zh: '登录失败',
    enDetails: ['Failed attempts in a row: 2'],
    zhDetails: ['连续失败次数: 2'],
  },
  {
    action: AUDIT_ACTIONS.loginFailed,
    entry: { targetType: 'user', detail: { failures: 1, unknownAddress: true } },
    en: 'Failed to log in with an e-mail address that has no account',
    zh: '使用未注册的邮箱地址登录失败',
    enDetails: ['Failed attempts in a row: 1'],
  },
  {
    action: AUDIT_ACTIONS.locked,
    entry: { ...tess, detail: { failures: 5 } },
    en: 'Account locked after 5 failed log-ins in a row',
    zh: '连续 5 次登录失败，账户已锁定',
    enDetails: [],
  },
  { action: AUDIT_ACTIONS.logout, entry: tess, en: 'Logged out', zh: '退出登录' },
  {
    action: AUDIT_ACTIONS.passwordChanged,
    entry: { ...tess, detail: { forced: false } },
    en: 'Changed the password',
    zh: '修改了密码',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.passwordChanged,
    entry: { ...tess, detail: { forced: true } },
    en: 'Changed the password, as required at log-in',
    zh: '按登录要求修改了密码',
  },
  {
    action: AUDIT_ACTIONS.passwordReset,
    entry: tess,
    en: 'Reset the password with an e-mail code',
    zh: '通过邮箱验证码重置了密码',
  },
  {
    action: AUDIT_ACTIONS.registered,
    entry: { ...tess, detail: { institution: 'Harbour Bank', swift: 'HARBHKHH' } },
    en: 'Submitted a registration for Harbour Bank',
    zh: '提交了Harbour Bank的注册申请',
    enDetails: ['SWIFT code: HARBHKHH'],
    zhDetails: ['SWIFT 代码: HARBHKHH'],
  },
  {
    action: AUDIT_ACTIONS.resubmitted,
    entry: { ...tess, detail: { institution: 'Harbour Bank', swift: 'HARBHKHH' } },
    en: 'Resubmitted the registration for Harbour Bank',
    zh: '重新提交了Harbour Bank的注册申请',
  },
  {
    action: AUDIT_ACTIONS.approved,
    entry: { ...tess, detail: { email: 'tess@harbour.example' } },
    en: 'Approved the registration of Tess Lee (Harbour Bank)',
    zh: '批准了Tess Lee（Harbour Bank）的注册申请',
    enDetails: ['E-mail: tess@harbour.example'],
    zhDetails: ['电子邮箱: tess@harbour.example'],
  },
  {
    action: AUDIT_ACTIONS.approved,
    // An entry written before notes were left out when empty: "note: null" is not shown.
    entry: { ...tess, detail: { note: null, email: 'tess@harbour.example' } },
    en: 'Approved the registration of Tess Lee (Harbour Bank)',
    zh: '批准了Tess Lee（Harbour Bank）的注册申请',
    enDetails: ['E-mail: tess@harbour.example'],
  },
  {
    action: AUDIT_ACTIONS.rejected,
    entry: { ...tess, detail: { email: 'tess@harbour.example', note: 'SWIFT code does not match' } },
    en: 'Rejected the registration of Tess Lee (Harbour Bank)',
    zh: '驳回了Tess Lee（Harbour Bank）的注册申请',
    enDetails: ['E-mail: tess@harbour.example', 'Note: SWIFT code does not match'],
    zhDetails: ['电子邮箱: tess@harbour.example', '备注: SWIFT code does not match'],
  },
  {
    action: AUDIT_ACTIONS.supplement,
    entry: { ...tess, detail: { email: 'tess@harbour.example', note: 'Add the licence' } },
    en: 'Asked Tess Lee (Harbour Bank) for more information on the registration',
    zh: '要求Tess Lee（Harbour Bank）补充注册信息',
  },
  {
    action: AUDIT_ACTIONS.stopped,
    entry: { ...tess, detail: { email: 'tess@harbour.example', reason: 'Left the bank' } },
    en: 'Stopped the account of Tess Lee (Harbour Bank)',
    zh: '停用了Tess Lee（Harbour Bank）的账户',
    enDetails: ['E-mail: tess@harbour.example', 'Reason: Left the bank'],
    zhDetails: ['电子邮箱: tess@harbour.example', '原因: Left the bank'],
  },
  {
    action: AUDIT_ACTIONS.enabled,
    entry: { ...tess, detail: { email: 'tess@harbour.example' } },
    en: 'Re-enabled the account of Tess Lee (Harbour Bank)',
    zh: '重新启用了Tess Lee（Harbour Bank）的账户',
  },
  {
    action: AUDIT_ACTIONS.passwordChangeRequired,
    entry: { ...tess, detail: { email: 'tess@harbour.example' } },
    en: 'Required Tess Lee (Harbour Bank) to choose a new password at the next log-in',
    zh: '要求Tess Lee（Harbour Bank）在下次登录时设置新密码',
  },
  {
    action: AUDIT_ACTIONS.agreementPublished,
    entry: {
      targetType: 'agreement',
      targetId: '2.0',
      detail: { name: '2.0', effectiveDate: '2026-12-01', accounts: 42 },
    },
    en: 'Published version 2.0 of the user agreement and personal-information policy',
    zh: '发布了用户协议和个人信息保护政策的2.0版本',
    enDetails: ['Effective from: 2026-12-01', 'Accounts asked to accept: 42'],
    zhDetails: ['生效日期: 2026-12-01', '需重新同意的账户数: 42'],
  },
  {
    action: AUDIT_ACTIONS.dormantStopped,
    entry: {
      ...tess,
      actorEmail: null,
      detail: { email: 'tess@harbour.example', lastUsedAt: '2024-11-01T00:00:00.000Z', warnedAt: null },
    },
    en: 'Stopped the account of Tess Lee (Harbour Bank): not used for 24 months',
    zh: 'Tess Lee（Harbour Bank）的账户连续 24 个月未使用，已停用',
  },
  {
    action: AUDIT_ACTIONS.institutionStopped,
    entry: {
      targetType: 'institution',
      targetName: 'Harbour Bank',
      detail: { name: 'Harbour Bank', reason: 'Licence' },
    },
    en: 'Stopped the institution Harbour Bank',
    zh: '停用了机构Harbour Bank',
    enDetails: ['Name: Harbour Bank', 'Reason: Licence'],
  },
  {
    action: AUDIT_ACTIONS.institutionEnabled,
    entry: { targetType: 'institution', targetName: 'Harbour Bank', detail: { name: 'Harbour Bank' } },
    en: 'Re-enabled the institution Harbour Bank',
    zh: '重新启用了机构Harbour Bank',
  },
  {
    action: AUDIT_ACTIONS.invited,
    entry: { ...tess, detail: { email: 'new@harbour.example', institution: 'Harbour Bank' } },
    en: 'Invited new@harbour.example to join Harbour Bank',
    zh: '邀请 new@harbour.example 加入Harbour Bank',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.invited,
    entry: {
      targetType: 'user',
      actorEmail: null,
      detail: {
        email: 'admin@bank.example',
        institution: 'Global Bank',
        roles: ['50', '99'],
        via: 'INITIAL_ADMIN_EMAIL',
        again: true,
      },
    },
    en: 'Invited admin@bank.example as the initial system administrator',
    zh: '邀请 admin@bank.example 担任初始系统管理员',
    enDetails: ['Invitation sent again: Yes'],
    zhDetails: ['重新发送邀请: 是'],
  },
  {
    action: AUDIT_ACTIONS.deleted,
    // The account is gone: the entry's e-mail names it.
    entry: { targetType: 'user', detail: { email: 'gone@harbour.example' } },
    en: 'Deleted the account of gone@harbour.example',
    zh: '删除了gone@harbour.example的账户',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.rolesChanged,
    entry: {
      ...tess,
      detail: { email: 'tess@harbour.example', rolesBefore: ['10'], roles: ['50'], mainContactBranch: 'OS_HONG_KONG' },
    },
    en: 'Changed the roles of Tess Lee (Harbour Bank)',
    zh: '变更了Tess Lee（Harbour Bank）的角色',
    enDetails: [
      'E-mail: tess@harbour.example',
      'Roles before: General user',
      'Roles: Bank staff',
      'Branch served: Hong Kong Branch',
    ],
    zhDetails: ['电子邮箱: tess@harbour.example', '原角色: 普通用户', '角色: 银行工作人员', '所属分行: 香港分行'],
  },
  {
    action: AUDIT_ACTIONS.updated,
    entry: { ...tess, detail: { email: 'tess@harbour.example' } },
    en: 'Updated the account details of Tess Lee (Harbour Bank)',
    zh: '更新了Tess Lee（Harbour Bank）的账户信息',
  },
  {
    action: AUDIT_ACTIONS.updated,
    entry: { ...tess, detail: { invitation: 'accepted' } },
    en: 'Accepted the invitation and activated the account of Tess Lee (Harbour Bank)',
    zh: '接受邀请并激活了Tess Lee（Harbour Bank）的账户',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.requestPublished,
    entry: { ...request, detail: { name: 'Green loan', subTypeCode: 'DIRECT_EXPORT_FACTORING' } },
    en: 'Published the cooperation request “Green loan”',
    zh: '发布了合作需求“Green loan”',
    enDetails: ['Project type: Direct export factoring', 'Institution: Harbour Bank'],
    zhDetails: ['项目类型: 直接出口保理', '机构: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.requestUpdated,
    entry: request,
    en: 'Edited the cooperation request “Green loan”',
    zh: '修改了合作需求“Green loan”',
  },
  {
    action: AUDIT_ACTIONS.requestWithdrawn,
    entry: request,
    en: 'Withdrew the cooperation request “Green loan”',
    zh: '撤回了合作需求“Green loan”',
  },
  {
    action: AUDIT_ACTIONS.requestTakenDown,
    entry: { ...request, detail: { name: 'Green loan', reason: 'Misleading terms' } },
    en: 'Took down the cooperation request “Green loan”',
    zh: '下架了合作需求“Green loan”',
    enDetails: ['Reason: Misleading terms', 'Institution: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.masterAgreementSubmitted,
    entry: {
      targetType: 'masterAgreement',
      targetInstitution: 'Harbour Bank',
      detail: { subTypeCode: 'DIRECT_EXPORT_FACTORING' },
    },
    en: 'Submitted a master agreement intention for Direct export factoring',
    zh: '提交了直接出口保理业务的主协议签约意向',
    enDetails: ['Institution: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.masterAgreementSigned,
    entry: {
      targetType: 'masterAgreement',
      targetInstitution: 'Harbour Bank',
      detail: { institutionId: 7, subTypeCode: 'DIRECT_EXPORT_FACTORING' },
    },
    en: 'Marked the master agreement of Harbour Bank for Direct export factoring as signed',
    zh: '将Harbour Bank的直接出口保理业务主协议标记为已签署',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.intentionSent,
    entry: { targetType: 'intention', targetName: 'Green loan', detail: { request: 'r-1' } },
    en: 'Sent a cooperation intention on “Green loan”',
    zh: '就合作需求“Green loan”发送了合作意向',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.intentionAnswered,
    entry: { targetType: 'intention', targetName: 'Green loan', detail: { request: 'r-1', decision: 'agreed' } },
    en: 'Agreed to a cooperation intention on “Green loan”',
    zh: '同意了关于合作需求“Green loan”的合作意向',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.intentionAnswered,
    entry: { targetType: 'intention', targetName: 'Green loan', detail: { request: 'r-1', decision: 'rejected' } },
    en: 'Declined a cooperation intention on “Green loan”',
    zh: '拒绝了关于合作需求“Green loan”的合作意向',
  },
  {
    action: AUDIT_ACTIONS.manualPush,
    entry: { ...request, targetType: 'request', detail: { institutions: ['i-1', 'i-2', 'i-3'] } },
    en: 'Pushed “Green loan” to 3 institutions',
    zh: '将合作需求“Green loan”推送给 3 家机构',
    enDetails: ['Institution: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.manualPush,
    entry: { ...request, targetType: 'request', detail: { institutions: ['i-1'] } },
    en: 'Pushed “Green loan” to 1 institution',
    zh: '将合作需求“Green loan”推送给 1 家机构',
  },
  {
    action: AUDIT_ACTIONS.sealApplied,
    entry: { ...seal, detail: { sealName: 'Contract seal', approverBranch: 'HK' } },
    en: 'Applied for the seal “Contract seal”',
    zh: '申请了印章“Contract seal”',
  },
  {
    action: AUDIT_ACTIONS.sealApproved,
    entry: { ...seal, detail: { sealNo: 'SEAL-2026-0001' } },
    en: 'Approved the seal application SEAL-2026-0001',
    zh: '批准了印章申请 SEAL-2026-0001',
    enDetails: ['Institution: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.sealRejected,
    entry: { ...seal, detail: { sealNo: 'SEAL-2026-0001', reason: 'Image unclear' } },
    en: 'Rejected the seal application SEAL-2026-0001',
    zh: '驳回了印章申请 SEAL-2026-0001',
    enDetails: ['Reason: Image unclear', 'Institution: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.sealCancelled,
    entry: { ...seal, detail: { sealNo: 'SEAL-2026-0001', certificateSerial: '0A1B2C' } },
    en: 'Cancelled the seal SEAL-2026-0001',
    zh: '注销了印章 SEAL-2026-0001',
    enDetails: ['Certificate serial number: 0A1B2C', 'Institution: Harbour Bank'],
    zhDetails: ['证书序列号: 0A1B2C', '机构: Harbour Bank'],
  },
  {
    action: AUDIT_ACTIONS.sealExpired,
    entry: { ...seal, actorEmail: null, detail: { sealNo: 'SEAL-2026-0001' } },
    en: 'The seal SEAL-2026-0001 expired',
    zh: '印章 SEAL-2026-0001 已过期',
  },
  {
    action: AUDIT_ACTIONS.contractUploaded,
    entry: { targetType: 'contract', detail: { intention: 'n-1', sha256: fingerprint } },
    en: 'Uploaded a contract for signing',
    zh: '上传了待签署的合同',
    enDetails: ['File fingerprint (SHA-256): aaaaaaaaaaaa…'],
    zhDetails: ['文件指纹（SHA-256）: aaaaaaaaaaaa…'],
  },
  {
    action: AUDIT_ACTIONS.contractDeleted,
    entry: { targetType: 'contract', detail: { intention: 'n-1' } },
    en: 'Deleted an unconfirmed contract',
    zh: '删除了未确认的合同',
    enDetails: [],
  },
  {
    action: AUDIT_ACTIONS.contractConfirmed,
    entry: { targetType: 'contract', detail: { intention: 'n-1', sha256: fingerprint } },
    en: 'Confirmed the contract',
    zh: '确认了合同',
  },
  {
    action: AUDIT_ACTIONS.contractSigned,
    entry: {
      targetType: 'contract',
      detail: { intention: 'n-1', seals: ['SEAL-1', 'SEAL-2'], sha256Before: fingerprint, sha256After: fingerprint },
    },
    en: 'Signed the contract with the seals SEAL-1, SEAL-2',
    zh: '使用印章 SEAL-1、SEAL-2 签署了合同',
    enDetails: ['Fingerprint before signing: aaaaaaaaaaaa…', 'Fingerprint after signing: aaaaaaaaaaaa…'],
  },
];

const asText = (details: AuditDetail[]) => details.map((d) => `${d.label}: ${d.value}`);

describe('describeAudit', () => {
  it('has a row for every action the server records', () => {
    const covered = new Set(ROWS.map((row) => row.action));
    expect(Object.values(AUDIT_ACTIONS).filter((action) => !covered.has(action))).toEqual([]);
  });

  it.each(ROWS.flatMap((row) => [['en-US', row] as const, ['zh-CN', row] as const]))('%s: %o', (locale, row) => {
    const described = describeAudit(entry({ action: row.action, ...row.entry }), translator(locale), locale);
    expect(described.sentence).toBe(locale === 'en-US' ? row.en : row.zh);
    const expected = locale === 'en-US' ? row.enDetails : row.zhDetails;
    if (expected) expect(asText(described.details)).toEqual(expected);
    const all = [described.sentence, ...asText(described.details)].join('\n');
    // Nothing raw reaches the reader: no key, no placeholder, no null, no internal id.
    expect(all).not.toMatch(/audit\.|\{\{|null|undefined|subTypeCode|institutionId|n-1|r-1|i-1/);
    if (locale === 'zh-CN') expect(described.details.every((d) => !/^[A-Za-z ]+$/.test(d.label))).toBe(true);
  });

  it('reads an action it does not know as "<action>: <object type> <name>", in both languages', () => {
    const odd = entry({
      action: 'report.exported_twice',
      targetType: 'report',
      targetName: 'Q3',
      detail: { rowCount: 3 },
    });
    const en = describeAudit(odd, translator('en-US'), 'en-US');
    expect(en.sentence).toBe('Report exported twice: Report Q3');
    expect(asText(en.details)).toEqual(['Row count: 3']);
    const known = entry({ action: 'system.sweep', targetType: null, targetId: null });
    expect(describeAudit(known, translator('zh-CN'), 'zh-CN').sentence).toBe('System sweep');
    const user = entry({ action: 'user.merged', ...tess });
    expect(describeAudit(user, translator('zh-CN'), 'zh-CN').sentence).toBe(
      'User merged：用户 Tess Lee（Harbour Bank）',
    );
  });
});
