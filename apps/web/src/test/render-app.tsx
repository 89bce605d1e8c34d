import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App.tsx';
import { createQueryClient } from '../app/providers/query-client.ts';
import { buildRouteObjects } from '../app/router.tsx';
import { REDIRECTS, type RedirectRecord, ROUTES, type RouteRecord } from '../app/routes.tsx';

/** Renders the whole app (providers, layouts, route table) at `path`, in memory. */
export function renderApp(
  path: string,
  options: { routes?: readonly RouteRecord[]; redirects?: readonly RedirectRecord[] } = {},
) {
  const router = createMemoryRouter(buildRouteObjects(options.routes ?? ROUTES, options.redirects ?? REDIRECTS), {
    initialEntries: [path],
  });
  const queryClient = createQueryClient();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, queryClient };
}
