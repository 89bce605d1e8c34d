import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useRouteMeta } from '../route-meta.ts';
import { usePendingRequests } from '../shell/LoadingMask.tsx';
import { PageFallback } from '../shell/PageFallback.tsx';
import { CooperationBand } from './CooperationBand.tsx';
import { PortalFooter } from './PortalFooter.tsx';
import { PortalHeader } from './PortalHeader.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink.tsx';
import { BANNER } from './slots.tsx';

/** Header, optional banner, the page, the cooperation band and the footer (SPEC §2). */
export function MainLayout() {
  const meta = useRouteMeta();
  const busy = usePendingRequests() > 0;
  const Banner = BANNER;
  return (
    <div className="portal-layout">
      <SkipLink />
      <PortalHeader />
      {Banner && meta && !meta.hiddenBanner ? (
        <Suspense fallback={null}>
          <Banner />
        </Suspense>
      ) : null}
      <main id={MAIN_CONTENT_ID} className="portal-main" tabIndex={-1} aria-busy={busy}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <CooperationBand />
      <PortalFooter showCopyright={!meta?.hiddenCopyRight} />
    </div>
  );
}
