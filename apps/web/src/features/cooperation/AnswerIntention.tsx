import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Button, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { ReturnFocus } from '../../lib/useReturnFocus.ts';
import { answerIntention, cooperationKeys, type IntentionItem } from './cooperation-api.ts';

type Decision = 'agree' | 'refuse';

type AnswerContext = {
  intention: IntentionItem;
  decision: Decision | null;
  names: { institution: IntentionItem['senderInstitution']; name: IntentionItem['requestName'] };
  t: TFunction<'cooperation'>;
  setSaving: (saving: boolean) => void;
  setDecision: (decision: Decision | null) => void;
  queryClient: QueryClient;
};

/** Sends the confirmed answer; the dialog closes once it is saved. */
function answerer({ intention, decision, names, t, setSaving, setDecision, queryClient }: AnswerContext) {
  return async () => {
    if (!decision) return;
    setSaving(true);
    try {
      await answerIntention({ intentionLgcSn: intention.lgcSn, decision });
      showToast({
        type: 'success',
        content: decision === 'agree' ? t('answer.agreed', names) : t('answer.refused', names),
      });
      setDecision(null);
      void queryClient.invalidateQueries({ queryKey: cooperationKeys.all });
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setSaving(false);
    }
  };
}

/**
 * Agree / Refuse of an intention received. Answering is final (SPEC §4: the sender is told at
 * once), so each asks for a confirmation that names the institution first.
 */
export function AnswerIntention({ intention }: { intention: IntentionItem }) {
  const { t } = useTranslation('cooperation');
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [saving, setSaving] = useState(false);
  if (!intention.canAnswer) return null;
  const names = { institution: intention.senderInstitution, name: intention.requestName };

  const confirm = answerer({ intention, decision, names, t, setSaving, setDecision, queryClient });

  return (
    <>
      <Button
        type="link"
        onClick={() => setDecision('agree')}
        aria-label={t('answer.agreeFor', { institution: intention.senderInstitution })}
      >
        {t('answer.agree')}
      </Button>
      <Button
        type="link"
        danger
        onClick={() => setDecision('refuse')}
        aria-label={t('answer.refuseFor', { institution: intention.senderInstitution })}
      >
        {t('answer.refuse')}
      </Button>
      {decision ? (
        <>
          <ReturnFocus />
          <Modal
            open
            title={decision === 'agree' ? t('answer.agreeTitle', names) : t('answer.refuseTitle', names)}
            okText={decision === 'agree' ? t('answer.agreeConfirm') : t('answer.refuseConfirm')}
            okButtonProps={{ danger: decision === 'refuse', loading: saving }}
            cancelText={t('actions.cancel')}
            onOk={() => void confirm()}
            onCancel={() => setDecision(null)}
            destroyOnHidden
            width={520}
          >
            <div className="confirm-dialog__text">
              <p>{decision === 'agree' ? t('answer.agreeText', names) : t('answer.refuseText', names)}</p>
              <p>
                <strong>{t('answer.final')}</strong>
              </p>
            </div>
          </Modal>
        </>
      ) : null}
    </>
  );
}
