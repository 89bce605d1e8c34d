import '../../features/contracts/contracts.css';
import { Button, Empty } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitch } from '../../app/layouts/LanguageSwitch.tsx';
import { HOME_PATH } from '../../app/route-paths.ts';
import { BrandMark } from '../../components/BrandMark.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import type { ContractProblem } from '../../features/contracts/useContractView.ts';
import { MY_COOPERATION_PATH } from '../../features/cooperation/paths.ts';
import { useSiteNames } from '../../features/site-config/useSiteNames.ts';
import { appEvents } from '../../lib/events.ts';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

/** The contracts tab of My cooperation. */
export const MY_CONTRACTS_LINK = `${MY_COOPERATION_PATH}?tab=contracts`;

/**
 * The contract pages sit outside the main layout: a slim bar with the portal's name, the way back
 * to My cooperation and the language switch, then the page.
 */
export function ContractFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('contracts');
  const { portalName } = useSiteNames();
  return (
    <div className="contract-frame">
      <header className="contract-frame__bar">
        <Link to={HOME_PATH} className="contract-frame__brand">
          <BrandMark size={28} />
          <span>{portalName}</span>
        </Link>
        <div className="contract-frame__tools">
          <Link to={MY_CONTRACTS_LINK}>{t('frame.myContracts')}</Link>
          <LanguageSwitch />
        </div>
      </header>
      <div className="contract-frame__body">{children}</div>
    </div>
  );
}

/** Why the contract is not shown: log in first (the dialog opens, then the page loads again), not found, failed. */
export function ContractProblemView({
  problem,
  onRetry,
}: {
  problem: Exclude<ContractProblem, null>;
  onRetry: () => void;
}) {
  const { t } = useTranslation('contracts');
  if (problem === 'login') return <LoginPrompt />;
  return (
    <div className="contract-card contract-state">
      <Empty description={problem === 'notFound' ? t('page.notFound') : t('page.loadFailed')}>
        {problem === 'failed' ? (
          <Button type="primary" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        ) : (
          <ButtonLink to={MY_CONTRACTS_LINK} type="primary">
            {t('frame.myContracts')}
          </ButtonLink>
        )}
      </Empty>
    </div>
  );
}

/**
 * Pages needing a log-in remember where the reader was and open the log-in dialog (as the route
 * guard does); this page stays, so after the log-in the reader is back here.
 */
function LoginPrompt() {
  const { t } = useTranslation('contracts');
  const location = useLocation();
  const nextPath = `${location.pathname}${location.search}`;
  const open = () => {
    writeStorage(STORAGE_KEYS.nextPath, nextPath);
    appEvents.emit('open-login', { reason: 'login-required', nextPath });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once when the prompt appears
  useEffect(open, []);
  return (
    <div className="contract-card contract-state">
      <Empty description={t('page.loginRequired')}>
        <Button type="primary" onClick={open}>
          {t('page.login')}
        </Button>
      </Empty>
    </div>
  );
}
