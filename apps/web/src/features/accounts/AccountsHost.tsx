import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type MutableRefObject, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, type NavigateFunction, useLocation, useNavigate } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { loadNamespace } from '../../lib/i18n/namespaces.ts';
import { lazyComponent } from '../../lib/lazy-page.ts';
import { showToast } from '../../lib/notify.ts';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../lib/storage.ts';
import { useAppEvent } from '../../lib/useAppEvent.ts';
import { forgetCurrentUser, setCurrentUser, setSigningOut, useCurrentUser } from './current-user.ts';
import { AGREEMENT_PATH, REGISTER_PATH, RESET_PASSWORD_PATH, SUBMIT_SUCCESS_PATH, UNDER_REVIEW_PATH } from './paths.ts';
import { type AccountStep, destinationAfterLogin, nextAccountStep, pathForStep } from './post-login.ts';

const LoginDialog = lazyComponent(() => import('./login/LoginDialog.tsx'), 'LoginDialog');
const SetPasswordDialog = lazyComponent(() => import('./password/SetPasswordDialog.tsx'), 'SetPasswordDialog');
const AgreementDialog = lazyComponent(
  () =>
    Promise.all([import('./agreement/AgreementDialog.tsx'), loadNamespace('agreements')]).then(([module]) => module),
  'AgreementDialog',
);

/** What started the account flow: a login in the dialog, or a page load with a live session. */
type Flow = { origin: 'login'; fromPath: string; nextPath: string | null } | { origin: 'start' };

/** Pages where a user who arrives with a live session is left alone (they are about the account). */
const ACCOUNT_PAGES = [REGISTER_PATH, UNDER_REVIEW_PATH, SUBMIT_SUCCESS_PATH, RESET_PASSWORD_PATH];

function isAccountPage(pathname: string): boolean {
  return ACCOUNT_PAGES.includes(pathname) || pathname.startsWith(`${AGREEMENT_PATH}/`);
}

/** `pageTitle`: the title key of the page that needed the log-in (the dialog names it). */
type LoginState = { open: boolean; mounted: boolean; emailAdr?: string | undefined; pageTitle?: string | undefined };

/**
 * The flow's next move once the user info says where they stand: the dialogs come first; then
 * on to the remembered page after a login, or to the page of the user's step (with its message).
 */
function continueFlow(
  flow: MutableRefObject<Flow | null>,
  user: TUserInfo | null,
  step: AccountStep | null,
  here: Location,
  navigate: NavigateFunction,
  t: TFunction<'accounts'>,
) {
  const pending = flow.current;
  if (!pending) return;
  if (!user || !step) {
    flow.current = null;
    return;
  }
  // The dialogs come first; the flow goes on once the user info says they are done.
  if (step.kind === 'setPassword' || step.kind === 'agreement') return;
  flow.current = null;

  const { pathname, search } = here;
  if (step.kind === 'proceed') {
    if (pending.origin !== 'login') return;
    const to = destinationAfterLogin(pending.fromPath, pending.nextPath);
    if (to && to !== `${pathname}${search}`) navigate(to);
    return;
  }
  if (pending.origin === 'start' && isAccountPage(pathname)) return;
  showToast({ type: step.kind === 'underReview' ? 'info' : 'warning', content: stepMessage(step, t) });
  const to = pathForStep(step);
  if (to && to !== pathname) navigate(to, { replace: pending.origin === 'start' });
}

type HandlerContext = {
  flow: MutableRefObject<Flow | null>;
  here: MutableRefObject<Location>;
  queryClient: QueryClient;
  setLogin: (login: LoginState) => void;
  t: TFunction<'accounts'>;
};

/** A login starts the flow; a password set ends the session and asks for a login with it. */
function loginHandlers({ flow, here, queryClient, setLogin, t }: HandlerContext) {
  const onLoggedIn = (signedIn: TUserInfo) => {
    const nextPath = readStorage(STORAGE_KEYS.nextPath);
    removeStorage(STORAGE_KEYS.nextPath);
    flow.current = { origin: 'login', fromPath: here.current.pathname, nextPath };
    setCurrentUser(queryClient, signedIn);
    setLogin({ open: false, mounted: true });
    showToast({ type: 'success', content: t('messages.loginSuccess') });
  };

  const onPasswordSet = (emailAdr: string) => {
    // The server ended the session: log in again with the new password.
    flow.current = null;
    forgetCurrentUser(queryClient);
    setLogin({ open: true, mounted: true, emailAdr });
  };

  return { onLoggedIn, onPasswordSet };
}

