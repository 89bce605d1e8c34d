import type { BranchKind } from './types.ts';

/**
 * The bank's overseas branches and domestic tier-one branches (SPEC §3), as offered in the
 * registration form and as approvers of seal applications. Names never carry the bank's name:
 * the brand is configurable. `country` is the ISO 3166-1 alpha-2 code.
 */
export type Branch = { code: string; en: string; zh: string; kind: BranchKind; country: string };

function overseas(code: string, en: string, zh: string, country: string): Branch {
  return { code, en, zh, kind: 'overseas', country };
}

function domestic(code: string, en: string, zh: string): Branch {
  return { code, en, zh, kind: 'domestic', country: 'CN' };
}

export const OVERSEAS_BRANCHES: readonly Branch[] = [
  overseas('OS_HONG_KONG', 'Hong Kong Branch', '香港分行', 'HK'),
  overseas('OS_MACAU', 'Macau Branch', '澳门分行', 'MO'),
  overseas('OS_TAIPEI', 'Taipei Branch', '台北分行', 'TW'),
  overseas('OS_SINGAPORE', 'Singapore Branch', '新加坡分行', 'SG'),
  overseas('OS_TOKYO', 'Tokyo Branch', '东京分行', 'JP'),
  overseas('OS_SEOUL', 'Seoul Branch', '首尔分行', 'KR'),
  overseas('OS_HO_CHI_MINH_CITY', 'Ho Chi Minh City Branch', '胡志明市分行', 'VN'),
  overseas('OS_KUALA_LUMPUR', 'Kuala Lumpur Branch', '吉隆坡分行', 'MY'),
  overseas('OS_LABUAN', 'Labuan Branch', '纳闽分行', 'MY'),
  overseas('OS_JAKARTA', 'Jakarta Branch', '雅加达分行', 'ID'),
  overseas('OS_ASTANA', 'Astana Branch', '阿斯塔纳分行', 'KZ'),
  overseas('OS_DUBAI', 'Dubai International Financial Centre Branch', '迪拜国际金融中心分行', 'AE'),
  overseas('OS_SYDNEY', 'Sydney Branch', '悉尼分行', 'AU'),
  overseas('OS_MELBOURNE', 'Melbourne Branch', '墨尔本分行', 'AU'),
  overseas('OS_AUCKLAND', 'Auckland Branch', '奥克兰分行', 'NZ'),
  overseas('OS_LONDON', 'London Branch', '伦敦分行', 'GB'),
  overseas('OS_FRANKFURT', 'Frankfurt Branch', '法兰克福分行', 'DE'),
  overseas('OS_LUXEMBOURG', 'Luxembourg Branch', '卢森堡分行', 'LU'),
  overseas('OS_PARIS', 'Paris Branch', '巴黎分行', 'FR'),
  overseas('OS_AMSTERDAM', 'Amsterdam Branch', '阿姆斯特丹分行', 'NL'),
  overseas('OS_BARCELONA', 'Barcelona Branch', '巴塞罗那分行', 'ES'),
  overseas('OS_MILAN', 'Milan Branch', '米兰分行', 'IT'),
  overseas('OS_ZURICH', 'Zurich Branch', '苏黎世分行', 'CH'),
  overseas('OS_WARSAW', 'Warsaw Branch', '华沙分行', 'PL'),
  overseas('OS_BUDAPEST', 'Budapest Branch', '布达佩斯分行', 'HU'),
  overseas('OS_MOSCOW', 'Moscow Branch', '莫斯科分行', 'RU'),
  overseas('OS_NEW_YORK', 'New York Branch', '纽约分行', 'US'),
  overseas('OS_TORONTO', 'Toronto Branch', '多伦多分行', 'CA'),
  overseas('OS_SANTIAGO', 'Santiago Branch', '圣地亚哥分行', 'CL'),
  overseas('OS_JOHANNESBURG', 'Johannesburg Branch', '约翰内斯堡分行', 'ZA'),
];

