/**
 * Texts of the demo content (invented; any resemblance to real institutions is accidental). Both
 * languages side by side; the report PDFs are in English (pdf-lib's standard fonts have no CJK).
 */
import type { TBilingual } from '@portal/shared';

type Paragraphs = { en: string[]; zh: string[] };
const bi = (en: string, zh: string): TBilingual => ({ en, zh });

export const TILES: { key: string; title: TBilingual; summary: TBilingual; body: Paragraphs }[] = [
  {
    key: 'news',
    title: bi('News', '新闻动态'),
    summary: bi('Announcements from the bank and its international business.', '本行及国际业务最新动态。'),
    body: {
      en: [
        'The bank signed cooperation memoranda with eleven overseas financial institutions in the first quarter, covering trade finance, RMB clearing and syndicated lending.',
        'Our Luxembourg and Singapore branches extended their RMB clearing hours, so partners in Europe and Southeast Asia can settle later in their own business day.',
      ],
      zh: [
        '一季度，本行与十一家境外金融机构签署合作备忘录，涵盖贸易融资、人民币清算和银团贷款等领域。',
        '卢森堡分行和新加坡分行延长人民币清算服务时间，欧洲及东南亚合作伙伴可在当地营业日更晚时段完成结算。',
      ],
    },
  },
  {
    key: 'annualReport',
    title: bi('Annual report', '年度报告'),
    summary: bi(
      'Results, strategy and risk management for the last financial year.',
      '上一财年经营业绩、发展战略与风险管理。',
    ),
    body: {
      en: [
        'Total assets grew 7.8% to RMB 38.2 trillion; net profit attributable to shareholders rose 4.1%. The non-performing loan ratio fell to 1.31%.',
        'International business contributed 9.6% of operating income, led by cross-border settlement, trade finance and financial-institution lending.',
      ],
      zh: [
        '总资产增长7.8%至38.2万亿元；归属于股东的净利润增长4.1%；不良贷款率降至1.31%。',
        '国际业务贡献营业收入的9.6%，其中跨境结算、贸易融资和金融机构融资增长最为突出。',
      ],
    },
  },
  {
    key: 'introduction',
    title: bi('Introduction', '本行简介'),
    summary: bi('A large commercial bank with branches on six continents.', '业务遍及六大洲的大型商业银行。'),
    body: {
      en: [
        'Global Cooperation Bank is a large commercial bank headquartered in Beijing, serving corporate, retail and institutional clients through some 14,000 outlets in China and 200 overseas branches and subsidiaries.',
        'Its financial institutions department works with more than 1,500 correspondent banks in 130 countries and regions.',
      ],
      zh: [
        '环球合作银行是总部位于北京的大型商业银行，通过境内约一万四千家网点及两百家境外分支机构和子公司，为公司、个人和机构客户提供服务。',
        '本行金融机构部与130个国家和地区的1500余家代理行建立了合作关系。',
      ],
    },
  },
  {
    key: 'socialResponsibilityReport',
    title: bi('Social responsibility report', '社会责任报告'),
    summary: bi('How we serve communities, the environment and our people.', '我们如何服务社会、环境与员工。'),
    body: {
      en: [
        'Green loans reached RMB 3.9 trillion at year end, and the bank disclosed its financed emissions for the first time under the PCAF standard.',
        'Inclusive finance loans to small businesses grew 22%, and 18,000 staff volunteered in financial-literacy programmes.',
      ],
      zh: [
        '年末绿色贷款余额达3.9万亿元，本行首次按照PCAF标准披露投融资碳排放。',
        '普惠型小微企业贷款增长22%，一万八千名员工参与金融知识普及志愿活动。',
      ],
    },
  },
  {
    key: 'profile',
    title: bi('Profile', '机构概况'),
    summary: bi('Ratings, ownership and governance at a glance.', '评级、股权与公司治理概览。'),
    body: {
      en: [
        'Long-term issuer ratings: A1 (stable) and A (stable) from two international agencies. The bank is listed in Hong Kong and Shanghai.',
        'The board has 15 directors, six of them independent; the audit, risk and related-party committees are chaired by independent directors.',
      ],
      zh: [
        '两家国际评级机构给予的长期发行人评级分别为A1（稳定）和A（稳定）。本行在香港和上海两地上市。',
        '董事会由15名董事组成，其中独立董事6名；审计、风险和关联交易委员会均由独立董事担任主席。',
      ],
    },
  },
  {
    key: 'hotTopics',
    title: bi('Hot topics', '热点专题'),
    summary: bi('Cross-border RMB, the Belt and Road, green finance and more.', '跨境人民币、一带一路、绿色金融等。'),
    body: {
      en: [
        'Explore our topic pages on cross-border RMB services, the Belt and Road Initiative, green finance and cooperation with Portuguese-speaking countries.',
      ],
      zh: ['欢迎浏览跨境人民币服务、“一带一路”倡议、绿色金融以及与葡语国家合作等专题页面。'],
    },
  },
  {
    key: 'greenFinance',
    title: bi('Green finance', '绿色金融'),
    summary: bi(
      'Green bonds, sustainability-linked loans and transition finance.',
      '绿色债券、可持续发展挂钩贷款与转型金融。',
    ),
    body: {
      en: [
        'We arrange green and sustainability-linked syndicated loans, underwrite green bonds onshore and offshore, and help partner banks build their own green portfolios.',
      ],
      zh: ['本行安排绿色及可持续发展挂钩银团贷款，承销境内外绿色债券，并协助合作银行打造自身的绿色资产组合。'],
    },
  },
  {
    key: 'keyFinancialData',
    title: bi('Key financial data', '主要财务数据'),
    summary: bi('Capital, liquidity and profitability indicators.', '资本、流动性与盈利能力指标。'),
    body: {
      en: [
        'Common equity tier 1 ratio 13.9%; total capital ratio 18.6%; liquidity coverage ratio 142%; return on average equity 10.7%.',
        'Figures are for the last financial year, consolidated, under PRC accounting standards.',
      ],
      zh: [
        '核心一级资本充足率13.9%；资本充足率18.6%；流动性覆盖率142%；平均股东权益回报率10.7%。',
        '以上为上一财年合并口径数据，按中国企业会计准则编制。',
      ],
    },
  },
];

