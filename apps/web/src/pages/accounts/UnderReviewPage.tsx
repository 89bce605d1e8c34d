import '../../features/accounts/accounts.css';
import type { TApplicationStatus, TUserInfo } from '@portal/shared/schemas/accounts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../app/route-paths.ts';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { ACTIVATION, hasAccess } from '../../features/accounts/account-states.ts';
import { APPLICATION_STATUS_QUERY_KEY, fetchApplicationStatus } from '../../features/accounts/accounts-api.ts';
import { useCurrentUser } from '../../features/accounts/current-user.ts';
import { NextSteps } from '../../features/accounts/NextSteps.tsx';
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
  // A visitor who registered in this browser reads the application by its cookie (no log-in).
  const registered = useQuery({
    queryKey: APPLICATION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchApplicationStatus(signal),
    enabled: current.status === 'visitor',
    retry: false,
  });
  if (current.status === 'loading' || (current.status === 'visitor' && registered.isPending)) return <PageFallback />;

  return (
    <AccountPageFrame title={t('routes.underReview')} intro={t('review.intro')}>
      {current.status === 'user' ? (
        <ApplicationStatus user={current.user} />
      ) : registered.data ? (
        <RegisteredHereStatus application={registered.data} />
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
      <NextSteps
        id="review-how-title"
        title={t('review.howTitle')}
        steps={(['check', 'decision', 'result'] as const).map((key) => ({
          key,
          title: t(`review.how.${key}.title`),
          text: t(`review.how.${key}.text`),
        }))}
      />
    </AccountPageFrame>
  );
}

/** Rejected, or returned for more: the applicant has something to correct. */
const isReturned = (actvtInd: TUserInfo['actvtInd']) =>
  actvtInd === ACTIVATION.rejected || actvtInd === ACTIVATION.supplementRequired;

type StatusFacts = Pick<TApplicationStatus, 'actvtInd' | 'usrNm' | 'instNm' | 'reviewNote'> &
  Partial<Pick<TUserInfo, 'emailAdr'> & Pick<TApplicationStatus, 'submittedAt'>>;

/**
 * An application's state as both views show it: the facts (with the e-mail or the submission
 * time where the view has them), the reviewer's note, what the state means, and the actions.
 */
function StatusCard({
  facts,
  text,
  actions,
  children,
}: {
  facts: StatusFacts;
  text: string;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('accounts');
  const { actvtInd } = facts;
  const returned = isReturned(actvtInd);
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
            children: <Tag color={STATUS_COLOURS[actvtInd]}>{t(`status.${actvtInd}`)}</Tag>,
          },
          { key: 'name', label: t('fields.usrNm'), children: facts.usrNm },
          ...(facts.emailAdr ? [{ key: 'email', label: t('fields.workEmail'), children: facts.emailAdr }] : []),
          ...(facts.instNm ? [{ key: 'inst', label: t('fields.instNm'), children: facts.instNm }] : []),
          ...(facts.submittedAt
            ? [{ key: 'submitted', label: t('review.submittedAt'), children: <TimeText value={facts.submittedAt} /> }]
            : []),
        ]}
      />
      {facts.reviewNote ? (
        <Alert
          className="application-status__note"
          type={returned ? 'warning' : 'info'}
          showIcon
          title={t('review.noteLabel')}
          description={<span data-testid="review-note">{facts.reviewNote}</span>}
        />
      ) : null}
      <p className="application-status__text">{text}</p>
      <div className="form-actions">{actions}</div>
      {children}
    </div>
  );
}

function ApplicationStatus({ user }: { user: TUserInfo }) {
  const { t } = useTranslation('accounts');
  return (
    <StatusCard
      facts={user}
      text={t(`review.stateText.${user.actvtInd}`)}
      actions={
        <>
          {isReturned(user.actvtInd) ? (
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
        </>
      }
    />
  );
}

/**
 * The application registered in this browser, for a visitor (not logged in): its state, the
 * reviewer's note, and the next thing to do — wait, log in now, or log in to correct it.
 */
function RegisteredHereStatus({ application }: { application: TApplicationStatus }) {
  const { t } = useTranslation('accounts');
  const approved = hasAccess(application);
  const logIn = () => appEvents.emit('open-login', { reason: 'user' });
  return (
    <StatusCard
      facts={application}
      text={t(`review.visitorStateText.${application.actvtInd}`)}
      actions={
        <>
          {approved || isReturned(application.actvtInd) ? (
            <Button type="primary" onClick={logIn}>
              {approved ? t('review.loginNow') : t('review.loginToUpdate')}
            </Button>
          ) : null}
          <ButtonLink to={HOME_PATH}>{t('submitted.backHome')}</ButtonLink>
        </>
      }
    >
      <p className="application-status__hint">{t('review.thisBrowser')}</p>
    </StatusCard>
  );
}
