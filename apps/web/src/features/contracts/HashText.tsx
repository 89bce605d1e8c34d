import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A SHA-256 shortened to its first and last characters; the whole of it in a tooltip and copyable. */
export function HashText({ value }: { value: string | null }) {
  const { t } = useTranslation('contracts');
  if (!value) return <span>—</span>;
  const short = value.length > 16 ? `${value.slice(0, 8)}…${value.slice(-6)}` : value;
  return (
    <Typography.Text
      className="hash-text"
      copyable={{ text: value, tooltips: [t('hash.copy'), t('hash.copied')] }}
      aria-label={t('hash.full', { value })}
    >
      <Tooltip title={<span className="hash-text__full">{value}</span>}>
        <code>{short}</code>
      </Tooltip>
    </Typography.Text>
  );
}
