import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whose row the button is on: a user's or an institution's (the texts differ). */
export type StatusSubject = 'user' | 'institution';

/** "Stop" on a row: opens the dialog that asks for the reason. */
export function StopButton({ subject, name, onClick }: { subject: StatusSubject; name: string; onClick: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Button type="link" danger onClick={onClick} aria-label={t(`stop.${subject}For`, { name })}>
      {t('actions.stop')}
    </Button>
  );
}

/** "Re-enable" on a row, after a confirmation. */
export function EnableButton({
  subject,
  name,
  onConfirm,
}: {
  subject: StatusSubject;
  name: string;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation('users');
  return (
    <Popconfirm
      title={t(`enable.${subject}Title`, { name })}
      description={t(`enable.${subject}Text`)}
      okText={t('actions.enable')}
      cancelText={t('actions.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" aria-label={t(`enable.${subject}For`, { name })}>
        {t('actions.enable')}
      </Button>
    </Popconfirm>
  );
}

/** "Make administrator" on a row of the institution's users, after a confirmation. */
export function MakeAdminButton({ name, onConfirm }: { name: string; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation('users');
  return (
    <Popconfirm
      title={t('makeAdmin.title', { name })}
      description={t('makeAdmin.text')}
      okText={t('makeAdmin.confirm')}
      cancelText={t('actions.cancel')}
      onConfirm={onConfirm}
    >
      <Button type="link" aria-label={t('makeAdmin.for', { name })}>
        {t('actions.makeAdmin')}
      </Button>
    </Popconfirm>
  );
}
