import type { TUserInfo } from '@portal/shared/schemas/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../../app/route-paths.ts';
import { PageFallback } from '../../../app/shell/PageFallback.tsx';
import { showToast } from '../../../lib/notify.ts';
import { ACTIVATION } from '../account-states.ts';
import { ACCOUNT_INFO_QUERY_KEY, fetchAccountInfo } from '../accounts-api.ts';
import { setCurrentUser } from '../current-user.ts';
import { UNDER_REVIEW_PATH } from '../paths.ts';
import type { RefillMode } from '../post-login.ts';
import { ProfileEditor } from '../profile/ProfileEditor.tsx';

/**
 * The registration form in refill mode (SPEC §4): a signed-in user whose application was
 * rejected (7) or who was asked for more (8) resubmits (improve/info, back to review); an invited
 * user with an incomplete profile (cplInd 1) completes it (completeInfo). Prefilled from
 * accountInfo; no e-mail or password steps.
 */
export function RefillRegistration({ user, mode }: { user: TUserInfo; mode: RefillMode }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery({ queryKey: ACCOUNT_INFO_QUERY_KEY, queryFn: ({ signal }) => fetchAccountInfo(signal) });

  const onSaved = (saved: TUserInfo) => {
    setCurrentUser(queryClient, saved);
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_INFO_QUERY_KEY });
    if (mode === 'improve') {
      showToast({ type: 'success', content: t('messages.waitForReview') });
      navigate(UNDER_REVIEW_PATH);
    } else {
      showToast({ type: 'success', content: t('messages.supplementCompleted') });
      navigate(HOME_PATH);
    }
  };

  const rejected = user.actvtInd === ACTIVATION.rejected;
  const notice =
    mode === 'complete' ? (
      <Alert type="info" showIcon title={t('refill.completeTitle')} description={t('refill.completeText')} />
    ) : (
      <Alert
        type={rejected ? 'error' : 'warning'}
        showIcon
        title={rejected ? t('refill.rejectedTitle') : t('refill.supplementTitle')}
        description={
          <>
            <p>{rejected ? t('refill.rejectedText') : t('refill.supplementText')}</p>
            {user.reviewNote ? (
              <p className="review-note" data-testid="review-note">
                <strong>{t('review.noteLabel')}</strong> {user.reviewNote}
              </p>
            ) : null}
          </>
        }
      />
    );

  return (
    <div className="refill">
      <div className="refill__notice">{notice}</div>
      {info.data ? (
        <ProfileEditor
          change={mode}
          profile={info.data.profile}
          attachments={info.data.attachments}
          submitLabel={mode === 'improve' ? t('refill.resubmit') : t('refill.complete')}
          onSaved={onSaved}
        />
      ) : info.isError ? (
        <Alert type="error" showIcon title={t('refill.loadFailed')} />
      ) : (
        <PageFallback />
      )}
    </div>
  );
}
