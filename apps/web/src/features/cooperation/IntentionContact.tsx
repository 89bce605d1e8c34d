import './intention-contact.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IntentionItem } from './cooperation-api.ts';
import { MY_CONTRACTS_PATH } from './paths.ts';

/**
 * Once an intention is agreed, each side's contact for the other — person, work e-mail, phone —
 * and the next step (the contract). The server gives the contact only to the two parties of an
 * agreed intention (`counterpartContact`), so nothing shows before.
 */
export function IntentionContact({ intention }: { intention: IntentionItem }) {
  const { t } = useTranslation('cooperation');
  const contact = intention.counterpartContact;
  if (intention.status !== 'agreed' || !contact) return null;
  const titleId = `intention-contact-${intention.lgcSn}`;
  return (
    <section className="intention-contact" aria-labelledby={titleId}>
      <h3 id={titleId} className="intention-contact__title">
        {t('intentionContact.title', { institution: contact.institution })}
      </h3>
      <dl className="intention-contact__list">
        <div>
          <dt>{t('intentionContact.name')}</dt>
          <dd>{contact.name || '—'}</dd>
        </div>
        <div>
          <dt>{t('intentionContact.email')}</dt>
          <dd>{contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : '—'}</dd>
        </div>
        <div>
          <dt>{t('intentionContact.phone')}</dt>
          <dd>{contact.phone ? <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a> : '—'}</dd>
        </div>
      </dl>
      <p className="intention-contact__next">
        <strong>{t('intentionContact.next')}</strong>{' '}
        <Link to={MY_CONTRACTS_PATH}>{t('intentionContact.nextLink')}</Link>
      </p>
    </section>
  );
}
