import { CONTENT_PATHS } from '../../features/content/ui/content-links.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { type RouteRecord, routeGroup } from './route-record.ts';

const topicPages = () => import('../../pages/content/topics/TopicPages.tsx');
const articlePage = () => import('../../pages/content/market-trends/ArticlePage.tsx');

/** Public portal content (SPEC §2): about the bank, products, market trends, research, topics. */
export const CONTENT_ROUTES: readonly RouteRecord[] = routeGroup({ hiddenBanner: true }, [
  ...routeGroup({ noLogin: true }, [
    {
      path: CONTENT_PATHS.understand,
      title: 'content:routes.understand',
      page: lazyPage(() => import('../../pages/content/understand/UnderstandPage.tsx'), 'UnderstandPage'),
    },
    {
      path: `${CONTENT_PATHS.understand}/essential/:id`,
      title: 'content:routes.essential',
      page: lazyPage(() => import('../../pages/content/understand/EssentialDetailPage.tsx'), 'EssentialDetailPage'),
    },
    {
      path: CONTENT_PATHS.about,
      title: 'content:routes.about',
      page: lazyPage(() => import('../../pages/content/about/AboutPage.tsx'), 'AboutPage'),
    },
  ]),
  {
    path: CONTENT_PATHS.products,
    title: 'content:routes.products',
    page: lazyPage(() => import('../../pages/content/products/ProductsPage.tsx'), 'ProductsPage'),
  },
  {
    path: `${CONTENT_PATHS.products}/detail/:id`,
    title: 'content:routes.productDetail',
    page: lazyPage(() => import('../../pages/content/products/ProductDetailPage.tsx'), 'ProductDetailPage'),
  },
  {
    path: CONTENT_PATHS.trends,
    title: 'content:routes.trends',
    page: lazyPage(() => import('../../pages/content/market-trends/TrendsPage.tsx'), 'TrendsPage'),
  },
  {
    path: `${CONTENT_PATHS.trends}/interpretation/:id`,
    title: 'content:routes.interpretation',
    page: lazyPage(articlePage, 'ArticlePage'),
  },
  {
    path: `${CONTENT_PATHS.trends}/informationDetail/:id`,
    title: 'content:routes.informationDetail',
    page: lazyPage(articlePage, 'ArticlePage'),
  },
  {
    path: CONTENT_PATHS.compliance,
    title: 'content:routes.compliance',
    page: lazyPage(() => import('../../pages/content/compliance/ComplianceListPage.tsx'), 'ComplianceListPage'),
  },
  {
    path: CONTENT_PATHS.reports,
    title: 'content:routes.reports',
    page: lazyPage(() => import('../../pages/content/reports/ReportsPage.tsx'), 'ReportsPage'),
  },
  {
    path: CONTENT_PATHS.crossBorderRmb,
    title: 'content:routes.crossBorderRmb',
    page: lazyPage(topicPages, 'CrossBorderRmbPage'),
  },
  {
    path: CONTENT_PATHS.crossBorderRmbPreview,
    title: 'content:routes.crossBorderRmbPreview',
    page: lazyPage(() => import('../../pages/content/topics/CrossBorderPreviewPage.tsx'), 'CrossBorderPreviewPage'),
  },
  {
    path: CONTENT_PATHS.beltAndRoad,
    title: 'content:routes.beltAndRoad',
    page: lazyPage(topicPages, 'BeltAndRoadPage'),
  },
  {
    path: CONTENT_PATHS.greenFinance,
    title: 'content:routes.greenFinance',
    page: lazyPage(topicPages, 'GreenFinancePage'),
  },
  {
    path: CONTENT_PATHS.portuguese,
    title: 'content:routes.portuguese',
    page: lazyPage(() => import('../../pages/content/portuguese/PortuguesePage.tsx'), 'PortuguesePage'),
  },
]);
