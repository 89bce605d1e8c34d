/**
 * Demo accounts (invented people and institutions; README lists the log-ins). One password for
 * all of them, hashed once.
 *
 * How a demo account is recognised later (demo-passwords.ts, the production start check): its
 * e-mail is one of DEMO_EMAILS, or its `lgc_sn` starts with DEMO_USER_MARKER (only this step
 * writes such serial numbers; the portal gives real accounts UUIDs), or it shares the seed's
 * password hash.
 */
import { ACTIVATION, ROLE } from '@portal/shared';
import type { TProfile } from '@portal/shared/schemas/accounts';
import { sql } from 'kysely';
import { hashPassword } from '../../platform/passwords.ts';
import type { Db } from '../database.ts';
import type { SeedStep } from './index.ts';

export const DEMO_PASSWORD = 'Portal#2026';
/** `lgc_sn` prefix of the accounts this step writes. */
export const DEMO_USER_MARKER = 'demo-user-';

type DemoInstitution = {
  key: string;
  name: string;
  swiftCode: string;
  kind: 'partner' | 'bank';
  country: string;
  continent: string;
};
type DemoUser = {
  email: string;
  name: string;
  institution: string;
  roles: string[];
  activation: '1' | '5';
  profile: Omit<TProfile, 'usrNm' | 'instNm' | 'instSwiftCode' | 'country' | 'continent'>;
};

const INSTITUTIONS: DemoInstitution[] = [
  {
    key: 'bank',
    name: 'Global Cooperation Bank, Head Office',
    swiftCode: 'GLCBCNBJ',
    kind: 'bank',
    country: 'CN',
    continent: 'ASIA',
  },
  {
    key: 'harbourview',
    name: 'Harbourview Commercial Bank',
    swiftCode: 'HVCBHKHH',
    kind: 'partner',
    country: 'HK',
    continent: 'ASIA',
  },
  {
    key: 'nordlys',
    name: 'Nordlys Handelsbank ASA',
    swiftCode: 'NRDLNOKK',
    kind: 'partner',
    country: 'NO',
    continent: 'EUROPE',
  },
  {
    key: 'atlantico',
    name: 'Banco Atlântico de Investimento',
    swiftCode: 'BATLPTPL',
    kind: 'partner',
    country: 'PT',
    continent: 'EUROPE',
  },
];

const base = {
  phone: '+852 3900 1200',
  userRole: 'general' as const,
  releaseInfoTypes: ['TRADE_FINANCE'],
  branchType: 'headOffice' as const,
  branchName: '',
  branchRegistrationPlace: '',
  branchSwiftCode: '',
  department: 'Financial Institutions',
  headOfficeEmployee: false,
  officeAddress: '88 Queensway, Admiralty, Hong Kong',
  usualContactBranches: ['OS_HONG_KONG'],
  mainContactBranch: 'OS_HONG_KONG',
  actingOnBehalf: false,
  actingForInstitution: '',
  businessScope: 'Trade finance and correspondent banking for Asia-Pacific clients.',
  introAttachments: [],
  interestedTypes: ['FORFAITING', 'RISK_PARTICIPATION', 'SYNDICATED_LOAN'],
};

const USERS: DemoUser[] = [
  {
    email: 'admin@bank.example',
    name: 'Zhang Min',
    institution: 'bank',
    roles: [ROLE.bankStaff, ROLE.systemAdmin],
    activation: ACTIVATION.approved,
    profile: {
      ...base,
      jobTitle: 'System Administrator',
      department: 'Digital Banking',
      officeAddress: '25 Finance Street, Xicheng District, Beijing',
      headOfficeEmployee: true,
    },
  },
  {
    email: 'staff@bank.example',
    name: 'Chen Jing',
    institution: 'bank',
    roles: [ROLE.bankStaff],
    activation: ACTIVATION.approved,
    profile: {
      ...base,
      jobTitle: 'Account Manager, Financial Institutions',
      officeAddress: '25 Finance Street, Xicheng District, Beijing',
      headOfficeEmployee: true,
    },
  },
  {
    email: 'amy.chan@harbourview.example',
    name: 'Amy Chan',
    institution: 'harbourview',
    roles: [ROLE.general, ROLE.institutionAdmin],
    activation: ACTIVATION.approved,
    profile: { ...base, userRole: 'admin', jobTitle: 'Head of Correspondent Banking' },
  },
  {
    email: 'kevin.lau@harbourview.example',
    name: 'Kevin Lau',
    institution: 'harbourview',
    roles: [ROLE.general],
    activation: ACTIVATION.approved,
    profile: {
      ...base,
      jobTitle: 'Trade Finance Manager',
      interestedTypes: ['FORFAITING', 'EXPORT_NEGOTIATION', 'INTERNATIONAL_FACTORING'],
    },
  },
  {
    email: 'ingrid.berg@nordlys.example',
    name: 'Ingrid Berg',
    institution: 'nordlys',
    roles: [ROLE.general],
    activation: ACTIVATION.approved,
    profile: {
      ...base,
      phone: '+47 22 00 41 00',
      jobTitle: 'Senior Treasury Dealer',
      officeAddress: 'Karl Johans gate 12, Oslo',
      usualContactBranches: [],
      mainContactBranch: '',
      businessScope: 'Treasury, syndicated lending and risk participation in Nordic trade flows.',
      interestedTypes: ['FORFAITING', 'RISK_PARTICIPATION', 'BILATERAL_LOAN', 'PANDA_BOND'],
    },
  },
  {
    email: 'maria.silva@atlantico.example',
    name: 'Maria Silva',
    institution: 'atlantico',
    roles: [],
    activation: ACTIVATION.underReview,
    profile: {
      ...base,
      phone: '+351 21 000 7700',
      jobTitle: 'Trade Finance Officer',
      officeAddress: 'Avenida da Liberdade 190, Lisboa',
      usualContactBranches: [],
      mainContactBranch: '',
      businessScope: 'Trade finance for Portuguese-speaking markets.',
      interestedTypes: ['EXPORT_NEGOTIATION', 'LC_ADVISING'],
    },
  },
];

/** The demo accounts' e-mail addresses (lower case, as stored). */
export const DEMO_EMAILS: readonly string[] = USERS.map((user) => user.email);

export const demoAccounts: SeedStep = {
  name: '0002-demo-accounts',
  async run(db: Db) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const ids = new Map<string, number>();
    for (const inst of INSTITUTIONS) {
      const row = await db
        .insertInto('institution')
        .values({
          lgcSn: `demo-inst-${inst.key}`,
          name: inst.name,
          swiftCode: inst.swiftCode,
          kind: inst.kind,
          country: inst.country,
          continent: inst.continent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(inst.key, row.id);
    }
    for (const [index, user] of USERS.entries()) {
      const inst = INSTITUTIONS.find((i) => i.key === user.institution)!;
      const profile: TProfile = {
        ...user.profile,
        usrNm: user.name,
        instNm: inst.name,
        instSwiftCode: inst.swiftCode,
        country: inst.country,
        continent: inst.continent,
      };
      await db
        .insertInto('appUser')
        .values({
          lgcSn: `${DEMO_USER_MARKER}${index + 1}`,
          email: user.email,
          passwordHash,
          name: user.name,
          phone: profile.phone,
          institutionId: ids.get(user.institution)!,
          roleCodes: sql<string[]>`${user.roles}::text[]`,
          activation: user.activation,
          agreementAccepted: true,
          profile: JSON.stringify(profile),
          interestedTypes: sql<string[]>`${profile.interestedTypes}::text[]`,
        })
        .execute();
    }
  },
};
