import '../../features/accounts/accounts.css';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { ACTIVATION } from '../../features/accounts/account-states.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { UNDER_REVIEW_PATH, USER_INFO_PATH } from '../../features/accounts/paths.ts';
import { refillMode } from '../../features/accounts/post-login.ts';
import { NewRegistration } from '../../features/accounts/register/NewRegistration.tsx';
import { RefillRegistration } from '../../features/accounts/register/RefillRegistration.tsx';

/**
 * /register: a visitor registers; a signed-in user whose application came back (7, 8) or whose
 * profile must be completed (cplInd 1) refills it; anyone else is told where their account is.
 */
export function RegisterPage() {
  const { t } = useTranslation('accounts');
  const current = useCurrentUser();

  if (current.status === 'loading') return <PageFallback />;

  if (current.status === 'visitor') {
    return (
      <AccountPageFrame title={t('register.title')} intro={t('register.intro')} width="wide">
        <NewRegistration />
      </AccountPageFrame>
    );
  }

  const { user } = current;
  const mode = refillMode(user);
  if (mode) {
    return (
      <AccountPageFrame
        title={mode === 'improve' ? t('refill.title') : t('refill.completeTitle')}
        intro={t('refill.intro')}
        width="wide"
      >
        <RefillRegistration user={user} mode={mode} />
      </AccountPageFrame>
    );
  }

  const underReview = user.actvtInd === ACTIVATION.underReview;
  return (
    <AccountPageFrame title={t('register.title')}>
      <Result
        status={underReview ? 'info' : 'success'}
        title={underReview ? t('register.alreadySubmitted') : t('register.alreadyRegistered')}
        extra={
          <ButtonLink type="primary" to={underReview ? UNDER_REVIEW_PATH : USER_INFO_PATH}>
            {underReview ? t('register.viewStatus') : t('register.openUserCenter')}
          </ButtonLink>
        }
      />
    </AccountPageFrame>
  );
}
