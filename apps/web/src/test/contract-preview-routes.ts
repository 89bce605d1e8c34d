/** The app's routes for the contract page tests, the preview page loaded from its own module. */
import { ROUTES, type RouteRecord } from '../app/routes.tsx';
import { PREVIEW_CONTRACT_PATH } from '../features/contracts/paths.ts';
import { lazyPage } from '../lib/lazy-page.ts';

export const PREVIEW_TEST_ROUTES: RouteRecord[] = [
  ...ROUTES.filter((route) => route.path !== PREVIEW_CONTRACT_PATH),
  {
    path: PREVIEW_CONTRACT_PATH,
    title: 'cooperation:routes.previewContract',
    layout: 'bare',
    noLogin: true,
    page: lazyPage(() => import('../pages/contracts/PreviewContractPage.tsx'), 'PreviewContractPage'),
  },
];