export const PRODUCTS: { title: TBilingual; summary: TBilingual; body: Paragraphs; uses: Paragraphs }[] = [
  {
    title: bi('RMB clearing and correspondent accounts', '人民币清算与代理账户'),
    summary: bi(
      'Vostro accounts in RMB with direct CIPS participation.',
      '依托CIPS直接参与者身份提供人民币同业往来账户。',
    ),
    body: {
      en: [
        'Open an RMB vostro account with us and clear cross-border payments through our direct participation in CIPS, with same-day settlement and full SWIFT gpi tracking.',
      ],
      zh: [
        '在本行开立人民币同业往来账户，借助本行CIPS直接参与者身份办理跨境支付清算，当日结算并支持SWIFT gpi全程追踪。',
      ],
    },
    uses: {
      en: [
        'Settling trade with Chinese counterparties in RMB',
        'Holding RMB liquidity for clients',
        'Indirect CIPS access',
      ],
      zh: ['与中国交易对手以人民币结算贸易', '为客户持有人民币流动性', '间接接入CIPS'],
    },
  },
  {
    title: bi('Trade finance and risk participation', '贸易融资与风险参与'),
    summary: bi('Funded and unfunded participation in trade assets.', '贸易资产的融资型与非融资型风险参与。'),
    body: {
      en: [
        'We take funded or unfunded risk participation in letters of credit, receivables and supply-chain assets under BAFT master agreements.',
      ],
      zh: ['在BAFT主协议框架下，本行对信用证、应收账款及供应链资产提供融资型或非融资型风险参与。'],
    },
    uses: {
      en: ['Freeing credit lines', 'Sharing country risk', 'Supporting large tickets'],
      zh: ['释放授信额度', '分担国别风险', '支持大额交易'],
    },
  },
  {
    title: bi('Letters of credit: advising, confirmation and negotiation', '信用证通知、保兑与议付'),
    summary: bi('Fast advising and competitive confirmation pricing.', '快速通知与具有竞争力的保兑报价。'),
    body: {
      en: [
        'Our trade centres advise and confirm letters of credit within one business day and negotiate documents under UCP 600 with dedicated checkers.',
      ],
      zh: ['本行单证中心一个工作日内完成信用证通知与保兑，并由专职审单人员按UCP 600办理议付。'],
    },
    uses: {
      en: ['Exporters needing payment certainty', 'Banks without local presence'],
      zh: ['需要收款保障的出口商', '在当地无分支机构的银行'],
    },
  },
  {
    title: bi('Forfaiting', '福费廷'),
    summary: bi('Without-recourse purchase of deferred-payment receivables.', '无追索权买断远期应收款。'),
    body: {
      en: [
        'We buy usance bills and deferred-payment obligations without recourse, in the primary and secondary markets, in USD, EUR and RMB.',
      ],
      zh: ['本行在一级和二级市场以美元、欧元和人民币无追索权买断远期汇票及延期付款债权。'],
    },
    uses: { en: ['Balance-sheet relief', 'Long tenors up to five years'], zh: ['优化资产负债表', '最长五年期限'] },
  },
  {
    title: bi('Bilateral and syndicated loans', '双边贷款与银团贷款'),
    summary: bi('Term and revolving facilities for financial institutions.', '面向金融机构的定期及循环贷款。'),
    body: {
      en: [
        'We lend to banks and non-bank financial institutions bilaterally or as arranger, agent or participant in syndicated and club deals.',
      ],
      zh: ['本行以双边方式或作为银团、俱乐部贷款的牵头行、代理行或参与行，向银行及非银行金融机构提供融资。'],
    },
    uses: {
      en: ['Trade finance funding', 'Onlending to SMEs', 'General corporate purposes'],
      zh: ['贸易融资资金来源', '向中小企业转贷', '一般经营用途'],
    },
  },
  {
    title: bi('Panda bond underwriting', '熊猫债承销'),
    summary: bi('Issue RMB bonds in China’s interbank market.', '在中国银行间市场发行人民币债券。'),
    body: {
      en: [
        'As lead underwriter we guide foreign issuers through registration with NAFMII, ratings, documentation and bookbuilding, and help swap proceeds into other currencies.',
      ],
      zh: [
        '本行作为主承销商，协助境外发行人完成交易商协会注册、评级、文件准备和簿记建档，并协助将募集资金换成其他币种。',
      ],
    },
    uses: { en: ['Diversifying funding', 'Funding China operations'], zh: ['多元化融资渠道', '为在华业务融资'] },
  },
  {
    title: bi('Guarantees and standby letters of credit', '保函与备用信用证'),
    summary: bi('Issuing, re-issuing and advising under URDG 758 and ISP98.', '按URDG 758及ISP98开立、转开和通知。'),
    body: {
      en: [
        'We issue counter-guaranteed guarantees locally in China and in our overseas locations, and advise guarantees received for your clients.',
      ],
      zh: ['本行凭反担保在中国境内及境外机构所在地开立保函，并为贵方客户通知收到的保函。'],
    },
    uses: { en: ['Bid and performance bonds', 'Advance payment guarantees'], zh: ['投标及履约保函', '预付款保函'] },
  },
  {
    title: bi('Foreign exchange and derivatives', '外汇与衍生品'),
    summary: bi('Spot, forwards and swaps in 30 currencies, CNY and CNH.', '30种货币及CNY、CNH即期、远期与掉期交易。'),
    body: {
      en: [
        'Our trading rooms in Beijing, London and New York quote around the clock, including cross-currency swaps and interest rate hedges for partner banks.',
      ],
      zh: ['本行北京、伦敦和纽约交易室全天候报价，并为合作银行提供货币互换和利率套期保值。'],
    },
    uses: { en: ['Hedging RMB exposure', 'Funding swaps'], zh: ['对冲人民币敞口', '融资掉期'] },
  },
  {
    title: bi('Asset transfer and secondary loan trading', '资产转让与贷款二级市场交易'),
    summary: bi('Buy and sell trade, project and loan assets.', '买卖贸易、项目及贷款资产。'),
    body: {
      en: [
        'We buy and sell participations in trade, project and syndicated loan assets, helping partners manage concentration and capital.',
      ],
      zh: ['本行买卖贸易、项目及银团贷款资产份额，帮助合作伙伴管理集中度与资本。'],
    },
    uses: { en: ['Portfolio rebalancing', 'Capital relief'], zh: ['组合再平衡', '节约资本'] },
  },
  {
    title: bi('Custody and QFII/CIBM access', '托管与QFII/银行间市场准入'),
    summary: bi('Access to China’s bond and equity markets.', '进入中国债券与股票市场的通道。'),
    body: {
      en: [
        'We act as custodian and settlement agent for foreign institutions investing through QFII, CIBM Direct and Bond Connect.',
      ],
      zh: ['本行为通过QFII、银行间债券市场直接投资及债券通投资的境外机构担任托管行和结算代理人。'],
    },
    uses: { en: ['Investing in China government bonds', 'Reserve management'], zh: ['投资中国国债', '储备管理'] },
  },
];

