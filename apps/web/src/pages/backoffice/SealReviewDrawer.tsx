import '../../components/typography.css';
// The authorization agreement is shown with the public pages' PDF viewer, which needs their styles.
import '../../features/content/content.css';
import '../../features/seals/seals.css';
import { dictName } from '@portal/shared/dictionaries';
import type { TSealReviewItem } from '@portal/shared/schemas/seals';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, type DescriptionsProps, Drawer, Result, Space } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { DRAWER_BODY_STYLES, DrawerScrollRegion } from '../../components/DrawerScrollRegion.tsx';
import { formatDate, formatTime } from '../../components/time-cells.ts';
import { formatFileSize } from '../../features/files/files-api.ts';
import { SealImage } from '../../features/seals/SealImage.tsx';
import { SealStateTag } from '../../features/seals/SealStateTag.tsx';
import { claimSealReview, fetchSealReview, sealKeys } from '../../features/seals/seals-api.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import { ApproveDialog, RejectDialog } from './SealDecisionDialogs.tsx';

// pdf.js loads only when a reviewer shows the authorization agreement here.
const PdfViewer = lazy(() =>
  import('../../features/content/pdf/PdfViewer.tsx').then((module) => ({ default: module.PdfViewer })),
);

type Decision = 'approve' | 'reject';
type ReviewPage = { list: TSealReviewItem[]; total: number; pageNo: number; pageSize: number };

/** Puts the server's answer into the open lists at once (the row's state changes), then reloads them. */
function replaceRow(queryClient: QueryClient, updated: TSealReviewItem): void {
  queryClient.setQueryData(sealKeys.review(updated.lgcSn), updated);
  queryClient.setQueriesData<ReviewPage>({ queryKey: [...sealKeys.reviewsAll, 'list'] }, (page) =>
    page ? { ...page, list: page.list.map((row) => (row.lgcSn === updated.lgcSn ? updated : row)) } : page,
  );
}

/** The drawer's application, the decision under way and the handlers that claim and decide it. */
function useSealReview(lgcSn: string | null) {
  const { t } = useTranslation('seals');
  const queryClient = useQueryClient();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [showPdf, setShowPdf] = useState(false);
  const detail = useQuery({
    queryKey: sealKeys.review(lgcSn ?? ''),
    queryFn: ({ signal }) => fetchSealReview(lgcSn ?? '', signal),
    enabled: Boolean(lgcSn),
    staleTime: 0,
  });
  const seal = detail.data;

  // The list shows what the drawer read (another reviewer may have started or decided it since).
  useEffect(() => {
    if (seal) replaceRow(queryClient, seal);
  }, [seal, queryClient]);

  useEffect(() => {
    if (!lgcSn) setShowPdf(false);
  }, [lgcSn]);

  const onDecided = (updated: TSealReviewItem, decision: Decision) => {
    replaceRow(queryClient, updated);
    void queryClient.invalidateQueries({ queryKey: [...sealKeys.reviewsAll, 'list'] });
    setDeciding(null);
    showToast({
      type: 'success',
      content: t(`review.${decision}.done`, { name: updated.sealName, institution: updated.institutionName }),
    });
  };

  const [claiming, setClaiming] = useState(false);
  const claim = async (item: TSealReviewItem) => {
    setClaiming(true);
    try {
      const claimed = await claimSealReview(item.lgcSn);
      replaceRow(queryClient, claimed);
      void queryClient.invalidateQueries({ queryKey: [...sealKeys.reviewsAll, 'list'] });
      showToast({
        type: 'success',
        content: t('review.startReview.done', { name: claimed.sealName, institution: claimed.institutionName }),
      });
    } catch {
      // The API client has shown why; the drawer stays as it was.
    } finally {
      setClaiming(false);
    }
  };

  return { detail, seal, deciding, setDeciding, showPdf, setShowPdf, onDecided, claiming, claim };
}

