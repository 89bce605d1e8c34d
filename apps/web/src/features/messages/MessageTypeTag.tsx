import type { TMessageType } from '@portal/shared/schemas/messages';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const TYPE_COLORS: Record<TMessageType, string> = {
  match: 'blue',
  intentionReceived: 'gold',
  intentionRejected: 'red',
  intentionAgreed: 'green',
  requestPublished: 'geekblue',
  intentionReached: 'cyan',
  sealSubmitted: 'purple',
  sealApproved: 'green',
  sealRejected: 'red',
  contractUploaded: 'geekblue',
  contractSigned: 'cyan',
};

/** The message type (SPEC §4), labelled and coloured. */
export function MessageTypeTag({ type }: { type: TMessageType }) {
  const { t } = useTranslation('messages');
  return (
    <Tag color={TYPE_COLORS[type]} className="message-type">
      {t(`types.${type}`)}
    </Tag>
  );
}
