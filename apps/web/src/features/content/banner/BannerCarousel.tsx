import './banner.css';
import type { TBanner } from '@portal/shared/schemas/content';
import type { TFunction } from 'i18next';
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { lazyComponent } from '../../../lib/lazy-page.ts';
import { useBanners, useBilingual } from '../content-api.ts';
import { isSafeLink, portalPath } from '../ui/content-links.ts';
import defaultBannerUrl from './default-banner.svg';
import { WelcomeCard } from './WelcomeCard.tsx';

const SurveyJumpDialog = lazyComponent(() => import('./SurveyJumpDialog.tsx'), 'SurveyJumpDialog');

export const BANNER_INTERVAL_MS = 6_000;
export { defaultBannerUrl as DEFAULT_BANNER_IMAGE };

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A banner image, or the default picture when it has none or it fails to load (SPEC §7). */
function BannerImage({ banner, alt, eager }: { banner: TBanner; alt: string; eager: boolean }) {
  const [failed, setFailed] = useState(false);
  const src = !failed && banner.imageUrl ? banner.imageUrl : defaultBannerUrl;
  return (
    <img
      className="banner__image"
      src={src}
      alt={alt}
      width={1920}
      height={420}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      onError={() => setFailed(true)}
    />
  );
}

type Survey = { open: boolean; questionnaireId: string | null; mounted: boolean };

/** The carousel's state: the banners, the current one, pausing, and the questionnaire's dialog. */
function useCarousel() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { data: banners, isPending } = useBanners();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [survey, setSurvey] = useState<Survey>({ open: false, questionnaireId: null, mounted: false });
  const region = useRef<HTMLElement>(null);

  const count = banners?.length ?? 0;
  const current = count ? Math.min(index, count - 1) : 0;
  const go = useCallback((next: number) => setIndex(() => (count ? (next + count) % count : 0)), [count]);

  useEffect(() => {
    if (count < 2 || paused || hovered || survey.open) return;
    const timer = setTimeout(() => go(current + 1), BANNER_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [count, paused, hovered, survey.open, current, go]);

  const openSurvey = (banner: TBanner) => {
    setSurvey({ open: true, questionnaireId: banner.qtnMisId, mounted: true });
  };
  const closeSurvey = () => setSurvey((state) => ({ ...state, open: false }));
  const togglePaused = () => setPaused((value) => !value);
  return {
    t,
    text,
    banners,
    isPending,
    count,
    current,
    go,
    paused,
    togglePaused,
    setHovered,
    region,
    survey,
    openSurvey,
    closeSurvey,
  };
}

type Carousel = ReturnType<typeof useCarousel>;

/**
 * The home carousel (SPEC §2, §3; in the layout's BANNER slot, hidden on hiddenBanner routes).
 * Each banner opens its link in a new window, or, with jump flag '1', asks for a work e-mail and
 * opens the questionnaire. It advances every 6 s unless the reader hovers or focuses it, pauses it,
 * or prefers reduced motion. Plain DOM and CSS (no antd), so the first image is not held up by
 * the component library.
 */
export function BannerCarousel() {
  const carousel = useCarousel();
  const { t, banners, isPending, count, paused, region, survey, setHovered } = carousel;
  return (
    <section
      ref={region}
      className="banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div className="banner__viewport" aria-live={paused ? 'polite' : 'off'}>
        {isPending ? <div className="banner__slide banner__slide--placeholder" aria-hidden="true" /> : null}
        {!isPending && count === 0 ? (
          <div className="banner__slide is-current">
            <img className="banner__image" src={defaultBannerUrl} alt="" width={1920} height={420} />
          </div>
        ) : null}
        {banners?.map((banner, position) => bannerSlide(carousel, banner, position))}
      </div>

      <div className="banner__overlay container">
        <WelcomeCard />
      </div>

      {count > 1 ? <BannerControls carousel={carousel} /> : null}

      {survey.mounted && survey.questionnaireId ? (
        <Suspense fallback={null}>
          <SurveyJumpDialog
            open={survey.open}
            questionnaireId={survey.questionnaireId}
            onClose={carousel.closeSurvey}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/** One slide: its picture and title, opening its link or its questionnaire. */
function bannerSlide({ t, text, count, current, openSurvey }: Carousel, banner: TBanner, position: number) {
  const title = text(banner.title);
  const isCurrent = position === current;
  const label = `${position + 1} / ${count}: ${title}`;
  const image = <BannerImage banner={banner} alt={title} eager={position === 0} />;
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide a group
    <div
      key={banner.lgcSn}
      className={`banner__slide${isCurrent ? ' is-current' : ''}`}
      role="group"
      aria-roledescription="slide"
      aria-label={label}
      aria-hidden={!isCurrent}
      inert={!isCurrent}
    >
      {slideLink(t, banner, image, title, () => openSurvey(banner))}
    </div>
  );
}

/** What a slide opens: the questionnaire, a page of the portal, another site, or nothing. */
function slideLink(t: TFunction<'content'>, banner: TBanner, image: ReactNode, title: string, openSurvey: () => void) {
  const track = `banner:${banner.lgcSn}`;
  const inPortal = portalPath(banner.linksUrl);
  return banner.wthrChkInd === '1' && banner.qtnMisId ? (
    <button type="button" className="banner__link" data-track={track} onClick={openSurvey} aria-haspopup="dialog">
      {image}
      <span className="banner__caption">
        <span className="banner__title">{title}</span>
        <span className="banner__cta">{t('banner.questionnaire')}</span>
      </span>
    </button>
  ) : inPortal ? (
    // A page of the portal opens here, in this tab: one that needs a log-in asks for
    // it over this home page (the route guard) and goes on to the page afterwards.
    <Link className="banner__link" to={inPortal} data-track={track}>
      {image}
      <span className="banner__caption">
        <span className="banner__title">{title}</span>
      </span>
    </Link>
  ) : isSafeLink(banner.linksUrl) ? (
    <a className="banner__link" href={banner.linksUrl} target="_blank" rel="noopener noreferrer" data-track={track}>
      {image}
      <span className="banner__caption">
        <span className="banner__title">{title}</span>
        <span className="visually-hidden"> {t('common.opensInNewWindow')}</span>
      </span>
    </a>
  ) : (
    <div className="banner__link">
      {image}
      <span className="banner__caption">
        <span className="banner__title">{title}</span>
      </span>
    </div>
  );
}

/** Previous, one dot per banner, next, and pause or play. */
function BannerControls({ carousel }: { carousel: Carousel }) {
  const { t, banners, count, current, go, paused } = carousel;
  return (
    <div className="banner__controls container">
      <button type="button" className="banner__arrow" onClick={() => go(current - 1)} aria-label={t('banner.previous')}>
        <span aria-hidden="true">‹</span>
      </button>
      <div className="banner__dots">
        {banners?.map((banner, position) => (
          <button
            key={banner.lgcSn}
            type="button"
            className={`banner__dot${position === current ? ' is-current' : ''}`}
            aria-label={t('banner.goTo', { index: position + 1, total: count })}
            aria-current={position === current ? 'true' : undefined}
            onClick={() => go(position)}
          />
        ))}
      </div>
      <button type="button" className="banner__arrow" onClick={() => go(current + 1)} aria-label={t('banner.next')}>
        <span aria-hidden="true">›</span>
      </button>
      <button
        type="button"
        className="banner__pause"
        onClick={carousel.togglePaused}
        aria-label={paused ? t('banner.play') : t('banner.pause')}
        aria-pressed={paused}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
    </div>
  );
}
