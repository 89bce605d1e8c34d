import './home.css';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AssetIcon,
  FundsInIcon,
  FundsOutIcon,
  InnovationIcon,
  LoanIcon,
  MarketIcon,
  ProjectIcon,
  SettlementIcon,
  TopicIcon,
  TradeIcon,
} from '../../components/area-icons.tsx';
import { type IconProps, MailIcon, PhoneIcon } from '../../components/icons.tsx';
import { ProductsSection, TrendsSection, UnderstandSection } from '../../features/content/sections/HomeSections.tsx';
import { HomeCooperationSection } from '../../features/cooperation/HomeCooperationSection.tsx';
import { useSiteConfig } from '../../features/site-config/useSiteConfig.ts';
import { toTelHref } from '../../lib/contact.ts';
import { HeroArtwork } from './HeroArtwork.tsx';

type AreaKey =
  | 'tradeFinance'
  | 'projectFinance'
  | 'interbankLoans'
  | 'financialMarkets'
  | 'settlement'
  | 'assetTransfer'
  | 'innovation'
  | 'topics';

/** The cooperation areas of SPEC §1, plus the topic pages. */
const AREAS: ReadonlyArray<{ key: AreaKey; Icon: ComponentType<IconProps> }> = [
  { key: 'tradeFinance', Icon: TradeIcon },
  { key: 'projectFinance', Icon: ProjectIcon },
  { key: 'interbankLoans', Icon: LoanIcon },
  { key: 'financialMarkets', Icon: MarketIcon },
  { key: 'settlement', Icon: SettlementIcon },
  { key: 'assetTransfer', Icon: AssetIcon },
  { key: 'innovation', Icon: InnovationIcon },
  { key: 'topics', Icon: TopicIcon },
];

const STEPS = ['register', 'publish', 'match', 'sign'] as const;

/** The two directions of cooperation the hero names: funds coming in and going out. */
const DIRECTIONS = [
  { key: 'fundsIn', modifier: 'in', Icon: FundsInIcon },
  { key: 'fundsOut', modifier: 'out', Icon: FundsOutIcon },
] as const;

/** A home page band with its heading (and intro) over the content. */
function HomeSection({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={tinted ? 'home-section home-section--tinted' : 'home-section'} aria-labelledby={id}>
      <div className="container">
        <header className="section-heading">
          <h2 id={id} className="section-heading__title">
            {title}
          </h2>
          {intro ? <p className="section-heading__intro">{intro}</p> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

/**
 * The home page as far as the portal goes today: what it is for, the cooperation areas, how
 * cooperation works and how to reach the service desk. Later features add the banner carousel,
 * the "understand the bank" tiles, the two-way cooperation list and the market trends.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const config = useSiteConfig();
  return (
    <div className="home">
      <HomeHero />

      <UnderstandSection />
      <ProductsSection />

      <HomeSection id="home-areas-title" title={t('areas.title')} intro={t('areas.intro')}>
        <ul className="area-grid">
          {AREAS.map(({ key, Icon }) => (
            <li key={key} className="area-card">
              <span className="area-card__icon">
                <Icon size={26} />
              </span>
              <h3 className="area-card__title">{t(`areas.${key}.title`)}</h3>
              <p className="area-card__text">{t(`areas.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </HomeSection>

      <HomeCooperationSection />

      <TrendsSection />

      <HomeSection id="home-steps-title" title={t('steps.title')} tinted>
        <ol className="step-list">
          {STEPS.map((step, index) => (
            <li key={step} className="step-list__item">
              <span className="step-list__number" aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className="step-list__title">{t(`steps.${step}.title`)}</h3>
              <p className="step-list__text">{t(`steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </HomeSection>

      {config ? <ServiceSection orgEmail={config.orgEmail} serviceLine={config.serviceLine} /> : null}
    </div>
  );
}

/** What the portal is for, its two calls to action, and the two directions of cooperation. */
function HomeHero() {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <HeroArtwork />
      <div className="home-hero__inner container">
        <div className="home-hero__copy">
          <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
          <h1 id="home-hero-title" className="home-hero__title">
            {t('hero.title')}
          </h1>
          <p className="home-hero__lead">{t('hero.lead')}</p>
          <div className="home-hero__actions">
            <Link to="/release" className="button button--accent button--large">
              {t('hero.primaryCta')}
            </Link>
            <Link to="/publishInfo" className="button button--outline-light button--large">
              {t('hero.secondaryCta')}
            </Link>
          </div>
          <p className="home-hero__audience">{t('hero.audience')}</p>
        </div>
        <aside className="home-directions" aria-labelledby="home-directions-title">
          <h2 id="home-directions-title" className="home-directions__title">
            {t('directions.title')}
          </h2>
          {DIRECTIONS.map(({ key, modifier, Icon }) => (
            <div key={key} className="home-directions__item">
              <span className={`home-directions__icon home-directions__icon--${modifier}`}>
                <Icon size={22} />
              </span>
              <div>
                <h3 className="home-directions__name">{t(`directions.${key}`)}</h3>
                <p className="home-directions__text">{t(`directions.${key}Text`)}</p>
              </div>
            </div>
          ))}
        </aside>
      </div>
    </section>
  );
}

/** How to reach the service desk: its e-mail and phone line, from the site configuration. */
function ServiceSection({ orgEmail, serviceLine }: { orgEmail: string; serviceLine: string }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-service" aria-labelledby="home-service-title">
      <div className="home-service__inner container">
        <div className="home-service__copy">
          <h2 id="home-service-title" className="section-heading__title">
            {t('service.title')}
          </h2>
          <p className="home-service__text">{t('service.text')}</p>
        </div>
        <dl className="home-service__contacts">
          {(
            [
              { key: 'email', Icon: MailIcon, href: `mailto:${orgEmail}`, value: orgEmail },
              { key: 'serviceLine', Icon: PhoneIcon, href: toTelHref(serviceLine), value: serviceLine },
            ] as const
          ).map(({ key, Icon, href, value }) => (
            <div key={key} className="home-service__contact">
              <dt>
                <Icon size={18} />
                {t(`service.${key}`)}
              </dt>
              <dd>
                <a href={href}>{value}</a>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
