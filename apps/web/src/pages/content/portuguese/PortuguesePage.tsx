import '../../../components/typography.css';
import type { TPortugueseInstitution } from '@portal/shared/schemas/content';
import { Select, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBilingual, useInstitutions } from '../../../features/content/content-api.ts';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { EmptyBlock, ErrorBlock } from '../../../features/content/ui/states.tsx';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { TopicView } from '../topics/TopicView.tsx';

const INSTITUTIONS_PAGE_SIZE = 10;

/** A country's name in the reader's language, from its ISO code (the browser knows them all). */
function useCountryName(): (code: string) => string {
  const { locale } = useLocale();
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      names = null;
    }
    return (code: string) => names?.of(code) ?? code;
  }, [locale]);
}

function useInstitutionColumns(countryName: (code: string) => string): TableColumnsType<TPortugueseInstitution> {
  const { t } = useTranslation('content');
  const text = useBilingual();
  return [
    {
      title: t('portuguese.name'),
      key: 'name',
      render: (_, item) => (
        <>
          <strong>{text(item.name)}</strong>
          <div lang="pt" className="content-list__meta">
            {item.namePt}
          </div>
        </>
      ),
    },
    {
      title: t('portuguese.country'),
      key: 'country',
      render: (_, item) => countryName(item.country),
      width: 180,
    },
    { title: t('portuguese.city'), key: 'city', render: (_, item) => text(item.city), width: 140 },
    {
      title: t('portuguese.swift'),
      key: 'swift',
      render: (_, item) => <span className="text-code">{item.swiftCode}</span>,
      width: 140,
    },
    {
      // The heading in the reader's language; the descriptions themselves are in Portuguese.
      title: t('portuguese.description'),
      key: 'description',
      render: (_, item) => <span lang="pt">{item.descriptionPt}</span>,
    },
  ];
}

function Institutions() {
  const { t } = useTranslation('content');
  const countryName = useCountryName();
  const query = useInstitutions();
  const [country, setCountry] = useState<string | null>(null);
  const all = query.data?.list ?? [];
  const countries = [...new Set(all.map((item) => item.country))].sort((a, b) =>
    countryName(a).localeCompare(countryName(b)),
  );
  const rows = country ? all.filter((item) => item.country === country) : all;

  const columns = useInstitutionColumns(countryName);

  return (
    <section className="content-block" aria-labelledby="topic-institutions">
      <h2 id="topic-institutions" className="content-block__title">
        {t('portuguese.institutionsTitle')}
      </h2>
      <p className="content-card__text" style={{ marginBottom: 16 }}>
        {t('portuguese.institutionsIntro')}
      </p>
      {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && all.length === 0 ? <EmptyBlock text={t('portuguese.empty')} /> : null}
      {query.isPending || all.length ? (
        <>
          <div className="content-toolbar">
            <Select
              allowClear
              value={country}
              onChange={(value) => setCountry(value ?? null)}
              placeholder={t('portuguese.allCountries')}
              aria-label={t('portuguese.country')}
              style={{ minWidth: 240 }}
              options={countries.map((code) => ({ value: code, label: countryName(code) }))}
            />
            <span className="content-list__meta">{t('portuguese.count', { count: rows.length })}</span>
          </div>
          <Table<TPortugueseInstitution>
            className="institution-table"
            rowKey="lgcSn"
            loading={query.isPending}
            columns={columns}
            dataSource={rows}
            pagination={
              rows.length > INSTITUTIONS_PAGE_SIZE
                ? {
                    pageSize: INSTITUTIONS_PAGE_SIZE,
                    showSizeChanger: false,
                    showTotal: (total) => t('common.total', { count: total }),
                  }
                : false
            }
            scroll={{ x: 860 }}
          />
        </>
      ) : null}
    </section>
  );
}

/** /portugueseLanguage: the topic, the institutions in Portuguese-speaking countries and the text in Portuguese. */
export function PortuguesePage() {
  const { t } = useTranslation('content');
  return (
    <TopicView
      topicKey="portugueseLanguage"
      extraToc={[
        { id: 'topic-institutions', label: t('portuguese.institutionsTitle') },
        { id: 'topic-portuguese', label: t('portuguese.portugueseTitle') },
      ]}
    >
      {(topic) => (
        <>
          <Institutions />
          {topic.portugueseText.trim() ? (
            <section className="content-block" aria-labelledby="topic-portuguese" lang="pt">
              <h2 id="topic-portuguese" className="content-block__title">
                {t('portuguese.portugueseTitle')}
              </h2>
              <div className="portuguese-text">
                <RichText html={topic.portugueseText} lang="pt" />
              </div>
            </section>
          ) : null}
        </>
      )}
    </TopicView>
  );
}
