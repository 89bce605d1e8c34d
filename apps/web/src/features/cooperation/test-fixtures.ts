/** Answers of the cooperation API as the tests of this feature's pages use them. */

import { memberUser } from '../../test/users.ts';
import type { IntentionItem, OpportunityDetail, OpportunityItem } from './cooperation-api.ts';

/** The signed-in member these pages are rendered for. */
export const signedInUser = memberUser;

export function opportunity(overrides: Partial<OpportunityItem> = {}): OpportunityItem {
  return {
    lgcSn: 'R1',
    itDpchlstRqmNm: 'Forfaiting of a Vietcombank usance L/C',
    instNm: 'Danube Trade Bank',
    instSwiftCode: 'DNTBATWW',
    instCountry: 'AT',
    direction: 'PROVIDE_FUNDING',
    typeCode: 'TRADE_FINANCE',
    subTypeCode: 'FORFAITING',
    astPrjTpcdName: 'Forfaiting',
    cmavyTpcd: 'USD',
    cmavyTpcdName: 'US Dollar',
    idcstAstIvsAmt: '5000000',
    idcstAstIvsAmtName: 'USD 5,000,000.00',
    bscrcCoAgrmTmdt: '180 days',
    price: '3.25%',
    status: 'effective',
    invalidReason: null,
    validUntil: '2026-12-31',
    createTime: '2026-11-02T08:30:00.000Z',
    updateTime: '2026-11-05T10:00:00.000Z',
    customerType: null,
    customerTypeName: null,
    intendedTimeLimit: null,
    isMine: false,
    followed: false,
    intentionStatus: 'notSent',
    ...overrides,
  };
}

export function intention(overrides: Partial<IntentionItem> = {}): IntentionItem {
  return {
    lgcSn: 'I1',
    requestLgcSn: 'R1',
    requestName: 'Forfaiting of a Vietcombank usance L/C',
    status: 'pending',
    handled: false,
    message: 'We can take USD 2 million at the quoted price.',
    senderName: 'Lars Berg',
    senderInstitution: 'Nordic Harbour Bank',
    senderSwiftCode: 'NHBKSESS',
    recipientInstitution: 'Danube Trade Bank',
    sentAt: '2026-11-03T09:00:00.000Z',
    respondedAt: null,
    canAnswer: true,
    counterpartContact: null,
    ...overrides,
  };
}

export function opportunityDetail(overrides: Partial<OpportunityDetail> = {}): OpportunityDetail {
  return {
    item: opportunity(),
    categoryCode: 'TRADE_FINANCE',
    choiceCode: 'FORFAITING',
    formKind: 'letterOfCredit',
    fields: {
      subTypeCode: 'FORFAITING',
      direction: 'PROVIDE_FUNDING',
      validFrom: '2026-11-01',
      validUntil: '2026-12-31',
      currency: 'USD',
      amount: '5000000',
      termType: 'COMMON',
      commonTerm: 'D180',
      price: 3.25,
      issuingBank: 'Vietcombank',
      issuingBankSwift: 'BFTVVNVX',
      issuingBankCountry: 'VN',
      applicant: 'Saigon Textiles JSC',
      beneficiary: 'Linz Machinery GmbH',
      lcIssued: 'Y',
      lcExpiryDate: '2027-01-15',
      acceptingBank: 'Vietcombank Hanoi',
      financingDays: 180,
      baftVersion: 'BAFT_2018',
      acceptableCountries: ['VN', 'TH'],
      scopeLimited: false,
      scopeCountries: [],
      remark: 'Silent participation welcome.',
      description: '',
    },
    attachments: [],
    publisher: {
      instNm: 'Danube Trade Bank',
      instSwiftCode: 'DNTBATWW',
      country: 'AT',
      contactName: 'Eva Gruber',
      contactEmail: 'eva.gruber@danube.example',
      contactPhone: '+43 1 234 5678',
    },
    owner: null,
    myIntention: null,
    canSendIntention: true,
    canEdit: false,
    ...overrides,
  };
}