export const SERIES: { key: string; title: TBilingual; summary: TBilingual }[] = [
  {
    key: 'financialMarkets',
    title: bi('Monthly financial markets', '金融市场月报'),
    summary: bi('Rates, currencies and liquidity each month.', '每月利率、汇率与流动性回顾。'),
  },
  {
    key: 'bonds',
    title: bi('Bond market', '债券市场'),
    summary: bi('Issuance, yields and spreads in China’s bond market.', '中国债券市场发行、收益率与利差。'),
  },
  {
    key: 'rmbInternationalisation',
    title: bi('RMB internationalisation', '人民币国际化'),
    summary: bi('Cross-border use of the RMB.', '人民币跨境使用进展。'),
  },
  {
    key: 'pandaBonds',
    title: bi('Panda bonds', '熊猫债'),
    summary: bi('Foreign issuers in the onshore market.', '境外发行人在境内市场的发行动态。'),
  },
  {
    key: 'fcReport',
    title: bi('FITs Your Wit', 'FITs Your Wit 研究报告'),
    summary: bi('Our research series on financial institutions.', '本行金融机构研究系列。'),
  },
];

type Article = { category: string; daysAgo: number; title: TBilingual; summary: TBilingual; body: Paragraphs };

const article = (
  category: string,
  daysAgo: number,
  title: TBilingual,
  summary: TBilingual,
  en: string[],
  zh: string[],
): Article => ({ category, daysAgo, title, summary, body: { en, zh } });

