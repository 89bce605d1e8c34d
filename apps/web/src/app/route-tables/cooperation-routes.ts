import { PREVIEW_CONTRACT_PATH, SIGN_CONTRACT_PATH, VERIFY_PATH } from '../../features/contracts/paths.ts';
import { COOPERATION_DETAIL_PATH, RELEASE_PATH } from '../../features/cooperation/paths.ts';
import { PUBLISH_PATH } from '../../features/publish/paths.ts';
import { loadNamespace } from '../../lib/i18n/namespaces.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { type RouteRecord, routeGroup } from './route-record.ts';

/** Business opportunities, the detail of a request, publishing, and contracts (SPEC §2). */
export const COOPERATION_ROUTES: readonly RouteRecord[] = [
  ...routeGroup({ hiddenBanner: true }, [
    {
      path: RELEASE_PATH,
      title: 'cooperation:routes.release',
      page: lazyPage(() => import('../../pages/opportunities/OpportunitiesPage.tsx'), 'OpportunitiesPage'),
    },
    {
      path: COOPERATION_DETAIL_PATH,
      title: 'cooperation:routes.detail',
      page: lazyPage(() => import('../../pages/cooperation-detail/CooperationDetailPage.tsx'), 'CooperationDetailPage'),
    },
  ]),

  // Contracts: preview and signing sit outside the main layout with no login flag (the pages
  // decide who may see or sign); /verify checks a signed PDF, open to visitors.
  ...routeGroup({ noLogin: true, layout: 'bare' }, [
    {
      path: PREVIEW_CONTRACT_PATH,
      title: 'cooperation:routes.previewContract',
      page: lazyPage(() => import('../../pages/contracts/PreviewContractPage.tsx'), 'PreviewContractPage'),
    },
    {
      path: SIGN_CONTRACT_PATH,
      title: 'cooperation:routes.signContract',
      page: lazyPage(() => import('../../pages/contracts/SignContractPage.tsx'), 'SignContractPage'),
    },
  ]),
  ...routeGroup({ hiddenBanner: true }, [
    {
      path: VERIFY_PATH,
      title: 'cooperation:routes.verify',
      noLogin: true,
      // Its texts come with its code: the page renders whole on its first render (main.tsx preloads
      // it under the server's first screen), not a spinner first.
      page: lazyPage(
        () =>
          Promise.all([import('../../pages/contracts/VerifyPage.tsx'), loadNamespace('contracts')]).then(
            ([module]) => module,
          ),
        'VerifyPage',
      ),
    },

    // Publish cooperation information: category, type, form; drafts resume here.
    {
      path: PUBLISH_PATH,
      title: 'publish:routes.publish',
      page: lazyPage(() => import('../../pages/publish/PublishPage.tsx'), 'PublishPage'),
    },
  ]),
];
