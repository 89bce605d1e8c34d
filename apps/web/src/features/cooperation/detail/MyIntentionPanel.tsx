import { useTranslation } from 'react-i18next';
import { Code, FieldList } from '../../../components/FieldList.tsx';
import { TimeText } from '../../../components/TimeText.tsx';
import type { IntentionItem } from '../cooperation-api.ts';
import { IntentionContact } from '../IntentionContact.tsx';
import { IntentionStatusTag } from '../StatusTags.tsx';

/** The intention the reader's institution sent about the request, and its state. */
export function MyIntentionPanel({ intention }: { intention: IntentionItem }) {
  const { t } = useTranslation('cooperation');
  return (
    <section className="detail-card detail-card--highlight" aria-labelledby="detail-my-intention">
      <h2 id="detail-my-intention" className="detail-card__title">
        {t('myIntention.title')}
      </h2>
      <FieldList
        items={[
          { key: 'status', label: t('intentions.status'), value: <IntentionStatusTag status={intention.status} /> },
          {
            key: 'sentAt',
            label: t('intentions.sentAt'),
            value: (
              <Code>
                <TimeText value={intention.sentAt} />
              </Code>
            ),
          },
          { key: 'sender', label: t('intentions.sender'), value: intention.senderName },
          {
            key: 'message',
            label: t('intentions.message'),
            wide: true,
            value: <span className="multiline">{intention.message}</span>,
          },
        ]}
      />
      <IntentionContact intention={intention} />
    </section>
  );
}
