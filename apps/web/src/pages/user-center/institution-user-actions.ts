import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteInstitutionUser,
  enableInstitutionUser,
  type ManagedUser,
  makeInstitutionAdmin,
  stopInstitutionUser,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { showToast } from '../../lib/notify.ts';

export type Dialog =
  | { kind: 'invite' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'stop'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | null;

/**
 * What the administrator does to a colleague's account: each action tells the outcome in a toast
 * and refreshes the list; stopping and deleting close their dialog once done.
 */
export function useInstitutionUserActions(close: () => void) {
  const { t } = useTranslation('users');
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userManagementKeys.institutionUsersAll });

  const onInvited = (invitee: { emailAdr: string; usrNm: string }) => {
    close();
    showToast({ type: 'success', content: t('invite.done', invitee) });
    refresh();
  };

  const onSaved = (user: ManagedUser) => {
    close();
    showToast({ type: 'success', content: t('edit.done', { name: user.usrNm }) });
    refresh();
  };

  const stop = async (user: ManagedUser, reason: string) => {
    await stopInstitutionUser(user.lgcSn, reason);
    close();
    showToast({ type: 'success', content: t('stop.userDone', { name: user.usrNm }) });
    refresh();
  };

  const enable = async (user: ManagedUser) => {
    try {
      await enableInstitutionUser(user.lgcSn);
      showToast({ type: 'success', content: t('enable.userDone', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };

  const promote = async (user: ManagedUser) => {
    try {
      await makeInstitutionAdmin(user.lgcSn);
      showToast({ type: 'success', content: t('makeAdmin.done', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why.
    }
  };

  const remove = async (user: ManagedUser) => {
    setDeleting(true);
    try {
      await deleteInstitutionUser(user.lgcSn);
      close();
      showToast({ type: 'success', content: t('delete.done', { name: user.usrNm }) });
      refresh();
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setDeleting(false);
    }
  };
  return { onInvited, onSaved, stop, enable, promote, remove, deleting };
}
