import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ExternalLink } from '../../components/ExternalLink.tsx';
import { MailIcon, PhoneIcon } from '../../components/icons.tsx';
import { VERIFY_PATH } from '../../features/contracts/paths.ts';
import { openFeedback } from '../../features/feedback/open-feedback.ts';
import { useSiteConfig } from '../../features/site-config/useSiteConfig.ts';
import { toTelHref } from '../../lib/contact.ts';
import { pickText } from '../../lib/i18n/locale.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useModuleWhenIdle } from '../../lib/when-idle.ts';

/** Not on the first screen's path: its code and its request wait until the page is idle. */
const loadFingerprint = () => import('./FooterFingerprint.tsx');

/**
 * About us (with the link to /verify and the certificate authority's fingerprint), contact us and
 * external links (from the site configuration: hidden until it has loaded), related agreements,
 * and the copyright line (hidden on hiddenCopyRight routes).
 */
export function PortalFooter({ showCopyright }: { showCopyright: boolean }) {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const { locale } = useLocale();
  const config = useSiteConfig();
  const fingerprint = useModuleWhenIdle(loadFingerprint);
  return (
    <footer className="portal-footer">
      <div className="portal-footer__grid container">
        <section className="portal-footer__column portal-footer__column--about" aria-labelledby="footer-about">
          <h2 id="footer-about" className="portal-footer__heading">
            {t('footer.aboutUs')}
          </h2>
          <p className="portal-footer__text">{t('footer.aboutText')}</p>
          <Link to="/about" className="portal-footer__link">
            {t('footer.aboutLink')}
          </Link>
          <button type="button" className="portal-footer__link portal-footer__button" onClick={openFeedback}>
            {tContent('feedback.footerLink')}
          </button>
          <Link to={VERIFY_PATH} className="portal-footer__link portal-footer__verify">
            {t('footer.verify')}
            {fingerprint ? <fingerprint.FooterFingerprint /> : null}
          </Link>
        </section>
        {config ? <ContactColumn config={config} /> : null}
        {config?.externalLinks.length ? <ExternalLinksColumn config={config} /> : null}
        <nav className="portal-footer__column" aria-labelledby="footer-agreements">
          <h2 id="footer-agreements" className="portal-footer__heading">
            {t('footer.agreements')}
          </h2>
          <ul className="portal-footer__list">
            <li>
              <Link to="/agreement/0" className="portal-footer__link">
                {t('footer.userAgreement')}
              </Link>
            </li>
            <li>
              <Link to="/agreement/1" className="portal-footer__link">
                {t('footer.privacyPolicy')}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      {showCopyright && config ? (
        <div className="portal-footer__bottom">
          <p className="container" data-testid="footer-copyright">
            {pickText(config.copyright, locale)}
          </p>
        </div>
      ) : null}
    </footer>
  );
}

type SiteConfig = NonNullable<ReturnType<typeof useSiteConfig>>;

/** The bank's e-mail and service line, from the site configuration. */
function ContactColumn({ config }: { config: SiteConfig }) {
  const { t } = useTranslation();
  return (
    <section className="portal-footer__column" aria-labelledby="footer-contact">
      <h2 id="footer-contact" className="portal-footer__heading">
        {t('footer.contactUs')}
      </h2>
      <ul className="portal-footer__list">
        <li className="portal-footer__contact">
          <MailIcon size={16} className="portal-footer__contact-icon" />
          <span className="visually-hidden">{t('footer.email')}: </span>
          <a href={`mailto:${config.orgEmail}`} className="portal-footer__link" data-testid="footer-email">
            {config.orgEmail}
          </a>
        </li>
        <li className="portal-footer__contact">
          <PhoneIcon size={16} className="portal-footer__contact-icon" />
          <span className="visually-hidden">{t('footer.serviceLine')}: </span>
          <a href={toTelHref(config.serviceLine)} className="portal-footer__link" data-testid="footer-service-line">
            {config.serviceLine}
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The external links of the site configuration, in the reader's language. */
function ExternalLinksColumn({ config }: { config: SiteConfig }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (
    <nav className="portal-footer__column" aria-labelledby="footer-external">
      <h2 id="footer-external" className="portal-footer__heading">
        {t('footer.externalLinks')}
      </h2>
      <ul className="portal-footer__list">
        {config.externalLinks.map((link) => (
          <li key={link.key}>
            <ExternalLink href={pickText(link.url, locale)} className="portal-footer__link">
              {pickText(link.label, locale)}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