export const ARTICLES: Article[] = [
  article(
    'financialMarkets',
    4,
    bi('Financial markets in review: liquidity stays ample', '金融市场回顾：流动性保持充裕'),
    bi(
      'Money-market rates held near the policy rate as the central bank rolled over medium-term lending.',
      '央行续作中期借贷便利，货币市场利率围绕政策利率平稳运行。',
    ),
    [
      'The seven-day repo rate averaged 1.82% in the month, 3 basis points above the policy rate, as the central bank injected liquidity ahead of the tax period.',
      'The RMB traded in a narrow range against the dollar; the CFETS basket index edged up 0.4%.',
      'We expect rates to stay low while credit demand recovers gradually.',
    ],
    [
      '本月七天回购利率均值为1.82%，较政策利率高3个基点，央行在纳税期前适时投放流动性。',
      '人民币对美元汇率窄幅波动，CFETS人民币汇率指数小幅上升0.4%。',
      '我们预计在信贷需求逐步恢复的过程中，利率将维持低位。',
    ],
  ),
  article(
    'financialMarkets',
    34,
    bi('Financial markets in review: a calmer quarter-end', '金融市场回顾：季末资金面平稳'),
    bi(
      'Quarter-end pressure was lighter than usual; the curve steepened slightly.',
      '季末资金压力弱于往年，收益率曲线小幅陡峭化。',
    ),
    [
      'Banks front-loaded their quarter-end funding, and overnight rates peaked at 2.05%, well below last year’s level.',
      'Ten-year government bond yields rose 6 basis points on better-than-expected PMI data.',
    ],
    [
      '银行提前安排季末资金，隔夜利率最高升至2.05%，明显低于去年同期。',
      '受PMI数据好于预期影响，十年期国债收益率上行6个基点。',
    ],
  ),
  article(
    'financialMarkets',
    64,
    bi('Financial markets in review: the dollar and the RMB', '金融市场回顾：美元与人民币'),
    bi('A softer dollar supported Asian currencies including the RMB.', '美元走弱带动包括人民币在内的亚洲货币走强。'),
    [
      'The dollar index fell 1.6% on expectations of lower US rates, and the RMB gained 0.7% against the dollar.',
      'Exporters converted more of their receipts, and the settlement ratio rose to its highest level this year.',
    ],
    ['受美国降息预期影响，美元指数下跌1.6%，人民币对美元升值0.7%。', '出口企业结汇意愿增强，结汇率升至年内高位。'],
  ),
  article(
    'financialMarkets',
    95,
    bi('Financial markets in review: policy rate cut', '金融市场回顾：政策利率下调'),
    bi(
      'A 10 basis point cut to the seven-day reverse repo rate lowered funding costs across the curve.',
      '七天逆回购利率下调10个基点，带动各期限融资成本下行。',
    ),
    [
      'The cut was followed by a 10 basis point reduction in the loan prime rates the following week.',
      'Bank deposit rates were lowered in step, protecting net interest margins.',
    ],
    ['降息后一周，贷款市场报价利率随之下调10个基点。', '银行存款利率同步下调，有助于稳定净息差。'],
  ),
  article(
    'bonds',
    7,
    bi('Bond market monthly: record local-government issuance', '债券市场月报：地方政府债发行创新高'),
    bi('Special bond issuance accelerated to fund infrastructure projects.', '专项债发行提速，支持基础设施项目建设。'),
    [
      'Local governments issued RMB 1.1 trillion of bonds in the month, 60% of them special-purpose bonds for infrastructure.',
      'Despite the supply, yields were stable thanks to strong demand from banks and insurers.',
    ],
    [
      '本月地方政府发行债券1.1万亿元，其中六成为用于基础设施建设的专项债券。',
      '尽管供给放量，银行和保险机构需求旺盛，收益率保持稳定。',
    ],
  ),
  article(
    'bonds',
    38,
    bi('Bond market monthly: credit spreads tighten', '债券市场月报：信用利差收窄'),
    bi('AAA corporate spreads fell to three-year lows.', 'AAA级企业债利差降至三年来低位。'),
    [
      'Spreads of AAA-rated corporate bonds over government bonds narrowed 8 basis points to 42 basis points.',
      'Investors moved down the curve to lower-rated state-owned issuers in search of yield.',
    ],
    ['AAA级企业债相对国债利差收窄8个基点至42个基点。', '投资者为追求收益，逐步增持评级略低的国有企业发行人债券。'],
  ),
  article(
    'bonds',
    70,
    bi('Bond market monthly: foreign holdings rise again', '债券市场月报：境外机构持债再增加'),
    bi('Overseas investors added RMB 86 billion of onshore bonds.', '境外投资者增持境内债券860亿元。'),
    [
      'Foreign holdings of onshore bonds reached RMB 4.3 trillion, with policy bank bonds and negotiable certificates of deposit the most popular.',
      'Hedged yields remain attractive for dollar-based investors because of the wide forward points.',
    ],
    [
      '境外机构持有境内债券规模达4.3万亿元，政策性金融债和同业存单最受青睐。',
      '由于远期点数较大，对美元投资者而言，对冲后的收益率仍具吸引力。',
    ],
  ),
  article(
    'bonds',
    101,
    bi('Bond market monthly: green bonds gain share', '债券市场月报：绿色债券占比提升'),
    bi('Green bonds made up 9% of credit bond issuance.', '绿色债券占信用债发行量的9%。'),
    [
      'Issuers sold RMB 92 billion of green bonds, mainly for clean energy and clean transport.',
      'A new disclosure template from the market association is expected to improve comparability.',
    ],
    [
      '发行人共发行绿色债券920亿元，募集资金主要投向清洁能源和清洁交通领域。',
      '市场协会发布的新版信息披露模板有望提升可比性。',
    ],
  ),
  article(
    'rmbInternationalisation',
    10,
    bi('RMB internationalisation: share in trade settlement rises', '人民币国际化：贸易结算占比上升'),
    bi('The RMB settled 27% of China’s goods trade in the quarter.', '本季度人民币结算占中国货物贸易的27%。'),
    [
      'Cross-border RMB receipts and payments grew 18% year on year, led by trade with ASEAN and the Middle East.',
      'CIPS processed RMB 45 trillion, with 1,500 participants in 119 countries and regions.',
    ],
    [
      '跨境人民币收付同比增长18%，与东盟和中东的贸易增长最为显著。',
      'CIPS处理业务金额45万亿元，参与者达1500家，覆盖119个国家和地区。',
    ],
  ),
  article(
    'rmbInternationalisation',
    45,
    bi('RMB internationalisation: offshore centres grow', '人民币国际化：离岸中心持续发展'),
    bi(
      'Offshore RMB deposits rebounded in Hong Kong, Singapore and London.',
      '香港、新加坡和伦敦的离岸人民币存款回升。',
    ),
    [
      'RMB deposits in Hong Kong rose to RMB 1.05 trillion; Singapore and London also reported growth.',
      'Dim sum bond issuance by Chinese and foreign issuers reached a record for the first half.',
    ],
    ['香港人民币存款增至1.05万亿元，新加坡和伦敦亦录得增长。', '中外发行人上半年点心债发行规模创历史新高。'],
  ),
  article(
    'rmbInternationalisation',
    80,
    bi('RMB internationalisation: swap lines and reserves', '人民币国际化：货币互换与储备'),
    bi('Central banks renewed swap lines totalling RMB 4 trillion.', '各国央行续签的货币互换协议总额达4万亿元。'),
    [
      'The People’s Bank of China has bilateral swap lines with 40 central banks; several were renewed and enlarged this year.',
      'The RMB’s share of global reserves was 2.3%, steady over the year.',
    ],
    [
      '中国人民银行已与40家央行签署双边本币互换协议，今年多份协议续签并扩大规模。',
      '人民币在全球储备中的占比为2.3%，全年保持稳定。',
    ],
  ),
  article(
    'rmbInternationalisation',
    120,
    bi('RMB internationalisation: commodities priced in RMB', '人民币国际化：大宗商品人民币计价'),
    bi('More crude oil and iron ore deals are priced and settled in RMB.', '更多原油和铁矿石交易以人民币计价结算。'),
    [
      'Shanghai crude futures reached record open interest, and several miners signed RMB-priced iron ore contracts.',
      'Banks are offering RMB hedging and financing alongside these contracts.',
    ],
    [
      '上海原油期货持仓量创历史新高，多家矿企签署以人民币计价的铁矿石合同。',
      '银行围绕上述合同提供人民币套期保值和融资服务。',
    ],
  ),
  article(
    'pandaBonds',
    14,
    bi('Panda bonds: issuance reaches a new high', '熊猫债：发行规模再创新高'),
    bi(
      'Foreign issuers sold RMB 150 billion of panda bonds in the first three quarters.',
      '前三季度境外发行人发行熊猫债1500亿元。',
    ),
    [
      'Low onshore rates made panda bonds cheaper than dollar funding for many issuers, even after swapping.',
      'Sovereigns, development banks and multinationals led issuance.',
    ],
    [
      '境内利率较低，即便考虑互换成本，熊猫债对许多发行人而言仍比美元融资更便宜。',
      '主权国家、开发性银行和跨国公司是主要发行人。',
    ],
  ),
  article(
    'pandaBonds',
    55,
    bi('Panda bonds: first issue by a Latin American bank', '熊猫债：拉美银行首发熊猫债'),
    bi(
      'A development bank from Latin America priced a three-year panda bond at 2.45%.',
      '一家拉美开发银行发行三年期熊猫债，票面利率2.45%。',
    ),
    [
      'The RMB 2 billion deal was 3.1 times covered, with orders from banks, funds and overseas investors via Bond Connect.',
      'Proceeds will fund trade with Chinese companies.',
    ],
    [
      '该笔20亿元债券获得3.1倍认购，投资者包括银行、基金以及通过债券通参与的境外投资者。',
      '募集资金将用于支持与中国企业的贸易往来。',
    ],
  ),
  article(
    'pandaBonds',
    110,
    bi('Panda bonds: what issuers need to prepare', '熊猫债：发行人需要准备什么'),
    bi('Registration, ratings and accounting standards explained.', '注册、评级与会计准则要点。'),
    [
      'Issuers register with the market association, obtain an onshore rating and provide financial statements under Chinese or equivalent accounting standards.',
      'Typical time from mandate to pricing is three to four months.',
    ],
    [
      '发行人需在交易商协会注册，取得境内评级，并提供按中国会计准则或等效准则编制的财务报表。',
      '从委任到定价通常需要三至四个月。',
    ],
  ),
  article(
    'policyInterpretation',
    5,
    bi('Policy interpretation: new rules on cross-border financing', '政策解读：跨境融资新规'),
    bi('The macro-prudential parameter for cross-border financing was raised.', '跨境融资宏观审慎调节参数上调。'),
    [
      'Banks and companies may now borrow more abroad relative to their capital: the macro-prudential parameter rose from 1.5 to 1.75.',
      'Partner banks lending to Chinese borrowers should check the borrower’s updated ceiling.',
    ],
    [
      '跨境融资宏观审慎调节参数由1.5上调至1.75，银行和企业可借入的境外资金相对资本规模增加。',
      '向中国借款人提供融资的合作银行应核实借款人更新后的额度上限。',
    ],
  ),
  article(
    'policyInterpretation',
    40,
    bi('Policy interpretation: simpler RMB account opening for foreign banks', '政策解读：境外银行人民币账户开立简化'),
    bi('Document requirements for RMB correspondent accounts were reduced.', '人民币同业往来账户开户材料要求简化。'),
    [
      'Foreign banks may now open RMB correspondent accounts with a reduced document set and electronic know-your-customer checks.',
      'Existing accounts keep their terms; annual reviews are simplified too.',
    ],
    [
      '境外银行开立人民币同业往来账户所需材料减少，并可采用电子化客户身份识别。',
      '现有账户条件不变，年度审核流程亦同步简化。',
    ],
  ),
  article(
    'policyInterpretation',
    88,
    bi('Policy interpretation: green finance taxonomy updated', '政策解读：绿色金融目录更新'),
    bi(
      'The green bond endorsed project catalogue now aligns more closely with international standards.',
      '绿色债券支持项目目录与国际标准进一步接轨。',
    ),
    [
      'Clean coal projects were removed and nature-based solutions added, bringing the catalogue closer to the common ground taxonomy.',
      'Existing green bonds keep their label until maturity.',
    ],
    [
      '目录删除了清洁煤炭项目，新增基于自然的解决方案，与共同分类目录更加接近。',
      '已发行绿色债券在到期前保留绿色标识。',
    ],
  ),
  article(
    'information',
    2,
    bi('Information: holiday clearing arrangements', '资讯：节假日清算安排'),
    bi('RMB clearing during the national holiday.', '国庆节假期间人民币清算安排。'),
    [
      'CIPS will operate on the national holiday for cross-border payments; domestic high-value payments will pause.',
      'Please send RMB payments for value during the holiday by 17:00 Beijing time on the last business day before it.',
    ],
    [
      '国庆假期期间CIPS照常处理跨境支付业务，境内大额支付系统暂停运行。',
      '假期内起息的人民币付款，请于节前最后一个工作日北京时间17:00前发送指令。',
    ],
  ),
  article(
    'information',
    25,
    bi('Information: new SWIFT gpi services', '资讯：SWIFT gpi新服务上线'),
    bi('Pre-validation of beneficiary accounts is now available.', '现已支持收款账户预校验。'),
    [
      'Partner banks can now pre-validate beneficiary account details before sending payments to us, reducing returns and delays.',
      'Contact your relationship manager to enable the service.',
    ],
    ['合作银行在向本行发送付款前可预先校验收款人账户信息，减少退汇和延误。', '如需开通，请联系您的客户经理。'],
  ),
];