/** One application with every field, its authorization agreement, and Approve / Reject while it may be decided. */
export function SealReviewDrawer({ lgcSn, onClose }: { lgcSn: string | null; onClose: () => void }) {
  const { t } = useTranslation('seals');
  const { detail, seal, deciding, setDeciding, showPdf, setShowPdf, onDecided, claiming, claim } = useSealReview(lgcSn);
  return (
    <Drawer
      open={Boolean(lgcSn)}
      onClose={onClose}
      size={860}
      title={seal ? t('review.drawerTitle', { name: seal.sealName }) : t('review.detailTitle')}
      extra={seal ? <SealStateTag state={seal.state} /> : null}
      destroyOnHidden
      styles={DRAWER_BODY_STYLES}
      // No footer at all (antd leaves out its bar) when the reviewer may not decide.
      footer={
        seal?.canDecide ? <ReviewFooter seal={seal} claiming={claiming} onClaim={claim} onDecide={setDeciding} /> : null
      }
    >
      <DrawerScrollRegion label={seal ? t('review.drawerTitle', { name: seal.sealName }) : t('review.detailTitle')}>
        {seal ? (
          <SealReviewDetail seal={seal} showPdf={showPdf} onTogglePdf={() => setShowPdf((shown) => !shown)} />
        ) : detail.isError ? (
          <Result status="warning" title={t('review.loadFailed')} />
        ) : (
          <PageFallback />
        )}
      </DrawerScrollRegion>
      {deciding === 'approve' && seal ? (
        <ApproveDialog seal={seal} onClose={() => setDeciding(null)} onDecided={(item) => onDecided(item, 'approve')} />
      ) : null}
      {deciding === 'reject' && seal ? (
        <RejectDialog seal={seal} onClose={() => setDeciding(null)} onDecided={(item) => onDecided(item, 'reject')} />
      ) : null}
    </Drawer>
  );
}

type ReviewFooterProps = {
  seal: TSealReviewItem;
  claiming: boolean;
  onClaim: (seal: TSealReviewItem) => Promise<void>;
  onDecide: (decision: Decision) => void;
};

function ReviewFooter({ seal, claiming, onClaim, onDecide }: ReviewFooterProps) {
  const { t } = useTranslation('seals');
  if (seal.state === 'submitted') {
    return (
      // Opening only shows the application; the reviewer takes it on explicitly.
      <div className="drawer-actions">
        <span className="drawer-actions__hint">{t('review.startReview.hint')}</span>
        <Button type="primary" loading={claiming} onClick={() => void onClaim(seal)}>
          {t('review.startReview.button')}
        </Button>
      </div>
    );
  }
  return (
    <div className="drawer-actions">
      <span className="drawer-actions__hint">{t('review.decideHint')}</span>
      <Space wrap>
        <Button danger onClick={() => onDecide('reject')}>
          {t('review.reject.button')}
        </Button>
        <Button type="primary" onClick={() => onDecide('approve')}>
          {t('review.approve.button')}
        </Button>
      </Space>
    </div>
  );
}

type DetailProps = { seal: TSealReviewItem; showPdf: boolean; onTogglePdf: () => void };

