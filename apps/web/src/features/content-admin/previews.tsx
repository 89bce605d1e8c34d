import type { TBilingual } from '@portal/shared';
import type {
  TBanner,
  TCompliance,
  TConsultDetail,
  TModuleDetail,
  TPortugueseInstitution,
  TReport,
  TTopic,
} from '@portal/shared/schemas/content';
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../content/rich-text/RichText.tsx';
import { formatFileSize } from '../files/files-api.ts';
import type { ContentLanguage } from './BilingualFields.tsx';

const pick = (value: TBilingual, language: ContentLanguage) => value[language];

function Page({
  title,
  meta,
  summary,
  cover,
  children,
}: {
  title: string;
  meta?: ReactNode;
  summary?: string;
  cover?: string | null;
  children?: ReactNode;
}) {
  return (
    <article className="content-article">
      <h1 className="content-preview__title">{title}</h1>
      {meta ? <div className="content-preview__meta">{meta}</div> : null}
      {summary ? <p className="content-preview__summary">{summary}</p> : null}
      {cover ? <img className="content-article__cover" src={cover} alt="" /> : null}
      {children}
    </article>
  );
}

function FileLink({ file, label }: { file: { url: string; name: string; size: number }; label: string }) {
  return (
    <p>
      <a href={`${file.url}?inline=1`} target="_blank" rel="noopener noreferrer">
        {label}: {file.name}
      </a>{' '}
      <span className="file-field__meta">({formatFileSize(file.size)})</span>
    </p>
  );
}

export function BannerPreview({ data, language }: { data: TBanner; language: ContentLanguage }) {
  const { t } = useTranslation('backoffice');
  const title = pick(data.title, language);
  return (
    <div>
      <div className="content-preview__banner">
        {data.imageUrl ? (
          <img src={data.imageUrl} alt={title} />
        ) : (
          <p className="content-preview__summary">{t('content.banners.noImage')}</p>
        )}
        <div className="content-preview__banner-caption">{title}</div>
      </div>
      <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('content.banners.clickAction')}>
          {data.wthrChkInd === '1' ? t('content.banners.jumpQuestionnaire') : t('content.banners.jumpLink')}
        </Descriptions.Item>
        {data.wthrChkInd === '0' ? (
          <Descriptions.Item label={t('content.form.link')}>{data.linksUrl || t('content.none')}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('content.form.sortOrder')}>{data.sortOrder}</Descriptions.Item>
      </Descriptions>
    </div>
  );
}

export function ModulePreview({ data, language }: { data: TModuleDetail; language: ContentLanguage }) {
  const { t } = useTranslation('backoffice');
  return (
    <Page
      title={pick(data.title, language)}
      summary={pick(data.summary, language)}
      cover={data.image?.url ?? null}
      meta={data.linkUrl ? t('content.modules.linksTo', { url: data.linkUrl }) : undefined}
    >
      <RichText html={pick(data.body, language)} />
    </Page>
  );
}

export function ArticlePreview({ data, language }: { data: TConsultDetail; language: ContentLanguage }) {
  const { t } = useTranslation(['backoffice', 'content']);
  const source = pick(data.source, language);
  return (
    <Page
      title={pick(data.title, language)}
      summary={pick(data.summary, language)}
      cover={data.cover?.url ?? null}
      meta={
        <>
          {t(`content:categories.${data.category}`)} · {data.publishDate}
          {source ? ` · ${t('content:common.source', { source })}` : ''}
        </>
      }
    >
      <RichText html={pick(data.body, language)} />
    </Page>
  );
}

export function ReportPreview({ data, language }: { data: TReport; language: ContentLanguage }) {
  const { t } = useTranslation(['backoffice', 'content']);
  return (
    <Page
      title={pick(data.title, language)}
      summary={pick(data.summary, language)}
      cover={data.cover?.url ?? null}
      meta={[data.issue ? t('content:reports.issue', { issue: data.issue }) : '', data.publishDate]
        .filter(Boolean)
        .join(' · ')}
    >
      <FileLink file={data.pdf} label={t('backoffice:content.reports.pdf')} />
    </Page>
  );
}

export function CompliancePreview({ data, language }: { data: TCompliance; language: ContentLanguage }) {
  const { t } = useTranslation(['backoffice', 'content']);
  return (
    <Page title={pick(data.title, language)} summary={pick(data.summary, language)} meta={data.publishDate}>
      {data.hasBody ? <RichText html={pick(data.body, language)} /> : null}
      {data.file ? <FileLink file={data.file} label={t('content:compliance.file')} /> : null}
    </Page>
  );
}

export function InstitutionPreview({ data, language }: { data: TPortugueseInstitution; language: ContentLanguage }) {
  const { t } = useTranslation('content');
  return (
    <Page title={pick(data.name, language)} meta={data.namePt}>
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('portuguese.country')}>{data.country}</Descriptions.Item>
        <Descriptions.Item label={t('portuguese.city')}>{pick(data.city, language) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('portuguese.swift')}>
          <code>{data.swiftCode}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t('portuguese.description')}>
          <span lang="pt">{data.descriptionPt || '—'}</span>
        </Descriptions.Item>
      </Descriptions>
    </Page>
  );
}

export function TopicPreview({ data, language }: { data: TTopic; language: ContentLanguage }) {
  const { t } = useTranslation(['backoffice', 'content']);
  return (
    <Page title={pick(data.title, language)} summary={pick(data.summary, language)} cover={data.banner?.url ?? null}>
      {data.sections.map((section, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no id; their order is their identity
        <section key={index} className="content-preview__section">
          {pick(section.heading, language) ? <h2>{pick(section.heading, language)}</h2> : null}
          <RichText html={pick(section.body, language)} />
        </section>
      ))}
      {data.portugueseText ? (
        <section className="content-preview__section" lang="pt">
          <h2>{t('content:portuguese.portugueseTitle')}</h2>
          <RichText html={data.portugueseText} lang="pt" />
        </section>
      ) : null}
      {data.document ? <FileLink file={data.document} label={t('content:topics.guideTitle')} /> : null}
    </Page>
  );
}