export const REPORTS: {
  issue: string;
  daysAgo: number;
  title: TBilingual;
  summary: TBilingual;
  sections: { heading: string; paragraphs: string[] }[];
  chart: { caption: string; labels: string[]; values: number[] };
}[] = [
  {
    issue: '2026 No. 6',
    daysAgo: 9,
    title: bi('Correspondent banking in a multipolar world', '多极化格局下的代理行业务'),
    summary: bi(
      'How payment corridors are shifting and what it means for correspondent networks.',
      '支付通道如何变化及其对代理行网络的影响。',
    ),
    sections: [
      {
        heading: 'Key points',
        paragraphs: [
          'Correspondent relationships fell 25% over the decade, but traffic is concentrating on fewer, larger corridors.',
          'Asian corridors grew fastest, led by trade between China, ASEAN and the Gulf.',
        ],
      },
      {
        heading: 'Implications for partner banks',
        paragraphs: [
          'Banks should review which currencies they clear directly and where an indirect route through a large correspondent is cheaper and safer.',
        ],
      },
    ],
    chart: {
      caption: 'Cross-border payment value by corridor (USD trillion)',
      labels: ['Asia-EU', 'Asia-US', 'Intra-Asia', 'Asia-Gulf', 'Asia-Africa'],
      values: [8.2, 9.1, 11.4, 3.6, 1.9],
    },
  },
  {
    issue: '2026 No. 5',
    daysAgo: 40,
    title: bi('Trade finance gaps after the rate cycle', '利率周期后的贸易融资缺口'),
    summary: bi(
      'Where the trade finance gap is widest and how risk distribution can help.',
      '贸易融资缺口在哪些地区最大，风险分销如何发挥作用。',
    ),
    sections: [
      {
        heading: 'Key points',
        paragraphs: [
          'The global trade finance gap is estimated at USD 2.5 trillion, half of it in Africa and developing Asia.',
          'Risk participation lets banks with local knowledge keep originating while sharing exposure.',
        ],
      },
      {
        heading: 'Outlook',
        paragraphs: ['Lower rates should ease the cost of funded participation in the second half.'],
      },
    ],
    chart: {
      caption: 'Rejection rate of trade finance requests by region (%)',
      labels: ['Africa', 'Dev. Asia', 'LatAm', 'Europe', 'N. America'],
      values: [40.5, 33.2, 27.9, 9.8, 7.1],
    },
  },
  {
    issue: '2026 No. 4',
    daysAgo: 75,
    title: bi('Panda bonds: a funding option for emerging-market banks', '熊猫债：新兴市场银行的融资选择'),
    summary: bi(
      'Cost, process and investor base compared with dollar funding.',
      '与美元融资相比的成本、流程与投资者结构。',
    ),
    sections: [
      {
        heading: 'Key points',
        paragraphs: [
          'After swapping into dollars, three-year panda bonds saved A-rated issuers 20-40 basis points this year.',
          'The investor base is broadening as Bond Connect brings more foreign buyers.',
        ],
      },
    ],
    chart: {
      caption: 'Panda bond issuance (RMB billion)',
      labels: ['2021', '2022', '2023', '2024', '2025'],
      values: [106, 85, 154, 195, 168],
    },
  },
  {
    issue: '2026 No. 3',
    daysAgo: 110,
    title: bi('Green finance: from labels to transition plans', '绿色金融：从标签到转型计划'),
    summary: bi(
      'Why lenders are asking for credible transition plans, and how to prepare.',
      '为何贷款人要求可信的转型计划以及如何准备。',
    ),
    sections: [
      {
        heading: 'Key points',
        paragraphs: [
          'Sustainability-linked loans now require science-based targets in most syndicates.',
          'Banks that finance high-emitting sectors need sector pathways to keep access to green funding.',
        ],
      },
    ],
    chart: {
      caption: 'Green and sustainability-linked loans in Asia (USD billion)',
      labels: ['2021', '2022', '2023', '2024', '2025'],
      values: [98, 112, 131, 149, 170],
    },
  },
  {
    issue: '2026 No. 2',
    daysAgo: 140,
    title: bi('RMB liquidity management for overseas banks', '境外银行的人民币流动性管理'),
    summary: bi(
      'Tools for holding and investing RMB balances offshore and onshore.',
      '在境内外持有和投资人民币余额的工具。',
    ),
    sections: [
      {
        heading: 'Key points',
        paragraphs: [
          'Overseas banks can invest RMB through CIBM Direct, Bond Connect and onshore interbank deposits.',
          'Repo with onshore counterparties is now open to more foreign institutions.',
        ],
      },
    ],
    chart: {
      caption: 'Yield of RMB liquidity tools (%)',
      labels: ['O/N deposit', '3M NCD', '1Y CGB', '3Y policy', '5Y CGB'],
      values: [1.4, 1.9, 1.6, 1.9, 2.0],
    },
  },
  {
    issue: '2026 No. 1',
    daysAgo: 170,
    title: bi('Outlook 2026: five themes for financial institutions', '2026年展望：金融机构的五大主题'),
    summary: bi('Rates, trade, payments, sustainability and technology.', '利率、贸易、支付、可持续发展与科技。'),
    sections: [
      {
        heading: 'Five themes',
        paragraphs: [
          'Lower rates, regionalised trade, faster payments, transition finance and AI in operations will shape the year.',
          'We expect correspondent banking volumes to grow 6% and trade finance 4%.',
        ],
      },
    ],
    chart: {
      caption: 'Forecast growth by business line (%)',
      labels: ['Payments', 'Trade', 'Lending', 'FX', 'Custody'],
      values: [6, 4, 5, 3, 7],
    },
  },
];

