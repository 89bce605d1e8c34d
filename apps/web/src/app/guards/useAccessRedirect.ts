import { useEffect } from 'react';
import { type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { isSigningOut } from '../../features/accounts/current-user.ts';
import { appEvents } from '../../lib/events.ts';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { HOME_PATH } from '../route-paths.ts';
import type { AccessDecision } from './access.ts';

/**
 * Carries out a guard decision about the page `nextPath` (its path and query): a log-in asked
 * for remembers the page, goes home and opens the log-in dialog naming it (`pageTitle`, its route
 * title's key); a redirect goes there. Both replace the history entry. Used by the route guard
 * and by the home page's `?login=` (the server's redirect of a visitor, useLoginRequest).
 */
export function followAccessDecision(
  decision: AccessDecision,
  navigate: NavigateFunction,
  nextPath: string,
  pageTitle?: string,
): void {
  if (decision.kind === 'login' && isSigningOut()) {
    // The user has just logged out here: home, with no dialog and nothing to return to.
    navigate(HOME_PATH, { replace: true });
  } else if (decision.kind === 'login') {
    writeStorage(STORAGE_KEYS.nextPath, nextPath);
    navigate(HOME_PATH, { replace: true });
    appEvents.emit('open-login', { reason: 'login-required', nextPath, ...(pageTitle ? { pageTitle } : {}) });
  } else if (decision.kind === 'redirect') {
    navigate(decision.to, { replace: true });
  }
}

/** Carries out a guard decision about the current page; true while the page must not render. */
export function useAccessRedirect(decision: AccessDecision, pageTitle?: string): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const kind = decision.kind;
  const target = decision.kind === 'redirect' ? decision.to : null;
  useEffect(() => {
    const nextPath = `${location.pathname}${location.search}`;
    if (kind === 'login') followAccessDecision({ kind }, navigate, nextPath, pageTitle);
    else if (kind === 'redirect' && target) followAccessDecision({ kind, to: target }, navigate, nextPath);
  }, [kind, target, location.pathname, location.search, navigate, pageTitle]);
  return kind !== 'allow';
}
