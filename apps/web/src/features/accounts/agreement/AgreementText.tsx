import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../../app/shell/PageFallback.tsx';
import { useNamespace } from '../../../lib/i18n/namespaces.ts';
import { useSiteConfig } from '../../site-config/useSiteConfig.ts';
import { fetchAgreementVersion } from '../accounts-api.ts';
import type { AgreementType } from '../paths.ts';

const USER_AGREEMENT_SECTIONS = [
  'scope',
  'services',
  'userTypes',
  'registration',
  'security',
  'acceptableUse',
  'fees',
  'dormancy',
  'dataLocation',
  'intellectualProperty',
  'liability',
  'suspension',
  'changes',
  'law',
  'contact',
] as const;

const PRIVACY_POLICY_SECTIONS = [
  'scope',
  'collect',
  'use',
  'sharing',
  'administrators',
  'storage',
  'security',
  'rights',
  'cookies',
  'changes',
  'contact',
] as const;

/** The e-signature service agreement, accepted when applying for a seal (not one of /agreement/:type's tabs). */
export const E_SIGNATURE_AGREEMENT = 'eSignature';

const E_SIGNATURE_SECTIONS = [
  'definitions',
  'application',
  'certificate',
  'safekeeping',
  'codes',
  'effect',
  'authorisedUse',
  'validity',
  'cancellation',
  'records',
  'liability',
  'law',
] as const;

/** Splits a section body: paragraphs by blank lines; a paragraph of "- " lines is a list. */
function Blocks({ text }: { text: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((block, index) => {
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith('- '))) {
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
            <ul key={index} className="agreement-text__list">
              {lines.map((line) => (
                <li key={line}>{line.slice(2)}</li>
              ))}
            </ul>
          );
        }
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <p key={index}>{block}</p>
        );
      })}
    </>
  );
}

/**
 * The version in force of the user agreement and the policy (published together from the back
 * office), as the agreement dialog shows it: never a version printed into the text.
 */
function VersionInForce() {
  const { t } = useTranslation('agreements');
  const inForce = useQuery({ queryKey: ['agreementVersion'], queryFn: ({ signal }) => fetchAgreementVersion(signal) });
  if (!inForce.data) return null;
  return (
    <p className="agreement-text__meta">
      {t('inForce', { version: inForce.data.version, date: inForce.data.effectiveDate })}
    </p>
  );
}

export type AgreementTextType = AgreementType | typeof E_SIGNATURE_AGREEMENT;

type AgreementTextProps = {
  type: AgreementTextType;
  headingLevel?: 2 | 3;
  /** false where the dialog's own title already names the text (it is not said twice). */
  withTitle?: boolean;
};

/**
 * The user agreement (type 0), the personal-information protection policy (type 1) or the
 * e-signature service agreement (`E_SIGNATURE_AGREEMENT`, shown when applying for a seal), from the
 * `agreements` namespace (downloaded the first time; a spinner until then), with the
 * organisation e-mail of the site configuration.
 */
export function AgreementText(props: AgreementTextProps) {
  return useNamespace('agreements') ? <AgreementBody {...props} /> : <PageFallback />;
}

function AgreementBody({ type, headingLevel = 2, withTitle = true }: AgreementTextProps) {
  const { t } = useTranslation('agreements');
  const config = useSiteConfig();
  const email = config?.orgEmail ?? t('emailFallback');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Section = headingLevel === 2 ? 'h3' : 'h4';

  if (type === E_SIGNATURE_AGREEMENT) {
    return (
      <article className="agreement-text">
        {withTitle ? <Heading className="agreement-text__title">{t('eSignature.title')}</Heading> : null}
        <p className="agreement-text__meta">{t('eSignature.version')}</p>
        <Blocks text={t('eSignature.intro')} />
        {E_SIGNATURE_SECTIONS.map((key) => (
          <section key={key} className="agreement-text__section">
            <Section className="agreement-text__heading">{t(`eSignature.sections.${key}.heading`)}</Section>
            <Blocks text={t(`eSignature.sections.${key}.body`, { email })} />
          </section>
        ))}
      </article>
    );
  }
  if (type === '1') {
    return (
      <article className="agreement-text">
        <Heading className="agreement-text__title">{t('privacyPolicy.title')}</Heading>
        <VersionInForce />
        <Blocks text={t('privacyPolicy.intro')} />
        {PRIVACY_POLICY_SECTIONS.map((key) => (
          <section key={key} className="agreement-text__section">
            <Section className="agreement-text__heading">{t(`privacyPolicy.sections.${key}.heading`)}</Section>
            <Blocks text={t(`privacyPolicy.sections.${key}.body`, { email })} />
          </section>
        ))}
      </article>
    );
  }
  return (
    <article className="agreement-text">
      <Heading className="agreement-text__title">{t('userAgreement.title')}</Heading>
      <VersionInForce />
      <Blocks text={t('userAgreement.intro')} />
      {USER_AGREEMENT_SECTIONS.map((key) => (
        <section key={key} className="agreement-text__section">
          <Section className="agreement-text__heading">{t(`userAgreement.sections.${key}.heading`)}</Section>
          <Blocks text={t(`userAgreement.sections.${key}.body`, { email })} />
        </section>
      ))}
    </article>
  );
}