type TopicSection = { heading: TBilingual; body: Paragraphs; plain: string };

export const TOPICS: {
  key: string;
  title: TBilingual;
  summary: TBilingual;
  sections: TopicSection[];
  portuguese?: string[];
}[] = [
  {
    key: 'crossBorderRmb',
    title: bi('Cross-border RMB services', '跨境人民币服务'),
    summary: bi(
      'Accounts, clearing, financing and investment in RMB for partner institutions.',
      '为合作机构提供人民币账户、清算、融资与投资服务。',
    ),
    sections: [
      {
        heading: bi('Clearing and accounts', '清算与账户'),
        plain: 'RMB vostro accounts, direct CIPS participation and indirect access for partner banks.',
        body: {
          en: [
            'We are a direct participant in CIPS and offer RMB vostro accounts to overseas banks, who can become indirect participants through us.',
            'Payments are settled the same day, with SWIFT gpi tracking and RMB clearing hours extended to 08:30 the next morning Beijing time.',
          ],
          zh: [
            '本行为CIPS直接参与者，为境外银行开立人民币同业往来账户，境外银行可通过本行成为CIPS间接参与者。',
            '付款当日结算，支持SWIFT gpi追踪，人民币清算服务时间延长至北京时间次日8:30。',
          ],
        },
      },
      {
        heading: bi('Financing in RMB', '人民币融资'),
        plain: 'RMB trade finance, interbank lending and RMB-denominated syndicated loans.',
        body: {
          en: [
            'We provide RMB trade finance, bilateral interbank loans and RMB tranches in syndicated facilities, often at lower cost than dollar funding.',
          ],
          zh: ['本行提供人民币贸易融资、双边同业借款及银团贷款中的人民币部分，融资成本通常低于美元。'],
        },
      },
      {
        heading: bi('Investing RMB', '人民币投资'),
        plain: 'Access to the interbank bond market, custody and repo.',
        body: {
          en: [
            'We are settlement agent and custodian for CIBM Direct and Bond Connect investors and can arrange repo with onshore counterparties.',
          ],
          zh: ['本行为银行间债券市场直接投资和债券通投资者担任结算代理人和托管行，并可安排与境内交易对手的回购交易。'],
        },
      },
    ],
  },
  {
    key: 'beltAndRoadInitiative',
    title: bi('Belt and Road Initiative', '“一带一路”倡议'),
    summary: bi(
      'Financing trade and infrastructure with partners along the Belt and Road.',
      '与“一带一路”沿线伙伴共同支持贸易与基础设施建设。',
    ),
    sections: [
      {
        heading: bi('Our presence', '我们的布局'),
        plain: 'Branches and subsidiaries in 30 Belt and Road countries.',
        body: {
          en: [
            'We have branches or subsidiaries in 30 Belt and Road countries and correspondent relationships with 600 banks in the region.',
          ],
          zh: ['本行在30个“一带一路”共建国家设有分支机构或子公司，并与区域内600家银行建立代理行关系。'],
        },
      },
      {
        heading: bi('Project and trade finance', '项目与贸易融资'),
        plain: 'Export credit, project finance and risk participation for infrastructure.',
        body: {
          en: [
            'We arrange export-credit-backed loans, project finance and guarantees for power, transport and telecoms projects, often together with local banks.',
            'Partner banks can join as co-lenders or take risk participation in our trade assets.',
          ],
          zh: [
            '本行为电力、交通和通信项目安排出口信贷支持的贷款、项目融资和保函，并常与当地银行合作。',
            '合作银行可作为共同贷款人参与，或对本行贸易资产进行风险参与。',
          ],
        },
      },
      {
        heading: bi('Sustainable projects', '可持续项目'),
        plain: 'Environmental and social standards for Belt and Road projects.',
        body: {
          en: [
            'All projects we finance are screened under the Equator Principles and the Green Investment Principles for the Belt and Road.',
          ],
          zh: ['本行融资的所有项目均按照赤道原则和《“一带一路”绿色投资原则》进行审查。'],
        },
      },
    ],
  },
  {
    key: 'greenFinance',
    title: bi('Green finance', '绿色金融'),
    summary: bi(
      'Green loans, bonds and transition finance with partner institutions.',
      '与合作机构共同开展绿色贷款、绿色债券与转型金融。',
    ),
    sections: [
      {
        heading: bi('Green lending', '绿色信贷'),
        plain: 'Green and sustainability-linked loans to financial institutions.',
        body: {
          en: [
            'We lend to partner banks for onlending to renewable energy, energy efficiency and clean transport, with reporting aligned to the Green Loan Principles.',
          ],
          zh: [
            '本行向合作银行提供资金，用于向可再生能源、能效提升和清洁交通项目转贷，报告要求与《绿色贷款原则》一致。',
          ],
        },
      },
      {
        heading: bi('Green bonds', '绿色债券'),
        plain: 'Underwriting and investing in green bonds onshore and offshore.',
        body: {
          en: [
            'We underwrite green bonds in China and abroad, including green panda bonds, and invest in green bonds issued by partner banks.',
          ],
          zh: ['本行在境内外承销绿色债券（包括绿色熊猫债），并投资合作银行发行的绿色债券。'],
        },
      },
      {
        heading: bi('Transition finance', '转型金融'),
        plain: 'Financing credible decarbonisation in high-emitting sectors.',
        body: {
          en: [
            'We support clients in steel, cement and shipping with transition loans tied to science-based targets and published transition plans.',
          ],
          zh: ['本行为钢铁、水泥和航运等行业客户提供与科学碳目标及公开转型计划挂钩的转型贷款。'],
        },
      },
    ],
  },
  {
    key: 'portugueseLanguage',
    title: bi('Portuguese-speaking countries', '葡语国家'),
    summary: bi(
      'Cooperation with financial institutions in Portuguese-speaking countries, through Macao.',
      '以澳门为平台，与葡语国家金融机构开展合作。',
    ),
    sections: [
      {
        heading: bi('Macao as a platform', '澳门平台'),
        plain: 'RMB clearing and services for Portuguese-speaking countries through Macao.',
        body: {
          en: [
            'Our Macao branch serves as a platform for trade and investment between China and Portuguese-speaking countries, with RMB clearing and Portuguese-speaking staff.',
          ],
          zh: ['本行澳门分行作为中国与葡语国家经贸合作的服务平台，提供人民币清算服务，并配备葡语服务人员。'],
        },
      },
      {
        heading: bi('Services', '服务内容'),
        plain: 'Correspondent accounts, trade finance and RMB settlement.',
        body: {
          en: [
            'We open correspondent accounts, confirm letters of credit and provide RMB settlement for banks in Angola, Brazil, Cabo Verde, Guinea-Bissau, Mozambique, Portugal, São Tomé and Príncipe and Timor-Leste.',
          ],
          zh: [
            '本行为安哥拉、巴西、佛得角、几内亚比绍、莫桑比克、葡萄牙、圣多美和普林西比及东帝汶的银行开立往来账户、保兑信用证并提供人民币结算服务。',
          ],
        },
      },
    ],
    portuguese: [
      'O Global Cooperation Bank, através da sua sucursal de Macau, apoia o comércio e o investimento entre a China e os países de língua portuguesa.',
      'Oferecemos contas de correspondente, confirmação de cartas de crédito, financiamento ao comércio e compensação em renminbi às instituições financeiras parceiras.',
      'Contacte a nossa equipa de língua portuguesa para conhecer as soluções de cooperação mais adequadas à sua instituição.',
    ],
  },
];

