import '../content.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HOME_PATH } from '../../../app/route-paths.ts';

export type Crumb = { label: string; to?: string };

/** Home > … > the current page (the last crumb is the page itself, not a link). */
export function Breadcrumbs({ items }: { items: readonly Crumb[] }) {
  const { t } = useTranslation('content');
  const all: Crumb[] = [{ label: t('common.home'), to: HOME_PATH }, ...items];
  return (
    <nav className="content-breadcrumbs" aria-label={t('common.breadcrumb')}>
      <ol>
        {all.map((crumb, index) => {
          const last = index === all.length - 1;
          return (
            <li key={`${crumb.to ?? 'here'}:${crumb.label}`}>
              {crumb.to && !last ? (
                <Link to={crumb.to}>{crumb.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * The frame of every content page: breadcrumbs and a heading band (title, optional eyebrow and
 * intro, optional aside), then the page's body in the container.
 */
export function ContentFrame({
  crumbs,
  title,
  eyebrow,
  intro,
  meta,
  aside,
  children,
  lang,
}: {
  crumbs: readonly Crumb[];
  title: ReactNode;
  eyebrow?: ReactNode;
  intro?: ReactNode;
  meta?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  lang?: string;
}) {
  return (
    <div className="content-page">
      <header className="content-page__head">
        <div className="container">
          <Breadcrumbs items={crumbs} />
          <div className="content-page__head-row">
            <div className="content-page__head-copy" lang={lang}>
              {eyebrow ? <p className="content-page__eyebrow">{eyebrow}</p> : null}
              <h1 className="content-page__title">{title}</h1>
              {intro ? <p className="content-page__intro">{intro}</p> : null}
              {meta ? <p className="content-page__meta">{meta}</p> : null}
            </div>
            {aside ? <div className="content-page__head-aside">{aside}</div> : null}
          </div>
        </div>
      </header>
      <div className="content-page__body container">{children}</div>
    </div>
  );
}
