import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageFallback } from '../shell/PageFallback.tsx';
import { MAIN_CONTENT_ID } from './SkipLink.tsx';

/** Pages outside the main layout (contract preview and signing): the page alone. */
export function BareLayout() {
  return (
    <main id={MAIN_CONTENT_ID} className="bare-main" tabIndex={-1}>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