export const COMPLIANCE: { title: TBilingual; summary: TBilingual; body: Paragraphs; pdf: boolean; daysAgo: number }[] =
  [
    {
      title: bi('Wolfsberg Questionnaire (CBDDQ)', '沃尔夫斯堡问卷（CBDDQ）'),
      summary: bi('Our latest correspondent banking due diligence questionnaire.', '本行最新代理行尽职调查问卷。'),
      body: {
        en: [
          'The bank completes the Wolfsberg Correspondent Banking Due Diligence Questionnaire every year.',
          'The questionnaire covers ownership, AML/CTF and sanctions programmes, and is signed by the Group Chief Compliance Officer.',
        ],
        zh: [
          '本行每年填写沃尔夫斯堡代理行尽职调查问卷。',
          '问卷涵盖股权结构、反洗钱与反恐怖融资及制裁合规管理，由集团首席合规官签署。',
        ],
      },
      pdf: true,
      daysAgo: 30,
    },
    {
      title: bi('Anti-money laundering policy statement', '反洗钱政策声明'),
      summary: bi(
        'Principles of our AML and counter-terrorist financing programme.',
        '本行反洗钱和反恐怖融资工作原则。',
      ),
      body: {
        en: [
          'The bank applies a risk-based approach to customer due diligence, ongoing monitoring and suspicious transaction reporting.',
          'Staff receive annual training, and the programme is audited independently every year.',
        ],
        zh: [
          '本行在客户尽职调查、持续监测和可疑交易报告方面采取风险为本的方法。',
          '员工每年接受培训，反洗钱工作每年接受独立审计。',
        ],
      },
      pdf: true,
      daysAgo: 60,
    },
    {
      title: bi('Sanctions compliance statement', '制裁合规声明'),
      summary: bi(
        'How we screen customers and payments against sanctions lists.',
        '本行如何依据制裁名单筛查客户和支付。',
      ),
      body: {
        en: [
          'We screen customers and payments against the sanctions lists of the United Nations, China and the jurisdictions where we operate.',
        ],
        zh: ['本行依据联合国、中国及业务所在司法辖区的制裁名单对客户和支付进行筛查。'],
      },
      pdf: false,
      daysAgo: 90,
    },
    {
      title: bi('USA PATRIOT Act certification', '美国《爱国者法案》证明'),
      summary: bi('Certification for US correspondent accounts.', '美国代理账户所需证明文件。'),
      body: {
        en: [
          'The certification confirms that the bank does not maintain accounts for shell banks and names its US agent for service of process.',
        ],
        zh: ['该证明确认本行不为空壳银行开立账户，并列明本行在美国的法律文书送达代理人。'],
      },
      pdf: true,
      daysAgo: 120,
    },
    {
      title: bi('FATCA and CRS status', 'FATCA与CRS身份'),
      summary: bi(
        'Our GIIN and tax status under FATCA and the Common Reporting Standard.',
        '本行的GIIN及在FATCA和共同申报准则下的税务身份。',
      ),
      body: {
        en: [
          'The bank is a Reporting Model 1 FFI under FATCA and a reporting financial institution under the Common Reporting Standard.',
        ],
        zh: ['根据FATCA，本行为模式一申报外国金融机构；根据共同申报准则，本行为申报金融机构。'],
      },
      pdf: false,
      daysAgo: 150,
    },
  ];