function SealReviewDetail({ seal, showPdf, onTogglePdf }: DetailProps) {
  const { t } = useTranslation('seals');
  const sealItems = useSealItems(seal);
  const applicantItems = useApplicantItems(seal, showPdf, onTogglePdf);
  return (
    <div data-testid="seal-review">
      {seal.state === 'rejected' && seal.rejectReason ? (
        <Alert
          className="seal-review__note"
          type="warning"
          showIcon
          title={t('review.rejectedBecause')}
          description={seal.rejectReason}
        />
      ) : null}
      {!seal.canDecide && (seal.state === 'submitted' || seal.state === 'pendingApproval') ? (
        <Alert className="seal-review__note" type="info" showIcon title={t('review.otherBranch')} />
      ) : null}
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        title={t('review.sealSection')}
        items={sealItems}
      />
      <Descriptions
        bordered
        size="small"
        className="seal-review__section"
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }}
        title={t('review.applicantSection')}
        items={applicantItems}
      />
      {showPdf ? (
        <div className="seal-review__pdf">
          <Suspense fallback={<PageFallback />}>
            <PdfViewer
              url={seal.authorizationFile.url}
              title={seal.authorizationFile.name}
              downloadUrl={seal.authorizationFile.url}
            />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}

function useSealItems(seal: TSealReviewItem): DescriptionsProps['items'] {
  const { t } = useTranslation('seals');
  const { locale } = useLocale();
  const branch = (code: string) => dictName('branches', code, locale) || code;
  return [
    {
      key: 'image',
      label: t('review.fields.image'),
      span: 'filled',
      children: (
        <div className="seal-review__image">
          <SealImage src={seal.imageUrl} alt={t('card.imageAlt', { name: seal.sealName })} size={160} />
          <span className="cell-stack__sub">
            {t('review.imageSize', { width: seal.imageWidth, height: seal.imageHeight })}
          </span>
        </div>
      ),
    },
    { key: 'name', label: t('review.fields.sealName'), children: seal.sealName },
    { key: 'sealNo', label: t('review.fields.sealNo'), children: seal.sealNo },
    { key: 'period', label: t('review.fields.period'), children: t('card.months', { count: seal.periodMonths }) },
    {
      key: 'validity',
      label: t('review.fields.validity'),
      children:
        seal.validFrom && seal.validTo
          ? t('card.validRange', { from: formatDate(seal.validFrom), to: formatDate(seal.validTo) })
          : t('card.validPending', { count: seal.periodMonths }),
    },
    { key: 'reason', label: t('review.fields.reason'), span: 'filled', children: seal.reason },
    { key: 'approver', label: t('review.fields.approver'), children: branch(seal.approverBranch) },
    { key: 'certificate', label: t('review.fields.certificate'), children: seal.certificateSerial ?? '—' },
  ];
}

function useApplicantItems(seal: TSealReviewItem, showPdf: boolean, onTogglePdf: () => void) {
  const { t } = useTranslation('seals');
  const items: DescriptionsProps['items'] = [
    { key: 'institution', label: t('review.fields.institution'), children: seal.institutionName },
    {
      key: 'swift',
      label: t('review.fields.swift'),
      children: <span className="text-code">{seal.institutionSwiftCode ?? '—'}</span>,
    },
    { key: 'applicant', label: t('review.fields.applicant'), children: seal.applicantName },
    {
      key: 'email',
      label: t('review.fields.email'),
      children: <a href={`mailto:${seal.applicantEmail}`}>{seal.applicantEmail}</a>,
    },
    { key: 'appliedAt', label: t('review.fields.appliedAt'), children: formatTime(seal.generatedAt) },
    { key: 'decidedAt', label: t('review.fields.decidedAt'), children: formatTime(seal.decidedAt) },
    { key: 'reviewer', label: t('review.fields.reviewer'), children: seal.reviewerName ?? '—' },
    { key: 'cancelledAt', label: t('review.fields.cancelledAt'), children: formatTime(seal.cancelledAt) },
    {
      key: 'authorization',
      label: t('review.fields.authorization'),
      span: 'filled',
      children: (
        <div className="seal-review__file">
          <span>
            <span>{seal.authorizationFile.name}</span>{' '}
            <span className="cell-stack__sub">({formatFileSize(seal.authorizationFile.size)})</span>
          </span>
          <Button type="link" onClick={onTogglePdf} aria-expanded={showPdf}>
            {showPdf ? t('review.hideAuthorization') : t('review.showAuthorization')}
          </Button>
          <a href={seal.authorizationFile.url} target="_blank" rel="noopener noreferrer">
            {t('review.openAuthorization')}
          </a>
        </div>
      ),
    },
  ];
  return items;
}
