import type { TContractView } from '@portal/shared/schemas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { formatTime } from '../../components/time-cells.ts';
import { AuditTrail } from '../../features/contracts/AuditTrail.tsx';
import { ContractParties } from '../../features/contracts/ContractParties.tsx';
import { ContractStatusTag } from '../../features/contracts/ContractStatusTag.tsx';
import { confirmContract, deleteContract, recordContractView } from '../../features/contracts/contracts-api.ts';
import { HashText } from '../../features/contracts/HashText.tsx';
import { inLanguage, originalFileUrl, signContractPath } from '../../features/contracts/links.ts';
import { PdfPages } from '../../features/contracts/PdfPages.tsx';
import { UploadContractDialog } from '../../features/contracts/UploadContractDialog.tsx';
import { storeContractView, useContractView } from '../../features/contracts/useContractView.ts';
import { detailPath } from '../../features/cooperation/paths.ts';
import { formatFileSize } from '../../features/files/files-api.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { useLocale } from '../../lib/i18n/useLocale.ts';
import { showToast } from '../../lib/notify.ts';
import { ReturnFocus } from '../../lib/useReturnFocus.ts';
import { ContractFrame, ContractProblemView } from './ContractFrame.tsx';

/**
 * /previewContract?id={intentionLgcSn} (SPEC §2), outside the main layout: the contract of one
 * agreed cooperation. Title, request, the two parties and who has signed, the status; the PDF,
 * every page, with zoom, and the unsigned original to download; what the reader may do now (`view.can`: upload, delete, confirm, sign); the signed
 * PDF and the evidence report once both have signed; the audit trail.
 */
export function PreviewContractPage() {
  return useNamespace('contracts') ? <PreviewContract /> : <PageFallback />;
}

type Dialog = 'upload' | 'delete' | 'confirm' | null;

function PreviewContract() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const { current, query, problem } = useContractView(id);
  const actions = useContractActions(() => void query.refetch());

  if (problem) {
    return (
      <ContractFrame>
        <ContractProblemView problem={problem} onRetry={() => void query.refetch()} />
      </ContractFrame>
    );
  }
  const view = query.data;
  if (current.status === 'loading' || !view) {
    return (
      <ContractFrame>
        <div className="contract-card" aria-busy="true">
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      </ContractFrame>
    );
  }
  return <ContractView id={id} view={view} actions={actions} />;
}

/** The open dialog and the save under way; `run` sends a change and closes the dialog once done. */
function useContractActions(refetch: () => void) {
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [saving, setSaving] = useState(false);
  const done = (next: TContractView, message: string) => {
    storeContractView(queryClient, next);
    setDialog(null);
    showToast({ type: 'success', content: message });
  };
  const run = async (action: () => Promise<TContractView>, message: string) => {
    setSaving(true);
    try {
      done(await action(), message);
    } catch {
      // The toast said why; the dialog stays (the page reloads the view in case it changed).
      refetch();
    } finally {
      setSaving(false);
    }
  };
  return { dialog, setDialog, saving, done, run };
}

type ContractActions = ReturnType<typeof useContractActions>;

function ContractView({ id, view, actions }: { id: string; view: TContractView; actions: ContractActions }) {
  const { t } = useTranslation('contracts');
  const title = view.title ?? view.requestName;

  return (
    <ContractFrame>
      <article className="contract-page">
        <ContractHead view={view} title={title} onDialog={actions.setDialog} />

        <NextStep view={view} />

        <section className="contract-card" aria-labelledby="contract-parties-title">
          <h2 id="contract-parties-title" className="contract-card__title">
            {t('parties.title')}
          </h2>
          <ContractParties parties={view.parties} myParty={view.myParty} />
        </section>

        <DocumentSection id={id} view={view} title={title} />

        <section className="contract-card" aria-labelledby="contract-audit-title">
          <h2 id="contract-audit-title" className="contract-card__title">
            {t('audit.title')}
          </h2>
          <AuditTrail events={view.events} />
        </section>
      </article>

      <ContractDialogs view={view} title={title} actions={actions} />
    </ContractFrame>
  );
}

type HeadProps = { view: TContractView; title: string; onDialog: (dialog: Dialog) => void };

function ContractHead({ view, title, onDialog }: HeadProps) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <header className="contract-card contract-head">
      <div className="contract-head__main">
        <h1 className="contract-head__title">{title}</h1>
        <p className="contract-head__request">
          {t('page.request')}
          {i18n.language === 'zh-CN' ? '：' : ': '}
          <Link to={detailPath(view.requestLgcSn)}>{view.requestName}</Link>
        </p>
        <div className="contract-head__status">
          <ContractStatusTag status={view.status} />
          {view.confirmed ? (
            <span className="cell-stack__sub">{t('page.confirmedAt', { time: formatTime(view.confirmedAt) })}</span>
          ) : view.file ? (
            <span className="cell-stack__sub">{t('page.notConfirmed')}</span>
          ) : null}
        </div>
        {view.file ? (
          <p className="contract-head__file">
            {view.file.name} · {formatFileSize(view.file.size)} · {t('page.pages', { count: view.file.pageCount })} ·
            SHA-256 <HashText value={view.file.sha256} />
          </p>
        ) : null}
      </div>
      <HeadActions view={view} onDialog={onDialog} />
    </header>
  );
}

