import { describe, expect, it } from 'vitest';
import {
  branchKindOfFlag,
  ZBranchListQuery,
  ZBranchListResponse,
  ZSelectAllDictsResponse,
  ZSelectDictQuery,
  ZSelectDictResponse,
} from '../schemas/dictionaries.ts';
import {
  BRANCHES,
  CONTINENT_CODES,
  COOPERATION_TYPES,
  COUNTRIES,
  COUNTRY_CONTINENTS,
  CURRENCIES,
  cooperationSubTypes,
  DICT_TYPES,
  DICTIONARIES,
  type DictEntry,
  dictCodes,
  dictLabel,
  dictName,
  findEntry,
  listBranches,
  PUBLISH_CATEGORIES,
  RATE_TYPES,
} from './index.ts';

const CJK = /[\u4e00-\u9fff]/;

function flatten(entries: readonly DictEntry[]): DictEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** Every sub-type of SPEC §1, by type. Removing one from the data must fail this test. */
const SPEC_SUB_TYPES = {
  TRADE_FINANCE: [
    'Order financing',
    'Export negotiation',
    'Export bill purchase',
    'Collection loan',
    'Bill discounting',
    'Direct export factoring',
    'Refinancing by overseas institution',
    'Usance bill discount',
    'Import/export risk participation',
    'Entrusted payment',
    'Forfaiting',
    'International factoring',
  ],
  PROJECT_FINANCE: ['Project financing', 'Aircraft/ship leasing', 'On-lending of overseas borrowing', 'Export credit'],
  INTERBANK_LOAN: ['Bilateral loan', 'Syndicated loan', 'Club loan', 'Revolving loan'],
  FINANCIAL_MARKET: [
    'Interbank certificate of deposit',
    'Medium term notes',
    'General bond',
    'Capital bond',
    'Government bond',
    'Policy financial bond',
    'Enterprise bond',
    'Asset-backed securities (ABS)',
    'Residential mortgage-backed securities (RMBS)',
    'Panda bond',
  ],
  SETTLEMENT_GUARANTEE: [
    'CIPS and RMB accounts',
    'RMB clearing',
    'Guarantee re-issuing and advising',
    'L/C advising',
    'L/C negotiation',
    'Standby L/C',
  ],
  ASSET_TRANSFER: ['Trade asset transfer', 'Project asset transfer', 'Loan asset transfer', 'Bond transfer'],
  THIRD_PARTY_INNOVATION: ['Third-party / innovation cooperation'],
} as const;

