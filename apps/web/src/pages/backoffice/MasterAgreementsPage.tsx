import '../../features/cooperation-backoffice/cooperation-backoffice.css';
import { dictLabel, findCooperationSubType } from '@portal/shared/dictionaries';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Segmented, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../components/PagedTable.tsx';
import { formatTime } from '../../components/time-cells.ts';
import {
  type AgreementStatusFilter,
  cooperationBackofficeKeys,
  fetchMasterAgreements,
  type MasterAgreementItem,
  markAgreementSigned,
} from '../../features/cooperation-backoffice/cooperation-backoffice-api.ts';
import { AGREEMENT_STATUS_FILTERS, agreementList } from '../../features/cooperation-backoffice/list-params.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { useListView } from '../../lib/list-view.ts';
import { showToast } from '../../lib/notify.ts';

/**
 * /backend/masterAgreements: the master-agreement intentions of institutions that want to
 * publish forfaiting or risk-participation requests (SPEC §5, decision 0006), waiting ones first.
 * Once the agreement is signed, bank staff mark it so; the institution can then publish them.
 */
export function MasterAgreementsPage() {
  const { t } = useTranslation('backoffice');
  const { view: address, update, setPage } = useListView(agreementList);
  const view = { status: address.show, pageNo: address.pageNo, pageSize: address.pageSize };

  const list = useQuery({
    queryKey: cooperationBackofficeKeys.agreements(view),
    queryFn: ({ signal }) => fetchMasterAgreements(view, signal),
    placeholderData: keepPreviousData,
  });

  const columns = useAgreementColumns();

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('cooperation.routes.agreements')}</h1>
        <p className="backoffice-page__intro">{t('cooperation.agreements.intro')}</p>
      </header>
      <div className="backoffice-filters">
        <Segmented<AgreementStatusFilter>
          value={view.status}
          onChange={(value) => update({ show: value, page: null })}
          options={AGREEMENT_STATUS_FILTERS.map((value) => ({
            value,
            label: t(`cooperation.agreements.filters.${value}`),
          }))}
          aria-label={t('cooperation.agreements.filters.label')}
        />
      </div>
      <PagedTable<MasterAgreementItem>
        columns={columns}
        query={list}
        page={view}
        onPage={setPage}
        scroll={{ x: 1100 }}
        quickJumper={false}
        totalText={(total) => t('pagination.total', { total })}
        emptyTexts={{ loadFailed: t('cooperation.agreements.loadFailed'), empty: t('cooperation.agreements.empty') }}
      />
    </div>
  );
}

function useAgreementColumns(): TableColumnsType<MasterAgreementItem> {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  return [
    {
      key: 'institution',
      title: t('cooperation.agreements.columns.institution'),
      dataIndex: 'instNm',
      render: (_: string, row) => <InstitutionCell row={row} />,
    },
    {
      key: 'submittedBy',
      title: t('cooperation.agreements.columns.submittedBy'),
      render: (_, row) => <SubmitterCell row={row} />,
    },
    {
      key: 'business',
      title: t('cooperation.agreements.columns.business'),
      dataIndex: 'subTypeCode',
      width: 150,
      render: (code: string) => businessName(code, locale),
    },
    {
      key: 'note',
      title: t('cooperation.agreements.columns.note'),
      dataIndex: 'note',
      render: (note: string) => note || '—',
    },
    {
      key: 'status',
      title: t('cooperation.agreements.columns.status'),
      dataIndex: 'status',
      width: 150,
      render: (status: MasterAgreementItem['status']) => <AgreementStatusTag status={status} />,
    },
    {
      key: 'createdAt',
      title: t('cooperation.agreements.columns.submittedAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: formatTime,
    },
    {
      key: 'signedAt',
      title: t('cooperation.agreements.columns.signedAt'),
      dataIndex: 'signedAt',
      width: 150,
      render: formatTime,
    },
    {
      key: 'action',
      title: t('cooperation.agreements.columns.action'),
      width: 140,
      render: (_, row) => (row.status === 'submitted' ? <MarkSignedButton row={row} /> : null),
    },
  ];
}

/** Marks a waiting agreement signed, after a confirmation. */
function MarkSignedButton({ row }: { row: MasterAgreementItem }) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const markSigned = async (item: MasterAgreementItem) => {
    try {
      await markAgreementSigned(item.lgcSn);
      showToast({ type: 'success', content: t('cooperation.agreements.done', { name: item.instNm }) });
      void queryClient.invalidateQueries({ queryKey: cooperationBackofficeKeys.agreementsAll });
    } catch {
      // The toast said why.
    }
  };
  return (
    <Popconfirm
      title={t('cooperation.agreements.markSignedTitle', { name: row.instNm })}
      description={
        <p className="popconfirm-text">{t('cooperation.agreements.markSignedText', { name: row.instNm })}</p>
      }
      okText={t('cooperation.agreements.markSigned')}
      cancelText={t('cooperation.agreements.cancel')}
      onConfirm={() => markSigned(row)}
    >
      <Button type="link" aria-label={t('cooperation.agreements.markSignedFor', { name: row.instNm })}>
        {t('cooperation.agreements.markSigned')}
      </Button>
    </Popconfirm>
  );
}

/** The business the agreement is for, in the reader's language (its code when unknown). */
function businessName(code: string, locale: Parameters<typeof dictLabel>[1]) {
  const sub = findCooperationSubType(code);
  return sub ? dictLabel(sub, locale) : code;
}

function AgreementStatusTag({ status }: { status: MasterAgreementItem['status'] }) {
  const { t } = useTranslation('backoffice');
  return <Tag color={status === 'signed' ? 'success' : 'warning'}>{t(`cooperation.agreements.status.${status}`)}</Tag>;
}

function InstitutionCell({ row }: { row: MasterAgreementItem }) {
  return (
    <div className="cell-stack">
      <span className="cell-stack__main">{row.instNm}</span>
      {row.instSwiftCode ? <code className="cell-stack__sub">{row.instSwiftCode}</code> : null}
    </div>
  );
}

function SubmitterCell({ row }: { row: MasterAgreementItem }) {
  return (
    <div className="cell-stack">
      <span>{row.userName}</span>
      <span className="cell-stack__sub">{row.userEmail}</span>
    </div>
  );
}
