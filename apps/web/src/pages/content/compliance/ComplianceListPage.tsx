import type { TCompliance } from '@portal/shared/schemas/content';
import { Input, Modal, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBilingual, useComplianceList } from '../../../features/content/content-api.ts';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS, inlineUrl } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../features/content/ui/states.tsx';
import { formatFileSize } from '../../../features/files/files-api.ts';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { pageFromParams, withParams } from '../paging.ts';

export const COMPLIANCE_PAGE_SIZE = 10;

/**
 * /PolicyInformation/ComplianceList: compliance materials for correspondent banks — searchable,
 * ten to a page; each opens its text in a dialog, its document in a new tab or as a download.
 */
export function ComplianceListPage() {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const pageNo = pageFromParams(params);
  const query = useComplianceList({ keyword, pageNo, pageSize: COMPLIANCE_PAGE_SIZE });
  const [open, setOpen] = useState<TCompliance | null>(null);
  const data = query.data;

  return (
    <ContentFrame
      crumbs={[{ label: t('routes.understand'), to: CONTENT_PATHS.understand }, { label: t('routes.compliance') }]}
      title={t('compliance.title')}
      intro={t('compliance.intro')}
    >
      <div className="content-toolbar">
        <span />
        <Input.Search
          key={keyword}
          defaultValue={keyword}
          allowClear
          placeholder={t('common.searchPlaceholder')}
          enterButton={t('common.search')}
          aria-label={t('common.search')}
          style={{ maxWidth: 360 }}
          onSearch={(value) => setParams(withParams(params, { keyword: value.trim(), page: null }))}
        />
      </div>
      {query.isPending ? <LoadingBlock lines={8} /> : null}
      {query.isError ? <ErrorBlock onRetry={() => void query.refetch()} /> : null}
      {data && data.total === 0 ? (
        <EmptyBlock text={keyword ? t('common.noResults', { keyword }) : t('compliance.empty')} />
      ) : null}
      {data?.list.length ? (
        <ul className="content-list" aria-busy={query.isFetching}>
          {data.list.map((item) => (
            <li key={item.lgcSn} className="content-list__item">
              <div className="content-list__body">
                <h2 className="content-list__title">{text(item.title)}</h2>
                {text(item.summary) ? <p className="content-list__text">{text(item.summary)}</p> : null}
                <p className="content-list__meta">
                  <time dateTime={item.publishDate}>{formatContentDate(item.publishDate, locale)}</time>
                  {item.file ? (
                    <span>
                      {item.file.name} · {formatFileSize(item.file.size)}
                    </span>
                  ) : null}
                </p>
              </div>
              <div className="content-list__actions">
                {item.hasBody ? (
                  <button type="button" className="button button--primary" onClick={() => setOpen(item)}>
                    {t('compliance.view')}
                  </button>
                ) : null}
                {item.file ? (
                  <>
                    {item.file.mime === 'application/pdf' ? (
                      <a
                        className="button button--ghost"
                        href={inlineUrl(item.file.url)}
                        target="_blank"
                        rel="noopener noreferrer"
                      >
                        {t('common.preview')}
                        <span className="visually-hidden"> {t('common.opensInNewWindow')}</span>
                      </a>
                    ) : null}
                    <a
                      className="button button--ghost"
                      href={item.file.url}
                      download
                      data-track={`compliance:${item.lgcSn}`}
                    >
                      {t('common.download')}
                    </a>
                  </>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.total > COMPLIANCE_PAGE_SIZE ? (
        <nav className="content-pager" aria-label={t('common.pagination')}>
          <Pagination
            current={pageNo}
            pageSize={COMPLIANCE_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            showQuickJumper
            showTotal={(total) => t('common.total', { total })}
            onChange={(page) => setParams(withParams(params, { page }))}
          />
        </nav>
      ) : null}
      <Modal
        open={open !== null}
        title={open ? text(open.title) : t('compliance.dialogTitle')}
        onCancel={() => setOpen(null)}
        footer={null}
        width={760}
      >
        {open ? <RichText html={text(open.body)} /> : null}
      </Modal>
    </ContentFrame>
  );
}
