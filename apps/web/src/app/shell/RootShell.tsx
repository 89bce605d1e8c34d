import { Outlet } from 'react-router';
import { GLOBAL_OVERLAYS } from '../layouts/slots.tsx';
import { DocumentTitle } from './DocumentTitle.tsx';
import { LoadingMask } from './LoadingMask.tsx';
import { ScrollManager } from './ScrollManager.tsx';

/**
 * Around every route, whatever its layout: title, scroll handling, global dialogs, loading
 * mask. The global overlays come before the page so that their event handlers are subscribed
 * before a page's first effects run.
 */
export function RootShell() {
  return (
    <>
      <ScrollManager />
      <DocumentTitle />
      {GLOBAL_OVERLAYS.map(({ id, Component }) => (
        <Component key={id} />
      ))}
      <Outlet />
      <LoadingMask />
    </>
  );
}