export const INSTITUTIONS: {
  name: TBilingual;
  namePt: string;
  country: string;
  city: TBilingual;
  swiftCode: string;
  descriptionPt: string;
}[] = [
  {
    name: bi('Atlantic Savings Bank of Portugal', '葡萄牙大西洋储蓄银行'),
    namePt: 'Banco de Poupança Atlântico',
    country: 'PT',
    city: bi('Lisbon', '里斯本'),
    swiftCode: 'BPATPTPL',
    descriptionPt: 'Banco comercial com foco em financiamento ao comércio com a Ásia.',
  },
  {
    name: bi('Northern Commercial Bank', '北方商业银行'),
    namePt: 'Banco Comercial do Norte',
    country: 'PT',
    city: bi('Porto', '波尔图'),
    swiftCode: 'BCNOPTPP',
    descriptionPt: 'Apoio a exportadores e importadores da região norte de Portugal.',
  },
  {
    name: bi('Bank of Luanda Development', '罗安达发展银行'),
    namePt: 'Banco de Desenvolvimento de Luanda',
    country: 'AO',
    city: bi('Luanda', '罗安达'),
    swiftCode: 'BDLUAOLU',
    descriptionPt: 'Financiamento de projetos de infraestrutura e energia em Angola.',
  },
  {
    name: bi('Kwanza Trade Bank', '宽扎贸易银行'),
    namePt: 'Banco Comercial do Kwanza',
    country: 'AO',
    city: bi('Luanda', '罗安达'),
    swiftCode: 'BCKWAOLUXXX',
    descriptionPt: 'Cartas de crédito e pagamentos em renminbi para empresas angolanas.',
  },
  {
    name: bi('São Paulo Agribusiness Bank', '圣保罗农业银行'),
    namePt: 'Banco do Agronegócio Paulista',
    country: 'BR',
    city: bi('São Paulo', '圣保罗'),
    swiftCode: 'BAGPBRSP',
    descriptionPt: 'Financiamento às exportações agrícolas para a China.',
  },
  {
    name: bi('Rio Capital Bank', '里约资本银行'),
    namePt: 'Banco Capital do Rio',
    country: 'BR',
    city: bi('Rio de Janeiro', '里约热内卢'),
    swiftCode: 'BCRIBRRJ',
    descriptionPt: 'Banco de investimento com atuação em emissões de dívida e câmbio.',
  },
  {
    name: bi('Mozambique Coastal Bank', '莫桑比克海岸银行'),
    namePt: 'Banco Costeiro de Moçambique',
    country: 'MZ',
    city: bi('Maputo', '马普托'),
    swiftCode: 'BCMOMZMA',
    descriptionPt: 'Serviços bancários para o comércio portuário e logística.',
  },
  {
    name: bi('Cabo Verde Island Bank', '佛得角群岛银行'),
    namePt: 'Banco das Ilhas de Cabo Verde',
    country: 'CV',
    city: bi('Praia', '普拉亚'),
    swiftCode: 'BICVCVCV',
    descriptionPt: 'Banco de referência para turismo e remessas de emigrantes.',
  },
  {
    name: bi('Guinea-Bissau People’s Bank', '几内亚比绍人民银行'),
    namePt: 'Banco Popular da Guiné-Bissau',
    country: 'GW',
    city: bi('Bissau', '比绍'),
    swiftCode: 'BPGBGWGW',
    descriptionPt: 'Apoio à exportação de caju e ao financiamento rural.',
  },
  {
    name: bi('São Tomé Equator Bank', '圣多美赤道银行'),
    namePt: 'Banco Equador de São Tomé',
    country: 'ST',
    city: bi('São Tomé', '圣多美'),
    swiftCode: 'BESTSTST',
    descriptionPt: 'Serviços de correspondente bancário e pagamentos internacionais.',
  },
  {
    name: bi('Timor Sunrise Bank', '帝汶日出银行'),
    namePt: 'Banco Nascer do Sol de Timor',
    country: 'TL',
    city: bi('Dili', '帝力'),
    swiftCode: 'BNSTTLDI',
    descriptionPt: 'Banco comercial que apoia o comércio entre Timor-Leste e a Ásia.',
  },
  {
    name: bi('Macao Lusophone Bank', '澳门葡语国家银行'),
    namePt: 'Banco Lusófono de Macau',
    country: 'MO',
    city: bi('Macao', '澳门'),
    swiftCode: 'BLMAMOMX',
    descriptionPt: 'Plataforma de serviços financeiros entre a China e os países de língua portuguesa.',
  },
];
