import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask } from '../lib/next-task.ts';
import { App } from './App.tsx';
import { createQueryClient } from './providers/query-client.ts';
import { createAppRouter, pagesAt } from './router.tsx';

/**
 * Draws the app into #root: main.tsx's last step, once the libraries and texts are ready.
 *
 * A transition: the first render yields to the browser every few milliseconds instead of holding
 * the main thread for one long task (a phone stays responsive while the page is drawn), and what
 * the server sent in #root (its first screen) stays until React's page replaces it whole.
 */
export function startApp(container: HTMLElement, nonce: string | undefined): void {
  const root = createRoot(container);
  const render = () =>
    startTransition(() => {
      root.render(
        <StrictMode>
          <App router={createAppRouter()} queryClient={createQueryClient()} nonce={nonce} />
        </StrictMode>,
      );
    });

  // Under a server's first screen the page's code is already on its way (its document preloads
  // it): React's first render waits for it and draws the page, instead of a spinner that the page
  // then pushes down (a layout shift). A page that fails to load renders its error view as before.
  // The render starts in the task after the page's code was evaluated, not in the same one.
  if (container.firstElementChild) {
    void Promise.all(pagesAt(window.location.pathname).map((page) => page.preload()))
      .then(nextTask, nextTask)
      .then(render);
  } else {
    render();
  }
}
