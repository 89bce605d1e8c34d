import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { lazy, type ReactNode, Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../lib/i18n/i18n.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { LocaleSync } from './LocaleSync.tsx';
import { ToastBridge } from './ToastBridge.tsx';
import { portalTheme } from './theme.ts';

// Names antd's icons in the reader's language once the page is up (not in the initial download).
const AntdIconNames = lazy(() => import('../../components/AntdIconNames.tsx'));

const ANTD_LOCALES = { 'en-US': enUS, 'zh-CN': zhCN } as const;

function ThemedProviders({ nonce, children }: { nonce: string | undefined; children: ReactNode }) {
  const { locale } = useLocale();
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[locale]}
      theme={portalTheme}
      // No space between two Chinese characters on buttons ("登录", not "登 录"): it changes the
      // accessible name and reads oddly in a financial UI.
      button={{ autoInsertSpace: false }}
      {...(nonce ? { csp: { nonce } } : {})}
    >
      <ToastBridge />
      <LocaleSync />
      <Suspense fallback={null}>
        <AntdIconNames />
      </Suspense>
      {children}
    </ConfigProvider>
  );
}

/** i18n, data cache, and antd (theme, locale following the language, CSP nonce for its styles). */
export function AppProviders({
  queryClient,
  nonce,
  children,
}: {
  queryClient: QueryClient;
  nonce?: string | undefined;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders nonce={nonce}>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