function HeadActions({ view, onDialog }: { view: TContractView; onDialog: (dialog: Dialog) => void }) {
  const { t } = useTranslation('contracts');
  const { locale } = useLocale();
  const signed = view.status === 'signed';
  return (
    <div className="contract-head__actions">
      {view.can.upload ? (
        <Button type="primary" onClick={() => onDialog('upload')}>
          {t('actions.upload')}
        </Button>
      ) : null}
      {view.can.confirm ? (
        <Button type="primary" onClick={() => onDialog('confirm')}>
          {t('actions.confirm')}
        </Button>
      ) : null}
      {view.can.sign ? (
        <ButtonLink type="primary" to={signContractPath(view.intentionLgcSn)}>
          {t('actions.goSign')}
        </ButtonLink>
      ) : null}
      {view.can.delete ? (
        <Button danger onClick={() => onDialog('delete')}>
          {t('actions.delete')}
        </Button>
      ) : null}
      {signed && view.signedPdfUrl ? (
        <Button href={view.signedPdfUrl} download>
          {t('actions.downloadSigned')}
        </Button>
      ) : null}
      {signed && view.evidenceUrl ? (
        <Button href={inLanguage(view.evidenceUrl, locale)} download>
          {t('actions.downloadEvidence')}
        </Button>
      ) : null}
    </div>
  );
}

function DocumentSection({ id, view, title }: { id: string; view: TContractView; title: string }) {
  const { t } = useTranslation('contracts');
  return (
    <section className="contract-card contract-card--document" aria-labelledby="contract-document-title">
      <h2 id="contract-document-title" className="contract-card__title">
        {t('page.document')}
      </h2>
      {view.file ? (
        <>
          <PdfPages
            key={view.file.sha256}
            url={view.file.url}
            label={t('page.documentLabel', { title })}
            zoomable
            onLoaded={view.myParty ? () => void recordContractView(id).catch(() => {}) : undefined}
          />
          <p className="contract-document__download">
            <a href={originalFileUrl(view.file.url)} download={view.file.name}>
              {t('page.downloadOriginal')}
            </a>
          </p>
        </>
      ) : (
        <p className="contract-state__text">{t('page.noFile')}</p>
      )}
    </section>
  );
}

function ContractDialogs({ view, title, actions }: { view: TContractView; title: string; actions: ContractActions }) {
  const { t } = useTranslation('contracts');
  const { dialog, setDialog, saving, done, run } = actions;
  return (
    <>
      {dialog === 'upload' ? (
        <UploadContractDialog
          intentionLgcSn={view.intentionLgcSn}
          requestName={view.requestName}
          onClose={() => setDialog(null)}
          onUploaded={(next) => done(next, t('upload.done'))}
        />
      ) : null}
      {dialog === 'delete' ? (
        <>
          <ReturnFocus />
          <Modal
            open
            title={t('delete.title')}
            okText={t('delete.ok')}
            okButtonProps={{ danger: true, loading: saving }}
            cancelText={t('actions.cancel')}
            onOk={() => void run(() => deleteContract(view.intentionLgcSn), t('delete.done'))}
            onCancel={() => setDialog(null)}
            destroyOnHidden
            width={520}
          >
            <div className="confirm-dialog__text">
              <p>{t('delete.text', { title })}</p>
            </div>
          </Modal>
        </>
      ) : null}
      {dialog === 'confirm' ? (
        <>
          <ReturnFocus />
          <Modal
            open
            title={t('confirm.title')}
            okText={t('confirm.ok')}
            okButtonProps={{ loading: saving }}
            cancelText={t('actions.cancel')}
            onOk={() => void run(() => confirmContract(view.intentionLgcSn), t('confirm.done'))}
            onCancel={() => setDialog(null)}
            destroyOnHidden
            width={560}
          >
            <div className="confirm-dialog__text">
              <p>{t('confirm.text', { title })}</p>
              <Alert type="warning" showIcon title={t('confirm.warning')} />
            </div>
          </Modal>
        </>
      ) : null}
    </>
  );
}

/** One line on what happens next, from the reader's side; why nothing can, once the request is closed. */
function NextStep({ view }: { view: TContractView }) {
  const { t } = useTranslation('contracts');
  const mine = view.parties.find((party) => party.party === view.myParty);
  if (view.requestClosed && view.status !== 'signed') {
    return <Alert className="contract-next" type="warning" showIcon title={t(`closed.${view.requestClosed}`)} />;
  }
  let text: string | null = null;
  if (!view.file) text = view.can.upload ? t('next.upload') : t('next.waitUpload');
  else if (!view.confirmed) text = view.can.confirm ? t('next.confirm') : t('next.waitConfirm');
  else if (view.status === 'signed') text = t('next.signed');
  else if (view.can.sign) text = t('next.sign');
  else if (mine?.signedAt) text = t('next.waitOther');
  if (!text) return null;
  return <Alert className="contract-next" type={view.status === 'signed' ? 'success' : 'info'} showIcon title={text} />;
}
