import '../../../components/list-page.css';
import '../cooperation.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notify.ts';
import { cooperationKeys, invalidateRequest, type OpportunityDetail } from '../cooperation-api.ts';
import { IntentionDialog } from '../IntentionDialog.tsx';
import { InvalidateDialog } from '../InvalidateDialog.tsx';
import { DetailHeader } from './DetailHeader.tsx';
import { DetailSections, PublisherCard } from './DetailSections.tsx';
import { MyIntentionPanel } from './MyIntentionPanel.tsx';
import { OwnerPanel } from './OwnerPanel.tsx';

/**
 * One request as its detail page shows it (SPEC §2): the header with its state and actions
 * (Send cooperation intention and Follow for readers of other institutions, Edit and Invalidate
 * for its owner), the owner's counts and intentions, the reader's own intention, the profile,
 * L/C, banks and cooperation terms, attachments and related materials.
 */
export function DetailView({ detail }: { detail: OpportunityDetail }) {
  const { t } = useTranslation('cooperation');
  const queryClient = useQueryClient();
  const { item } = detail;
  const [dialog, setDialog] = useState<'intention' | 'invalidate' | null>(null);
  const [invalidating, setInvalidating] = useState(false);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: cooperationKeys.all });

  const invalidate = async () => {
    setInvalidating(true);
    try {
      await invalidateRequest(item.lgcSn);
      showToast({ type: 'success', content: t('invalidate.done', { name: item.itDpchlstRqmNm }) });
      setDialog(null);
      refresh();
    } catch {
      // The toast said why; the dialog stays.
    } finally {
      setInvalidating(false);
    }
  };

  return (
    <>
      <DetailHeader
        detail={detail}
        onSend={() => setDialog('intention')}
        onInvalidate={() => setDialog('invalidate')}
      />

      {detail.owner ? <OwnerPanel owner={detail.owner} /> : null}
      {detail.myIntention ? <MyIntentionPanel intention={detail.myIntention} /> : null}

      <PublisherCard publisher={detail.publisher} />
      <DetailSections detail={detail} />

      {dialog === 'intention' ? (
        <IntentionDialog
          requestLgcSn={item.lgcSn}
          requestName={item.itDpchlstRqmNm}
          institution={item.instNm}
          onClose={() => setDialog(null)}
          onSent={() => {
            setDialog(null);
            refresh();
          }}
        />
      ) : null}
      {dialog === 'invalidate' ? (
        <InvalidateDialog
          name={item.itDpchlstRqmNm}
          busy={invalidating}
          onConfirm={() => void invalidate()}
          onCancel={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