describe('dictionaries', () => {
  it('has every dictionary type, each non-empty', () => {
    expect(Object.keys(DICTIONARIES).sort()).toEqual([...DICT_TYPES].sort());
    for (const type of DICT_TYPES) expect(DICTIONARIES[type].length).toBeGreaterThan(0);
  });

  it.each(DICT_TYPES)('%s: codes are unique, children included', (type) => {
    const codes = flatten(DICTIONARIES[type]).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each(DICT_TYPES)('%s: every entry has a code and both names', (type) => {
    for (const entry of flatten(DICTIONARIES[type])) {
      expect(entry.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(entry.en.trim(), entry.code).not.toBe('');
      expect(entry.zh.trim(), entry.code).not.toBe('');
    }
  });

  it('is plain JSON and matches the API schema', () => {
    expect(JSON.parse(JSON.stringify(DICTIONARIES))).toEqual(DICTIONARIES);
    expect(() => ZSelectAllDictsResponse.parse({ dictionaries: DICTIONARIES })).not.toThrow();
    expect(() => ZSelectDictResponse.parse({ dictType: 'countries', list: DICTIONARIES.countries })).not.toThrow();
  });

  it('never names a real bank', () => {
    const text = JSON.stringify(DICTIONARIES);
    expect(text).not.toMatch(/Construction Bank|CCB|建设银行|建行|Bank of China|中国银行|ICBC|工商银行/i);
  });
});

describe('directions', () => {
  it('are request for funding and provide funding', () => {
    expect(DICTIONARIES.directions.map((d) => [d.code, d.en, d.zh])).toEqual([
      ['REQUEST_FUNDING', 'Request for funding', '资金需求'],
      ['PROVIDE_FUNDING', 'Provide funding', '资金供给'],
    ]);
  });
});

describe('cooperation types', () => {
  it('has the seven types of SPEC §1, each with sub-types', () => {
    expect(COOPERATION_TYPES.map((type) => type.code)).toEqual(Object.keys(SPEC_SUB_TYPES));
    for (const type of COOPERATION_TYPES) expect(type.children.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(SPEC_SUB_TYPES))('%s has exactly the sub-types of SPEC §1', (typeCode, names) => {
    const type = COOPERATION_TYPES.find((t) => t.code === typeCode);
    expect(type?.children.map((sub) => sub.en)).toEqual(names);
  });

  it('lists 41 sub-types flat, each with its parent', () => {
    const subs = cooperationSubTypes();
    expect(subs).toHaveLength(41);
    expect(subs.find((sub) => sub.code === 'PANDA_BOND')?.parent).toBe('FINANCIAL_MARKET');
    for (const sub of subs) expect(findEntry('cooperationTypes', sub.parent)?.children).toBeDefined();
  });

  it('uses banking Chinese names', () => {
    const zh = (code: string) => findEntry('cooperationTypes', code)?.zh;
    expect(zh('FORFAITING')).toBe('福费廷');
    expect(zh('INTERNATIONAL_FACTORING')).toBe('国际保理');
    expect(zh('RISK_PARTICIPATION')).toBe('进出口风险参与');
    expect(zh('EXPORT_NEGOTIATION')).toBe('出口押汇');
    expect(zh('INTERBANK_CD')).toBe('同业存单');
    expect(zh('MEDIUM_TERM_NOTE')).toBe('中期票据');
    expect(zh('PANDA_BOND')).toBe('熊猫债');
    expect(zh('SYNDICATED_LOAN')).toBe('银团贷款');
    expect(zh('GUARANTEE_REISSUE_ADVISING')).toBe('转开及通知保函');
    expect(zh('STANDBY_LC')).toBe('备用信用证');
  });

  it('requires a master agreement only for forfaiting and risk participation', () => {
    const codes = cooperationSubTypes()
      .filter((sub) => sub.requiresMasterAgreement)
      .map((sub) => sub.code);
    expect(codes.sort()).toEqual(['FORFAITING', 'RISK_PARTICIPATION']);
  });

  it('prompts for risk preference on forfaiting, risk participation and guarantee business', () => {
    const preference = Object.fromEntries(
      cooperationSubTypes()
        .filter((sub) => sub.riskPreference)
        .map((sub) => [sub.code, sub.riskPreference]),
    );
    expect(preference).toEqual({
      FORFAITING: 'forfaiting',
      RISK_PARTICIPATION: 'forfaiting',
      GUARANTEE_REISSUE_ADVISING: 'guarantee',
      STANDBY_LC: 'guarantee',
    });
  });

  it('carries L/C details on letter-of-credit business', () => {
    const withLc = (code: string) => findEntry('cooperationTypes', code)?.hasLetterOfCredit;
    for (const code of ['FORFAITING', 'EXPORT_NEGOTIATION', 'LC_ADVISING', 'LC_NEGOTIATION', 'RISK_PARTICIPATION']) {
      expect(withLc(code), code).toBe(true);
    }
    for (const code of ['SYNDICATED_LOAN', 'PANDA_BOND', 'RMB_CLEARING']) expect(withLc(code), code).toBe(false);
  });
});

describe('publish categories', () => {
  it('are the seven step-1 categories of the publish flow', () => {
    expect(PUBLISH_CATEGORIES.map((c) => c.en)).toEqual([
      'Funds in',
      'Funds out',
      'Trade finance and factoring',
      'Payment and settlement',
      'Financial market',
      'Project type',
      'Third-party and innovation',
    ]);
  });

  it('point at existing sub-types and directions', () => {
    for (const choice of PUBLISH_CATEGORIES.flatMap((c) => c.children)) {
      expect(findEntry('cooperationTypes', choice.subTypeCode), choice.code).toBeDefined();
      if (choice.direction) expect(findEntry('directions', choice.direction), choice.code).toBeDefined();
    }
  });

  it('reach every cooperation sub-type', () => {
    const reachable = new Set(PUBLISH_CATEGORIES.flatMap((c) => c.children.map((choice) => choice.subTypeCode)));
    const unreachable = cooperationSubTypes().filter((sub) => !reachable.has(sub.code));
    expect(unreachable.map((sub) => sub.code)).toEqual([]);
  });

  it('give funds in the request-for-funding direction and funds out the provide-funding one', () => {
    const directions = (code: string) =>
      new Set(PUBLISH_CATEGORIES.find((c) => c.code === code)?.children.map((choice) => choice.direction));
    expect([...directions('FUNDS_IN')]).toEqual(['REQUEST_FUNDING']);
    expect([...directions('FUNDS_OUT')]).toEqual(['PROVIDE_FUNDING']);
  });
});

describe('currencies', () => {
  it('are exactly the 30 of SPEC §3, in its order', () => {
    expect(CURRENCIES.map((c) => c.code)).toEqual([
      'USD',
      'CNY',
      'EUR',
      'JPY',
      'GBP',
      'AUD',
      'HKD',
      'CAD',
      'NZD',
      'FRF',
      'CHF',
      'NLG',
      'DEM',
      'NTD',
      'IDR',
      'ZAR',
      'BRC',
      'ITL',
      'RUR',
      'KRW',
      'VND',
      'SGD',
      'MOP',
      'AED',
      'MNT',
      'HUF',
      'SPP',
      'MYR',
      'CLP',
      'PLN',
    ]);
  });

  it('have Chinese names', () => {
    for (const currency of CURRENCIES) expect(currency.zh, currency.code).toMatch(CJK);
    expect(findEntry('currencies', 'CNY')?.zh).toBe('人民币');
    expect(findEntry('currencies', 'NTD')?.zh).toBe('新台币');
  });
});

describe('countries', () => {
  it('cover ISO 3166-1 and Kosovo', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(240);
    for (const code of ['CN', 'US', 'GB', 'XK', 'AQ', 'MO', 'HK', 'TW'])
      expect(findEntry('countries', code)).toBeDefined();
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
  });

  it('each have an English name, a Chinese name and a known continent', () => {
    for (const country of COUNTRIES) {
      expect(country.en.trim(), country.code).not.toBe('');
      expect(country.zh, country.code).toMatch(CJK);
      expect(CONTINENT_CODES, country.code).toContain(country.continent);
    }
  });

  it('have a hand-written continent each, and no continent for an unknown country', () => {
    const codes = COUNTRIES.map((c) => c.code).sort();
    expect(Object.keys(COUNTRY_CONTINENTS).sort()).toEqual(codes);
    expect(COUNTRY_CONTINENTS.CN).toBe('ASIA');
    expect(COUNTRY_CONTINENTS.BR).toBe('SOUTH_AMERICA');
    expect(COUNTRY_CONTINENTS.MX).toBe('NORTH_AMERICA');
    expect(COUNTRY_CONTINENTS.RU).toBe('EUROPE');
    expect(COUNTRY_CONTINENTS.NZ).toBe('OCEANIA');
    expect(COUNTRY_CONTINENTS.EG).toBe('AFRICA');
  });

  it('are named as a mainland Chinese bank names them', () => {
    const names = (code: string) => {
      const entry = findEntry('countries', code);
      return [entry?.en, entry?.zh];
    };
    expect(names('TW')).toEqual(['Taiwan, China', '中国台湾']);
    expect(names('HK')).toEqual(['Hong Kong SAR, China', '中国香港']);
    expect(names('MO')).toEqual(['Macao SAR, China', '中国澳门']);
    expect(names('CN')).toEqual(['China', '中国']);
  });

  it('are sorted by English name', () => {
    const names = COUNTRIES.map((c) => c.en);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('branches', () => {
  it('has overseas and domestic branches in known countries', () => {
    expect(listBranches('overseas').length).toBeGreaterThanOrEqual(25);
    expect(listBranches('domestic').length).toBeGreaterThanOrEqual(30);
    expect(listBranches()).toHaveLength(BRANCHES.length);
    for (const branch of BRANCHES) expect(findEntry('countries', branch.country), branch.code).toBeDefined();
    for (const branch of listBranches('domestic')) expect(branch.country).toBe('CN');
  });

  it('maps the bFlag of the branch list to a kind', () => {
    expect(ZBranchListQuery.parse({})).toEqual({ bFlag: '0' });
    expect(() => ZBranchListQuery.parse({ bFlag: '3' })).toThrow();
    expect(branchKindOfFlag('0')).toBeUndefined();
    expect(listBranches(branchKindOfFlag('1')).every((b) => b.kind === 'overseas')).toBe(true);
    expect(listBranches(branchKindOfFlag('2')).every((b) => b.kind === 'domestic')).toBe(true);
    expect(() => ZBranchListResponse.parse({ list: BRANCHES })).not.toThrow();
  });
});

describe('small dictionaries', () => {
  it('has all seven rate types', () => {
    expect(RATE_TYPES.map((r) => r.code)).toEqual(['FIXED', 'LIBOR', 'SIBOR', 'HIBOR', 'EURIBOR', 'SHIBOR', 'NIBOR']);
  });

  it('has the L/C payment modes, term types and six continents', () => {
    expect(dictCodes('lcPaymentModes')).toEqual(['SIGHT', 'DEFERRED', 'NEGOTIATION', 'ACCEPTANCE', 'OTHERS']);
    expect(dictCodes('termTypes')).toEqual(['COMMON', 'CUSTOMIZED']);
    expect(dictCodes('continents')).toEqual(['NORTH_AMERICA', 'ASIA', 'SOUTH_AMERICA', 'EUROPE', 'OCEANIA', 'AFRICA']);
  });
});

describe('helpers', () => {
  it('findEntry finds top-level entries and children, and nothing for an unknown code', () => {
    expect(findEntry('currencies', 'USD')?.en).toBe('US Dollar');
    expect(findEntry('cooperationTypes', 'FORFAITING')?.en).toBe('Forfaiting');
    expect(findEntry('publishCategories', 'FUNDS_IN_BILATERAL_LOAN')?.subTypeCode).toBe('BILATERAL_LOAN');
    expect(findEntry('currencies', 'XXX')).toBeUndefined();
  });

  it('dictLabel picks the name in the locale', () => {
    const usd = findEntry('currencies', 'USD')!;
    expect(dictLabel(usd, 'en-US')).toBe('US Dollar');
    expect(dictLabel(usd, 'zh-CN')).toBe('美元');
  });

  it('dictName names a stored code in the locale, keeps an unknown code and gives nothing for none', () => {
    expect(dictName('currencies', 'USD', 'zh-CN')).toBe('美元');
    expect(dictName('currencies', 'USD', 'en-US')).toBe('US Dollar');
    expect(dictName('countries', 'XX', 'en-US')).toBe('XX');
    expect(dictName('countries', null, 'en-US')).toBe('');
  });

  it('the select query takes an optional dictionary name', () => {
    expect(ZSelectDictQuery.parse({})).toEqual({});
    expect(ZSelectDictQuery.parse({ dictType: 'currencies' })).toEqual({ dictType: 'currencies' });
    expect(() => ZSelectDictQuery.parse({ dictType: 'planets' })).toThrow();
  });
});
