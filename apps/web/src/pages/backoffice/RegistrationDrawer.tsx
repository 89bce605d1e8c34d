import '../../components/typography.css';
import { dictName } from '@portal/shared/dictionaries';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { DRAWER_BODY_STYLES, DrawerScrollRegion } from '../../components/DrawerScrollRegion.tsx';
import { TimeText } from '../../components/TimeText.tsx';
import { ACTIVATION } from '../../features/accounts/account-states.ts';
import { ProfileView } from '../../features/accounts/profile/ProfileView.tsx';
import {
  backofficeKeys,
  fetchRegistration,
  type RegistrationDetail,
} from '../../features/backoffice/backoffice-api.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import { type Decision, DecisionDialog } from './DecisionDialog.tsx';
import { emailDomain, STATUS_COLOURS } from './status.ts';

/** One registration with every field, and the review decisions (while it waits for review). */
export function RegistrationDrawer({ lgcSn, onClose }: { lgcSn: string | null; onClose: () => void }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const detail = useQuery({
    queryKey: backofficeKeys.registration(lgcSn ?? ''),
    queryFn: ({ signal }) => fetchRegistration(lgcSn ?? '', signal),
    enabled: Boolean(lgcSn),
  });
  const registration = detail.data;

  const onDecided = (updated: RegistrationDetail, decision: Decision) => {
    queryClient.setQueryData(backofficeKeys.registration(updated.lgcSn), updated);
    void queryClient.invalidateQueries({ queryKey: backofficeKeys.registrationsAll });
    setDeciding(null);
    showToast({ type: 'success', content: t(`decision.${decision}.done`, { name: updated.usrNm }) });
  };

  const pending = registration?.actvtInd === ACTIVATION.underReview;
  return (
    <Drawer
      open={Boolean(lgcSn)}
      onClose={onClose}
      size={860}
      title={registration ? registration.usrNm : t('registrations.detailTitle')}
      extra={
        registration ? (
          <Tag color={STATUS_COLOURS[registration.actvtInd]}>{t(`status.${registration.actvtInd}`)}</Tag>
        ) : null
      }
      destroyOnHidden
      styles={DRAWER_BODY_STYLES}
      footer={registration && pending ? <DecisionButtons onDecide={setDeciding} /> : null}
    >
      <DrawerScrollRegion
        label={
          registration ? t('registrations.regionLabel', { name: registration.usrNm }) : t('registrations.detailTitle')
        }
      >
        {registration ? (
          <RegistrationDetailView registration={registration} pending={pending} />
        ) : detail.isError ? (
          <Result status="warning" title={t('registrations.loadFailed')} />
        ) : (
          <PageFallback />
        )}
      </DrawerScrollRegion>
      {deciding && registration ? (
        <DecisionDialog
          decision={deciding}
          registration={registration}
          onClose={() => setDeciding(null)}
          onDecided={onDecided}
        />
      ) : null}
    </Drawer>
  );
}

function DecisionButtons({ onDecide }: { onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className="drawer-actions">
      <span className="drawer-actions__hint">{t('registrations.decideHint')}</span>
      <Space wrap>
        <Button danger onClick={() => onDecide('reject')}>
          {t('decision.reject.button')}
        </Button>
        <Button onClick={() => onDecide('supplement')}>{t('decision.supplement.button')}</Button>
        <Button type="primary" onClick={() => onDecide('approve')}>
          {t('decision.approve.button')}
        </Button>
      </Space>
    </div>
  );
}

/** The application's key facts, the last review note, the decision taken, then the whole profile. */
function RegistrationDetailView({ registration, pending }: { registration: RegistrationDetail; pending: boolean }) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  return (
    <div className="registration-detail" data-testid="registration-detail">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        className="profile-view__section"
        title={t('registrations.application')}
        items={[
          {
            key: 'domain',
            label: t('columns.emailDomain'),
            // The domain tells the reviewer which institution the address belongs to.
            children: <strong data-testid="registration-email-domain">{emailDomain(registration.emailAdr)}</strong>,
          },
          { key: 'email', label: t('columns.email'), children: registration.emailAdr },
          {
            key: 'submitted',
            label: t('columns.submittedAt'),
            children: <TimeText value={registration.submittedAt} />,
          },
          { key: 'inst', label: t('columns.institution'), children: registration.instNm ?? '—' },
          {
            key: 'swift',
            label: t('columns.swift'),
            // One unit: a SWIFT code never breaks over two lines.
            children: <span className="text-code">{registration.instSwiftCode ?? '—'}</span>,
          },
          {
            key: 'country',
            label: t('columns.country'),
            children: dictName('countries', registration.country, locale) || '—',
          },
        ]}
      />
      {registration.reviewNote ? (
        <Alert
          type={pending ? 'info' : 'warning'}
          showIcon
          className="registration-detail__note"
          title={t('registrations.lastNote')}
          description={registration.reviewNote}
        />
      ) : null}
      {!pending ? (
        <Alert
          type="info"
          showIcon
          className="registration-detail__note"
          title={t(`registrations.decided.${registration.actvtInd}`)}
        />
      ) : null}
      <ProfileView profile={registration.profile} attachments={registration.attachments} />
    </div>
  );
}
