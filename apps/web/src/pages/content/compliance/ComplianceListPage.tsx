import type { TCompliance } from '@portal/shared/schemas/content';
import { Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useBilingual, useComplianceList } from '../../../features/content/content-api.ts';
import { RichText } from '../../../features/content/rich-text/RichText.tsx';
import { ContentFrame } from '../../../features/content/ui/ContentFrame.tsx';
import { CONTENT_PATHS, inlineUrl } from '../../../features/content/ui/content-links.ts';
import { formatContentDate } from '../../../features/content/ui/format.ts';
import { SearchableList } from '../../../features/content/ui/SearchableList.tsx';
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
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const pageNo = pageFromParams(params);
  const query = useComplianceList({ keyword, pageNo, pageSize: COMPLIANCE_PAGE_SIZE });
  const [open, setOpen] = useState<TCompliance | null>(null);

  return (
    <ContentFrame
      crumbs={[{ label: t('routes.understand'), to: CONTENT_PATHS.understand }, { label: t('routes.compliance') }]}
      title={t('compliance.title')}
      intro={t('compliance.intro')}
    >
      <SearchableList
        query={query}
        keyword={keyword}
        pageNo={pageNo}
        pageSize={COMPLIANCE_PAGE_SIZE}
        emptyText={t('compliance.empty')}
        onChange={(changes) => setParams(withParams(params, changes))}
        renderItem={(item) => <ComplianceItem item={item} onOpen={() => setOpen(item)} />}
      />
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

/** One material: title, summary, date and file; its text in the dialog, its document to preview or download. */
function ComplianceItem({ item, onOpen }: { item: TCompliance; onOpen: () => void }) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const { locale } = useLocale();
  return (
    <>
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
          <button type="button" className="button button--primary" onClick={onOpen}>
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
            <a className="button button--ghost" href={item.file.url} download data-track={`compliance:${item.lgcSn}`}>
              {t('common.download')}
            </a>
          </>
        ) : null}
      </div>
    </>
  );
}
