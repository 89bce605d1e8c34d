import '../../features/accounts/accounts.css';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { NextSteps } from '../../features/accounts/NextSteps.tsx';
import { UNDER_REVIEW_PATH } from '../../features/accounts/paths.ts';

const NEXT_STEPS = ['review', 'email', 'login'] as const;

/** /SumitSuccess: the application is in; what happens next, and the way to its status. */
export function SubmitSuccessPage() {
  const { t } = useTranslation('accounts');
  const state = useLocation().state as { emailAdr?: unknown } | null;
  const email = typeof state?.emailAdr === 'string' ? state.emailAdr : null;
  return (
    <AccountPageFrame title={t('routes.submitSuccess')}>
      <Result
        status="success"
        title={t('messages.registerSuccess')}
        subTitle={email ? t('submitted.textWithEmail', { email }) : t('submitted.text')}
        extra={[
          <ButtonLink key="status" type="primary" to={UNDER_REVIEW_PATH}>
            {t('submitted.viewStatus')}
          </ButtonLink>,
          <ButtonLink key="home" to={HOME_PATH}>
            {t('submitted.backHome')}
          </ButtonLink>,
        ]}
      />
      <NextSteps
        id="next-steps-title"
        title={t('submitted.nextTitle')}
        steps={NEXT_STEPS.map((key) => ({
          key,
          title: t(`submitted.next.${key}.title`),
          text: t(`submitted.next.${key}.text`),
        }))}
      />
    </AccountPageFrame>
  );
}