/**
 * The global account dialogs and the flow of SPEC §4 around them, mounted once around every
 * route. The dialogs load on first use.
 *
 * - `open-login` (header button, route guard, expired session) opens the login dialog.
 * - After a login, and when a page loads with a live session, `nextAccountStep` decides: the
 *   set-password or agreement dialog first (they stay until done), then the refill form, the
 *   under-review page, or the remembered page.
 * - `session-invalid` forgets the user.
 */
export function AccountsHost() {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const current = useCurrentUser();
  const [login, setLogin] = useState<LoginState>({ open: false, mounted: false });
  const flow = useRef<Flow | null>(null);
  const startSeen = useRef(false);
  const here = useRef(location);
  here.current = location;

  const user = current.status === 'user' ? current.user : null;
  const step: AccountStep | null = user ? nextAccountStep(user) : null;
  const stepKind = step?.kind ?? null;

  useAppEvent('open-login', ({ emailAdr, reason, pageTitle }) =>
    setLogin({ open: true, mounted: true, emailAdr, pageTitle: reason === 'login-required' ? pageTitle : undefined }),
  );
  useAppEvent('session-invalid', () => {
    flow.current = null;
    forgetCurrentUser(queryClient, { keepNextPath: true });
  });

  // A log-out is over once the home page is on screen without a user (useLogout, isSigningOut).
  useEffect(() => {
    if (location.pathname === HOME_PATH && current.status !== 'user') setSigningOut(false);
  }, [location.pathname, current.status]);

  // The first answer of the user info: a live session starts the flow once per page load.
  useEffect(() => {
    if (startSeen.current || current.status === 'loading') return;
    startSeen.current = true;
    if (current.status === 'user' && !flow.current) flow.current = { origin: 'start' };
  }, [current.status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the user or their step changes; `step` follows `user`
  useEffect(() => {
    continueFlow(flow, user, step, here.current, navigate, t);
  }, [user, stepKind]);

  const { onLoggedIn, onPasswordSet } = loginHandlers({ flow, here, queryClient, setLogin, t });

  return (
    <AccountDialogs
      login={login}
      onCloseLogin={() => setLogin((state) => ({ ...state, open: false }))}
      onLoggedIn={onLoggedIn}
      user={user}
      stepKind={stepKind}
      onPasswordSet={onPasswordSet}
      onAgreed={(agreed) => setCurrentUser(queryClient, agreed)}
    />
  );
}

/** The login dialog (once opened), then the set-password or agreement dialog the user's step asks for. */
function AccountDialogs({
  login,
  onCloseLogin,
  onLoggedIn,
  user,
  stepKind,
  onPasswordSet,
  onAgreed,
}: {
  login: LoginState;
  onCloseLogin: () => void;
  onLoggedIn: (signedIn: TUserInfo) => void;
  user: TUserInfo | null;
  stepKind: AccountStep['kind'] | null;
  onPasswordSet: (emailAdr: string) => void;
  onAgreed: (agreed: TUserInfo) => void;
}) {
  return (
    <>
      {login.mounted ? (
        <Suspense fallback={null}>
          <LoginDialog
            open={login.open}
            initialEmail={login.emailAdr}
            pageTitle={login.pageTitle}
            onClose={onCloseLogin}
            onLoggedIn={onLoggedIn}
          />
        </Suspense>
      ) : null}
      {user && stepKind === 'setPassword' ? (
        <Suspense fallback={null}>
          <SetPasswordDialog user={user} onChanged={onPasswordSet} />
        </Suspense>
      ) : null}
      {user && stepKind === 'agreement' ? (
        <Suspense fallback={null}>
          <AgreementDialog onAgreed={onAgreed} />
        </Suspense>
      ) : null}
    </>
  );
}

function stepMessage(step: AccountStep, t: ReturnType<typeof useTranslation<'accounts'>>['t']): string {
  switch (step.kind) {
    case 'supplement':
      return t('messages.supplementInfo');
    case 'rejected':
      return t('messages.reviewRejected');
    default:
      return t('messages.waitForReview');
  }
}
