import { type CooperationSubTypeShape, dictLabel } from '@portal/shared/dictionaries';
import { COOPERATION_LIMITS } from '@portal/shared/schemas/cooperation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Input, Modal, Result, Spin } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import {
  fetchMasterAgreement,
  type MasterAgreementStatus,
  publishKeys,
  submitMasterAgreementIntention,
} from './publish-api.ts';

type GateProps = {
  sub: CooperationSubTypeShape;
  /** Shown instead of the form while the status is unknown or not signed. */
  children: ReactNode;
  /** Another type can be chosen from the panel. */
  onChooseAnother: () => void;
};

/** The agreement intention's note, its confirmation and sending it. */
function useIntention(sub: CooperationSubTypeShape, t: TFunction<'publish'>) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const submit = async () => {
    setSending(true);
    try {
      await submitMasterAgreementIntention({
        subTypeCode: sub.code as 'FORFAITING' | 'RISK_PARTICIPATION',
        note: note.trim(),
      });
      setConfirming(false);
      queryClient.setQueryData<MasterAgreementStatus>(publishKeys.masterAgreement, { signed: false, pending: true });
      showToast({ type: 'success', content: t('master.submitted') });
    } catch {
      // The toast said why; the dialog stays open to try again.
    } finally {
      setSending(false);
    }
  };

  return { note, setNote, confirming, setConfirming, sending, submit };
}

/**
 * Forfaiting and risk participation need a signed master agreement (SPEC §5): the form shows only
 * once the institution has one. Without it the user submits an agreement intention; after that
 * (or while one waits for the bank) a "the bank will contact you" state is shown.
 */
export function MasterAgreementGate({ sub, children, onChooseAnother }: GateProps) {
  const { t } = useTranslation('publish');
  const { locale } = useLocale();
  const intention = useIntention(sub, t);
  const status = useQuery({
    queryKey: publishKeys.masterAgreement,
    queryFn: ({ signal }) => fetchMasterAgreement(signal),
    enabled: sub.requiresMasterAgreement,
  });

  if (!sub.requiresMasterAgreement) return <>{children}</>;
  const type = dictLabel(sub, locale);

  if (status.isPending) {
    return (
      <div className="publish-loading">
        <Spin />
      </div>
    );
  }
  if (status.isError) {
    return (
      <Result
        status="warning"
        title={t('master.loadFailed')}
        extra={
          <Button type="primary" onClick={() => void status.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  }
  if (status.data.signed) return <>{children}</>;

  if (status.data.pending) {
    return (
      <Result
        status="success"
        title={t('master.pendingTitle')}
        subTitle={t('master.pendingText', { type })}
        extra={<Button onClick={onChooseAnother}>{t('master.otherType')}</Button>}
      />
    );
  }
  return <IntentionForm intention={intention} type={type} onChooseAnother={onChooseAnother} />;
}

/** No master agreement yet: a note, then the agreement intention (after a confirmation). */
function IntentionForm({
  intention: { note, setNote, confirming, setConfirming, sending, submit },
  type,
  onChooseAnother,
}: {
  intention: ReturnType<typeof useIntention>;
  type: string;
  onChooseAnother: () => void;
}) {
  const { t } = useTranslation('publish');
  return (
    <section className="publish-master" aria-labelledby="publish-master-title">
      <h3 id="publish-master-title" className="publish-master__title">
        {t('master.title')}
      </h3>
      <p className="publish-master__text">{t('master.text', { type })}</p>
      <label className="publish-master__label" htmlFor="publish-master-note">
        {t('master.noteLabel')}
      </label>
      <Input.TextArea
        id="publish-master-note"
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={COOPERATION_LIMITS.longText}
        showCount
        rows={3}
        placeholder={t('master.notePlaceholder')}
      />
      <div className="publish-master__actions">
        <Button onClick={onChooseAnother}>{t('master.otherType')}</Button>
        <Button type="primary" onClick={() => setConfirming(true)}>
          {t('master.submit')}
        </Button>
      </div>
      <Modal
        open={confirming}
        title={t('master.confirmTitle')}
        okText={t('master.confirm')}
        cancelText={t('master.cancel')}
        okButtonProps={{ loading: sending }}
        onOk={() => void submit()}
        onCancel={() => setConfirming(false)}
        destroyOnHidden
      >
        <p>{t('master.confirmText')}</p>
      </Modal>
    </section>
  );
}
