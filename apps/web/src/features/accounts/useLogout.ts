import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { showToast } from '../../lib/notify.ts';
import { logout } from './accounts-api.ts';
import { forgetCurrentUser, setSigningOut } from './current-user.ts';

/**
 * Logout (SPEC §2/§4): ends the session on the server, forgets the user, the page to return to
 * and cached user data, says so, and goes home. The local part happens even when the server
 * call fails (an already expired session must not keep the user "signed in" on screen).
 */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // Shown by the API client; the session is forgotten here anyway.
    }
    // Leave a login-only page first; until the home page is on screen, the page being left does
    // not remember itself or ask to log in (isSigningOut).
    setSigningOut(true);
    await navigate(HOME_PATH);
    forgetCurrentUser(queryClient);
    showToast({ type: 'success', content: t('messages.logoutSuccess') });
  }, [navigate, queryClient, t]);
}
