import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSigningOut } from '../../features/accounts/current-user.ts';
import { appEvents } from '../../lib/events.ts';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { HOME_PATH } from '../route-paths.ts';
import type { AccessDecision } from './access.ts';

/**
 * Carries out a guard decision; true while the page must not render. A log-in asked for names the
 * page (`pageTitle`, its route title's key) so the dialog can say what it opens.
 */
export function useAccessRedirect(decision: AccessDecision, pageTitle?: string): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const kind = decision.kind;
  const target = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    if (kind === 'login' && isSigningOut()) {
      // The user has just logged out here: home, with no dialog and nothing to return to.
      navigate(HOME_PATH, { replace: true });
    } else if (kind === 'login') {
      const nextPath = `${location.pathname}${location.search}`;
      writeStorage(STORAGE_KEYS.nextPath, nextPath);
      navigate(HOME_PATH, { replace: true });
      appEvents.emit('open-login', { reason: 'login-required', nextPath, ...(pageTitle ? { pageTitle } : {}) });
    } else if (kind === 'redirect' && target) {
      navigate(target, { replace: true });
    }
  }, [kind, target, location.pathname, location.search, navigate, pageTitle]);
  return kind !== 'allow';
}
