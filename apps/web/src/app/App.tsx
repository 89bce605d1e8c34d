import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers/AppProviders.tsx';
import type { createAppRouter } from './router.tsx';

export type AppRouter = ReturnType<typeof createAppRouter>;

export function App({
  router,
  queryClient,
  nonce,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  nonce?: string | undefined;
}) {
  return (
    <AppProviders queryClient={queryClient} nonce={nonce}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
