import '../../features/accounts/accounts.css';
import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { Alert, Button, Descriptions, Result, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../app/route-paths.ts';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { ACTIVATION, hasAccess } from '../../features/accounts/account-states.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { REGISTER_PATH } from '../../features/accounts/paths.ts';
import { appEvents } from '../../lib/events.ts';

const STATUS_COLOURS: Record<TUserInfo['actvtInd'], string> = {
  '1': 'success',
  '6': 'success',
  '5': 'processing',
  '7': 'error',
  '8': 'warning',
};

/**
 * /UnderReview: how the review works; for a signed-in user also the state of their application
 * and the reviewer's note, with the next thing to do.
 */
export function UnderReviewPage() {
  const { t } = useTranslation('accounts');
  const current = useCurrentUser();
  if (current.status === 'loading') return <PageFallback />;

  return (
    <AccountPageFrame title={t('routes.underReview')} intro={t('review.intro')}>
      {current.status === 'user' ? (
        <ApplicationStatus user={current.user} />
      ) : (
        <Result
          status="info"
          title={t('review.visitorTitle')}
          subTitle={t('review.visitorText')}
          extra={[
            <Button key="login" type="primary" onClick={() => appEvents.emit('open-login', { reason: 'user' })}>
              {t('header.login')}
            </Button>,
            <ButtonLink key="register" to={REGISTER_PATH}>
              {t('header.register')}
            </ButtonLink>,
          ]}
        />
      )}
      <section className="next-steps" aria-labelledby="review-how-title">
        <h2 id="review-how-title" className="next-steps__title">
          {t('review.howTitle')}
        </h2>
        <ol className="next-steps__list">
          {(['check', 'decision', 'result'] as const).map((key) => (
            <li key={key} className="next-steps__item">
              <strong>{t(`review.how.${key}.title`)}</strong>
              <span>{t(`review.how.${key}.text`)}</span>
            </li>
          ))}
        </ol>
      </section>
    </AccountPageFrame>
  );
}

function ApplicationStatus({ user }: { user: TUserInfo }) {
  const { t } = useTranslation('accounts');
  const returned = user.actvtInd === ACTIVATION.rejected || user.actvtInd === ACTIVATION.supplementRequired;
  return (
    <div className="application-status" data-testid="application-status">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'status',
            label: t('review.statusLabel'),
            children: <Tag color={STATUS_COLOURS[user.actvtInd]}>{t(`status.${user.actvtInd}`)}</Tag>,
          },
          { key: 'name', label: t('fields.usrNm'), children: user.usrNm },
          { key: 'email', label: t('fields.workEmail'), children: user.emailAdr },
          ...(user.instNm ? [{ key: 'inst', label: t('fields.instNm'), children: user.instNm }] : []),
        ]}
      />
      {user.reviewNote ? (
        <Alert
          className="application-status__note"
          type={returned ? 'warning' : 'info'}
          showIcon
          title={t('review.noteLabel')}
          description={<span data-testid="review-note">{user.reviewNote}</span>}
        />
      ) : null}
      <p className="application-status__text">{t(`review.stateText.${user.actvtInd}`)}</p>
      <div className="form-actions">
        {returned ? (
          <ButtonLink type="primary" to={REGISTER_PATH}>
            {t('review.updateApplication')}
          </ButtonLink>
        ) : null}
        {hasAccess(user) ? (
          <ButtonLink type="primary" to={HOME_PATH}>
            {t('review.start')}
          </ButtonLink>
        ) : (
          <ButtonLink to={HOME_PATH}>{t('submitted.backHome')}</ButtonLink>
        )}
      </div>
    </div>
  );
}
