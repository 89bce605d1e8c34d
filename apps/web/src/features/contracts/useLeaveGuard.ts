import { Modal } from 'antd';
import { type ReactElement, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the signing page with seals placed but not signed (SPEC §5, unsaved-close
 * prompts): in-app navigation shows a confirmation, closing or reloading the tab the browser's own
 * prompt. `allowLeave()` lifts the guard at once (after signing, before going back to the contract).
 */
export function useLeaveGuard(active: boolean): { holder: ReactElement; allowLeave: () => void } {
  const { t } = useTranslation('contracts');
  const [modal, holder] = Modal.useModal();
  const guarding = useRef(active);
  guarding.current = active;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      guarding.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  const latest = useRef(blocker);
  latest.current = blocker;
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    modal.confirm({
      title: t('leave.title'),
      content: t('leave.text'),
      okText: t('leave.leave'),
      cancelText: t('leave.stay'),
      okButtonProps: { danger: true },
      onOk: () => latest.current.proceed?.(),
      onCancel: () => latest.current.reset?.(),
    });
  }, [blocked, modal, t]);

  useEffect(() => {
    if (!active) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (!guarding.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const allowLeave = useCallback(() => {
    guarding.current = false;
  }, []);

  return { holder, allowLeave };
}
