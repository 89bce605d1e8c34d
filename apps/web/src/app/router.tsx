import { Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, matchRoutes, type RouteObject, replace } from 'react-router';
import { loadNamespace } from '../lib/i18n/namespaces.ts';
import { lazyComponent, type PageComponent } from '../lib/lazy-page.ts';
import { RouteGuard } from './guards/RouteGuard.tsx';
import { BareLayout } from './layouts/BareLayout.tsx';
import { MainLayout } from './layouts/MainLayout.tsx';
import { type RouteHandle, toRouteMeta } from './route-meta.ts';
import { NOT_FOUND_PATH, REDIRECTS, type RedirectRecord, ROUTES, type RouteRecord } from './routes.tsx';
import { PageFallback } from './shell/PageFallback.tsx';
import { RootShell } from './shell/RootShell.tsx';
import { RouteErrorView } from './shell/RouteErrorView.tsx';

/** The back office's frame and texts load with its first page (they are no part of the public site). */
const BackofficeLayout = lazyComponent(
  () => Promise.all([import('./layouts/BackofficeLayout.tsx'), loadNamespace('backoffice')]).then(([module]) => module),
  'BackofficeLayout',
);

function toRouteObject(record: RouteRecord): RouteObject {
  const meta = toRouteMeta(record);
  const Page = record.page;
  const handle: RouteHandle = { meta };
  return {
    path: record.path,
    handle,
    element: (
      <RouteGuard meta={meta}>
        <Page />
      </RouteGuard>
    ),
    errorElement: <RouteErrorView />,
    ...(record.children ? { children: record.children.map(toRouteObject) } : {}),
  };
}

/** Redirects replace the history entry, so Back does not bounce into them again. */
function toRedirectObject(record: RedirectRecord): RouteObject {
  return {
    path: record.path,
    element: null,
    loader: ({ request }: LoaderFunctionArgs) => {
      if (record.keepSearch === false) return replace(record.to);
      const url = new URL(request.url);
      return replace(`${record.to}${url.search}${url.hash}`);
    },
  };
}

/** Nothing to show while redirect loaders run on the first load (they answer at once). */
function RenderNothing() {
  return null;
}

/**
 * Turns the route table into React Router objects: redirects, the main-layout pages, the bare
 * pages, the back-office pages, and the catch-all that sends any unknown path to /404.
 */
export function buildRouteObjects(
  routes: readonly RouteRecord[] = ROUTES,
  redirects: readonly RedirectRecord[] = REDIRECTS,
): RouteObject[] {
  const mainRoutes = routes.filter((record) => (record.layout ?? 'main') === 'main');
  const bareRoutes = routes.filter((record) => record.layout === 'bare');
  const backofficeRoutes = routes.filter((record) => record.layout === 'backoffice');
  return [
    {
      id: 'root',
      element: <RootShell />,
      errorElement: <RouteErrorView standalone />,
      HydrateFallback: RenderNothing,
      children: [
        ...redirects.map(toRedirectObject),
        { id: 'main-layout', element: <MainLayout />, children: mainRoutes.map(toRouteObject) },
        { id: 'bare-layout', element: <BareLayout />, children: bareRoutes.map(toRouteObject) },
        {
          id: 'backoffice-layout',
          element: (
            <Suspense fallback={<PageFallback />}>
              <BackofficeLayout />
            </Suspense>
          ),
          children: backofficeRoutes.map(toRouteObject),
        },
        { path: '*', element: null, loader: () => replace(NOT_FOUND_PATH) },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}

type PageMatch = { path: string; page: PageComponent; children?: PageMatch[] };

const toPageMatch = (record: RouteRecord): PageMatch => ({
  path: record.path,
  page: record.page,
  ...(record.children ? { children: record.children.map(toPageMatch) } : {}),
});

/** The pages the route table shows at `pathname` (a parent route's page and its child's), outermost first. */
export function pagesAt(pathname: string, routes: readonly RouteRecord[] = ROUTES): PageComponent[] {
  return (matchRoutes(routes.map(toPageMatch), pathname) ?? []).map((match) => match.route.page);
}
