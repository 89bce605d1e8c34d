import '../../features/cooperation/cooperation.css';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb, Button, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { RELOAD_ON_LOCALE_CHANGE } from '../../app/providers/query-client.ts';
import { HOME_PATH } from '../../app/route-paths.ts';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { cooperationKeys, fetchOpportunityDetail } from '../../features/cooperation/cooperation-api.ts';
import { DetailView } from '../../features/cooperation/detail/DetailView.tsx';
import { RELEASE_PATH } from '../../features/cooperation/paths.ts';
import { ApiError } from '../../lib/api/api-error.ts';

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.code === 'PRT_NOT_FOUND');
}

/**
 * /cooperationDetail?lgcSn=… (SPEC §2): one request (features/cooperation/detail/DetailView.tsx),
 * or why it cannot be shown: not found, failed to load (with a retry), still loading.
 */
export function CooperationDetailPage() {
  const { t } = useTranslation('cooperation');
  const [params] = useSearchParams();
  const lgcSn = params.get('lgcSn')?.trim() ?? '';
  const detail = useQuery({
    queryKey: cooperationKeys.detail(lgcSn),
    queryFn: ({ signal }) => fetchOpportunityDetail(lgcSn, signal),
    enabled: lgcSn !== '',
    // Reloaded on every visit: intentions and answers arrive from other institutions (a message
    // about a new intention leads here and must show it).
    staleTime: 0,
    meta: RELOAD_ON_LOCALE_CHANGE,
  });

  let body: ReactNode;
  if (!lgcSn || (detail.isError && isNotFound(detail.error))) {
    body = (
      <div className="detail-card detail-state">
        <Empty description={<span className="detail-state__text">{t('detail.notFound')}</span>}>
          <ButtonLink to={RELEASE_PATH} type="primary">
            {t('detail.backToList')}
          </ButtonLink>
        </Empty>
      </div>
    );
  } else if (detail.isError) {
    body = (
      <div className="detail-card detail-state">
        <Empty description={<span className="detail-state__text">{t('detail.loadFailed')}</span>}>
          <Button type="primary" onClick={() => void detail.refetch()}>
            {t('actions.retry')}
          </Button>
        </Empty>
      </div>
    );
  } else if (!detail.data) {
    body = (
      <div className="detail-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  } else {
    body = <DetailView detail={detail.data} />;
  }

  return (
    <div className="cooperation-detail container">
      <DetailBreadcrumb name={detail.data?.item.itDpchlstRqmNm} />
      {body}
    </div>
  );
}

/** Home › Cooperation › the request's name (or "Details" until it is known). */
function DetailBreadcrumb({ name }: { name: string | undefined }) {
  const { t } = useTranslation('cooperation');
  return (
    <Breadcrumb
      className="page-breadcrumb"
      items={[
        { title: <Link to={HOME_PATH}>{t('breadcrumb.home')}</Link> },
        { title: <Link to={RELEASE_PATH}>{t('routes.release')}</Link> },
        { title: name ?? t('routes.detail') },
      ]}
    />
  );
}
