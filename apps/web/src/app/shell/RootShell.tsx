import { Outlet } from 'react-router';
import { DocumentTitle } from './DocumentTitle.tsx';
import { LoadingMask } from './LoadingMask.tsx';
import { ScrollManager } from './ScrollManager.tsx';

/** Around every route, whatever its layout: title, scroll handling, loading mask. */
export function RootShell() {
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      <Outlet />
      <LoadingMask />
    </>
  );
}
