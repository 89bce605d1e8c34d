import '../../features/contracts/contracts.css';
import type { TVerifyReport } from '@portal/shared/schemas/contracts';
import { Alert, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { FileDropZone } from '../../components/FileDropZone.tsx';
import { UploadIcon } from '../../components/icons.tsx';
import { verifyPdf } from '../../features/contracts/contracts-api.ts';
import { pdfFileProblem } from '../../features/contracts/pdf-file.ts';
import { TrustAnchorPanel } from '../../features/contracts/TrustAnchorPanel.tsx';
import { useNamespace } from '../../lib/i18n/namespaces.ts';

// The report's view (and the contracts' schemas it reads the problems from) loads when a file is
// checked, not with the page: the page's first render evaluates less (issue 27, a phone's main thread).
const loadReportView = () => import('../../features/contracts/VerifyReportView.tsx');
const VerifyReportView = lazy(() => loadReportView().then((module) => ({ default: module.VerifyReportView })));

/**
 * /verify, open to visitors: drop or pick a PDF and see what its signatures say, checked by the
 * server (the file is not kept). The report is shown in the reader's language; below it, the
 * portal's certificate authority to download and trust, with its fingerprint.
 */
export function VerifyPage() {
  return useNamespace('contracts') ? <Verify /> : <PageFallback />;
}

function Verify() {
  const { t } = useTranslation('contracts');
  const [report, setReport] = useState<TVerifyReport | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = (file: File) => {
    const wrong = pdfFileProblem(file);
    if (wrong) {
      setProblem(wrong === 'size' ? t('upload.tooLarge') : t('upload.notPdf'));
      return;
    }
    setProblem(null);
    setReport(null);
    setChecking(file.name);
    void loadReportView().catch(() => undefined);
    verifyPdf(file).then(
      (answer) => {
        setReport(answer);
        setChecking(null);
      },
      () => setChecking(null), // the toast said why
    );
  };

  return (
    <div className="container verify-page">
      <h1 className="verify-page__title">{t('verify.title')}</h1>
      <p className="verify-page__intro">{t('verify.intro')}</p>
      <FileDropZone
        accept=".pdf,application/pdf"
        onFile={check}
        disabled={checking !== null}
        className="verify-page__drop"
      >
        <p className="contract-upload__icon">
          <UploadIcon size={32} />
        </p>
        <p>{t('verify.drop')}</p>
        <p className="cell-stack__sub">{t('verify.limit')}</p>
      </FileDropZone>
      {problem ? <Alert type="error" showIcon title={problem} className="verify-page__problem" /> : null}
      {checking ? (
        <div className="verify-page__checking" role="status">
          <Spin size="small" /> {t('verify.checking', { name: checking })}
        </div>
      ) : null}
      {report ? (
        <Suspense fallback={null}>
          <VerifyReportView report={report} />
        </Suspense>
      ) : null}
      <TrustAnchorPanel />
    </div>
  );
}
