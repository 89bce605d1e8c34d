import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/providers/query-client.ts';
import { createAppRouter } from './app/router.tsx';
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

createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} nonce={nonce} />
  </StrictMode>,
);
