import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { asTranslate, describeAudit } from './audit-sentence.ts';
import type { AuditEntry } from './backoffice-api.ts';

/** One audit entry as a sentence, its meaningful details beneath (label: value), in the reader's language. */
export function AuditEvent({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const { sentence, details } = describeAudit(entry, asTranslate(t), locale);
  return (
    <div className="audit-event">
      <p className="audit-event__sentence">{sentence}</p>
      {details.length ? (
        <dl className="audit-detail">
          {details.map((detail) => (
            <div key={detail.key} className="audit-detail__row">
              <dt>{detail.label}</dt>
              <dd className={detail.code ? 'audit-nowrap' : undefined} title={detail.title}>
                {detail.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