/** 31 provincial-level branches and the 6 city branches reporting directly to head office. */
export const DOMESTIC_BRANCHES: readonly Branch[] = [
  domestic('CN_BEIJING', 'Beijing Branch', '北京市分行'),
  domestic('CN_TIANJIN', 'Tianjin Branch', '天津市分行'),
  domestic('CN_HEBEI', 'Hebei Branch', '河北省分行'),
  domestic('CN_SHANXI', 'Shanxi Branch', '山西省分行'),
  domestic('CN_INNER_MONGOLIA', 'Inner Mongolia Branch', '内蒙古自治区分行'),
  domestic('CN_LIAONING', 'Liaoning Branch', '辽宁省分行'),
  domestic('CN_DALIAN', 'Dalian Branch', '大连市分行'),
  domestic('CN_JILIN', 'Jilin Branch', '吉林省分行'),
  domestic('CN_HEILONGJIANG', 'Heilongjiang Branch', '黑龙江省分行'),
  domestic('CN_SHANGHAI', 'Shanghai Branch', '上海市分行'),
  domestic('CN_JIANGSU', 'Jiangsu Branch', '江苏省分行'),
  domestic('CN_SUZHOU', 'Suzhou Branch', '苏州分行'),
  domestic('CN_ZHEJIANG', 'Zhejiang Branch', '浙江省分行'),
  domestic('CN_NINGBO', 'Ningbo Branch', '宁波市分行'),
  domestic('CN_ANHUI', 'Anhui Branch', '安徽省分行'),
  domestic('CN_FUJIAN', 'Fujian Branch', '福建省分行'),
  domestic('CN_XIAMEN', 'Xiamen Branch', '厦门市分行'),
  domestic('CN_JIANGXI', 'Jiangxi Branch', '江西省分行'),
  domestic('CN_SHANDONG', 'Shandong Branch', '山东省分行'),
  domestic('CN_QINGDAO', 'Qingdao Branch', '青岛市分行'),
  domestic('CN_HENAN', 'Henan Branch', '河南省分行'),
  domestic('CN_HUBEI', 'Hubei Branch', '湖北省分行'),
  domestic('CN_HUNAN', 'Hunan Branch', '湖南省分行'),
  domestic('CN_GUANGDONG', 'Guangdong Branch', '广东省分行'),
  domestic('CN_SHENZHEN', 'Shenzhen Branch', '深圳市分行'),
  domestic('CN_GUANGXI', 'Guangxi Branch', '广西壮族自治区分行'),
  domestic('CN_HAINAN', 'Hainan Branch', '海南省分行'),
  domestic('CN_CHONGQING', 'Chongqing Branch', '重庆市分行'),
  domestic('CN_SICHUAN', 'Sichuan Branch', '四川省分行'),
  domestic('CN_GUIZHOU', 'Guizhou Branch', '贵州省分行'),
  domestic('CN_YUNNAN', 'Yunnan Branch', '云南省分行'),
  domestic('CN_TIBET', 'Tibet Branch', '西藏自治区分行'),
  domestic('CN_SHAANXI', 'Shaanxi Branch', '陕西省分行'),
  domestic('CN_GANSU', 'Gansu Branch', '甘肃省分行'),
  domestic('CN_QINGHAI', 'Qinghai Branch', '青海省分行'),
  domestic('CN_NINGXIA', 'Ningxia Branch', '宁夏回族自治区分行'),
  domestic('CN_XINJIANG', 'Xinjiang Branch', '新疆维吾尔自治区分行'),
];

/** All branches: overseas first, then domestic. */
export const BRANCHES: readonly Branch[] = [...OVERSEAS_BRANCHES, ...DOMESTIC_BRANCHES];

/** Branches of one kind, or all of them. */
export function listBranches(kind?: BranchKind): readonly Branch[] {
  if (kind === 'overseas') return OVERSEAS_BRANCHES;
  if (kind === 'domestic') return DOMESTIC_BRANCHES;
  return BRANCHES;
}
