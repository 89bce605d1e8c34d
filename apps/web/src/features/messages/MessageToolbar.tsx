import { MESSAGE_TYPES, type TMessageType } from '@portal/shared/schemas/messages';
import { Button, Popconfirm, Segmented, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { MESSAGE_STATUS_FILTERS } from './message-params.ts';
import type { MessageStatusFilter } from './messages-api.ts';

type MessageToolbarProps = {
  view: { type: TMessageType | null; status: MessageStatusFilter };
  update: (change: { type?: TMessageType | null; status?: MessageStatusFilter; page: null }) => void;
  selectedCount: number;
  marking: boolean;
  unreadTotal: number;
  onMarkSelected: () => void;
  onMarkAll: () => Promise<void>;
};

/** The message centre's type and read-status filters, and its two "mark as read" actions. */
export function MessageToolbar(props: MessageToolbarProps) {
  const { view, update, selectedCount, marking, unreadTotal, onMarkSelected, onMarkAll } = props;
  const { t } = useTranslation('messages');
  return (
    <div className="list-toolbar">
      <div className="list-toolbar__filters">
        <Select<TMessageType | 'all'>
          value={view.type ?? 'all'}
          onChange={(value) => update({ type: value === 'all' ? null : value, page: null })}
          options={[
            { value: 'all', label: t('centre.allTypes') },
            ...MESSAGE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
          ]}
          aria-label={t('centre.typeFilter')}
          className="message-centre__type"
          popupMatchSelectWidth={false}
        />
        <Segmented<MessageStatusFilter>
          value={view.status}
          onChange={(value) => update({ status: value, page: null })}
          options={MESSAGE_STATUS_FILTERS.map((value) => ({ value, label: t(`centre.status.${value}`) }))}
          aria-label={t('centre.statusFilter')}
        />
      </div>
      <div className="list-toolbar__filters">
        {selectedCount ? (
          <span className="message-centre__selected">{t('centre.selected', { count: selectedCount })}</span>
        ) : null}
        <Button onClick={onMarkSelected} loading={marking}>
          {t('centre.markSelected')}
        </Button>
        <Popconfirm
          title={t('centre.markAllTitle')}
          description={t('centre.markAllText', { num: unreadTotal })}
          okText={t('centre.markAllConfirm')}
          cancelText={t('centre.cancel')}
          onConfirm={onMarkAll}
          disabled={unreadTotal === 0}
        >
          <Button type="primary" disabled={unreadTotal === 0}>
            {t('centre.markAll')}
          </Button>
        </Popconfirm>
      </div>
    </div>
  );
}
