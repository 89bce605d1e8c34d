import { Modal } from 'antd';
import { type ReactElement, type RefObject, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/** While `dirty`, closing or reloading the tab asks first (unless `active` was lifted). */
function useBeforeUnloadWarning(dirty: boolean, active: RefObject<boolean>) {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      if (!active.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, active]);
}

/**
 * Asks before leaving a half-filled form (SPEC §5, unsaved-close prompts): in-app navigation
 * shows a confirmation, closing or reloading the tab the browser's own prompt. `allowLeave()`
 * lifts the guard at once (after a successful submit, before navigating away).
 */
export function useUnsavedChanges(dirty: boolean): {
  holder: ReactElement;
  allowLeave: () => void;
  /** Runs `discard` at once when nothing changed, else after the user confirms. */
  confirmDiscard: (discard: () => void) => void;
} {
  const { t } = useTranslation('accounts');
  const [modal, holder] = Modal.useModal();
  const active = useRef(dirty);
  active.current = dirty;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active.current && currentLocation.pathname !== nextLocation.pathname,
  );

  const latestBlocker = useRef(blocker);
  latestBlocker.current = blocker;
  const blocked = blocker.state === 'blocked';

  useEffect(() => {
    if (!blocked) return;
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.text'),
      okText: t('unsaved.leave'),
      cancelText: t('unsaved.stay'),
      okButtonProps: { danger: true },
      onOk: () => latestBlocker.current.proceed?.(),
      onCancel: () => latestBlocker.current.reset?.(),
    });
  }, [blocked, modal, t]);

  useBeforeUnloadWarning(dirty, active);

  const allowLeave = useCallback(() => {
    active.current = false;
  }, []);

  const confirmDiscard = useCallback(
    (discard: () => void) => {
      if (!active.current) {
        discard();
        return;
      }
      modal.confirm({
        title: t('unsaved.discardTitle'),
        content: t('unsaved.discardText'),
        okText: t('unsaved.discard'),
        cancelText: t('unsaved.keepEditing'),
        okButtonProps: { danger: true },
        onOk: discard,
      });
    },
    [modal, t],
  );

  return { holder, allowLeave, confirmDiscard };
}
