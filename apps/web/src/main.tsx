import { readCspNonce, stampNonceOnCreatedStyles } from './lib/csp.ts';
import { nextTask } from './lib/next-task.ts';
import './styles/global.css';

const nonce = readCspNonce();
if (nonce) stampNonceOnCreatedStyles(nonce);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/**
 * The app starts in steps, each evaluated in its own task (issue 27, total blocking time; decision
 * 0029): the schema library, the texts, React, then the app and its first render. Evaluated
 * together they were one task of about 250 ms on a phone, during which a tap waited; the longest
 * step now takes about 90 ms (the texts, with the shared schemas). The build preloads every step's
 * files with the entry (vite.config.ts, `bootStepsPreloaded`), so the steps cost no extra round trip.
 */
async function start(): Promise<void> {
  await import('./lib/schema-library.ts');
  await nextTask();
  const { prepareTexts } = await import('./lib/i18n/prepare-texts.ts');
  await nextTask();
  prepareTexts();
  await nextTask();
  await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./app/start.tsx');
  await nextTask();
  startApp(container as HTMLElement, nonce);
}

void start();
