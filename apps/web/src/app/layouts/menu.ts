import type { I18nKey } from '../../lib/i18n/keys.ts';

export type MenuItem = {
  key: string;
  label: I18nKey;
  path: string;
  /** Shown on hover and keyboard focus. */
  tooltip?: I18nKey;
  /** Further paths (and their sub-paths) on which this item shows as current. */
  activeFor?: readonly string[];
  children?: readonly MenuItem[];
};

/** The header menu of SPEC §2. Paths are case-sensitive, as in the route table. */
export const MAIN_MENU: readonly MenuItem[] = [
  { key: 'home', label: 'common:menu.home', path: '/home' },
  {
    key: 'aboutBank',
    label: 'common:menu.aboutBank',
    path: '/understandCCB',
    activeFor: ['/about'],
    children: [
      { key: 'internationalBusiness', label: 'common:menu.internationalBusiness', path: '/understandCCB' },
      {
        key: 'complianceMaterials',
        label: 'common:menu.complianceMaterials',
        path: '/PolicyInformation/ComplianceList',
      },
    ],
  },
  { key: 'productsServices', label: 'common:menu.productsServices', path: '/productsAndServices' },
  {
    key: 'marketTrends',
    label: 'common:menu.marketTrends',
    path: '/policyInformation',
    children: [
      { key: 'trends', label: 'common:menu.trends', path: '/policyInformation' },
      { key: 'researchReports', label: 'common:menu.researchReports', path: '/PolicyInformation/fcReport' },
    ],
  },
  {
    key: 'businessOpportunities',
    label: 'common:menu.businessOpportunities',
    path: '/release',
    tooltip: 'common:menu.businessOpportunitiesTip',
    activeFor: ['/publishInfo', '/cooperationDetail'],
  },
];

function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** Whether the item (or one of its children) is the section of the current page. */
export function isMenuItemActive(item: MenuItem, pathname: string): boolean {
  if (isUnder(pathname, item.path)) return true;
  if (item.activeFor?.some((path) => isUnder(pathname, path))) return true;
  return item.children?.some((child) => isMenuItemActive(child, pathname)) ?? false;
}
