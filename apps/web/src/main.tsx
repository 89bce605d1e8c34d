import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/providers/query-client.ts';
import { createAppRouter, pagesAt } from './app/router.tsx';
import { readCspNonce, stampNonceOnCreatedStyles } from './lib/csp.ts';
import { initI18n } from './lib/i18n/i18n.ts';
import { applyLocaleToEnvironment, readStoredLocale } from './lib/i18n/locale.ts';
import './styles/global.css';

const nonce = readCspNonce();
if (nonce) stampNonceOnCreatedStyles(nonce);

const locale = readStoredLocale();
initI18n(locale);
applyLocaleToEnvironment(locale);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition: the first render yields to the browser every few milliseconds instead of holding
// the main thread for one long task (a phone stays responsive while the page is drawn), and what
// the server sent in #root (its first screen) stays until React's page replaces it whole.
const root = createRoot(container);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={createAppRouter()} queryClient={createQueryClient()} nonce={nonce} />
      </StrictMode>,
    );
  });

// Under a server's first screen the page's code is already on its way (its document preloads it):
// React's first render waits for it and draws the page, instead of a spinner that the page then
// pushes down (a layout shift). A page that fails to load renders its error view as before.
if (container.firstElementChild) {
  void Promise.all(pagesAt(window.location.pathname).map((page) => page.preload())).then(render, render);
} else {
  render();
}
