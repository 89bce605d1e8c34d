import './seals.css';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { SEAL_AUTHORIZATION_MAX_BYTES } from '@portal/shared/schemas/seals';
import { Button, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { showToast } from '../../lib/notify.ts';
import { formatFileSize, uploadFiles } from '../files/files-api.ts';

export type AuthorizationFileFieldProps = {
  /** The uploaded file's id (a form field's value). */
  value?: string;
  onChange?: (lgcSn: string | undefined) => void;
  id?: string;
  onBusyChange?: (busy: boolean) => void;
  /** Told why a file was refused (shown on the field by the form). */
  onProblem?: (message: string | null) => void;
};

const isPdfName = (file: { name: string; type: string }) =>
  file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');

/** Why a chosen file is refused before upload (not a PDF, too large), or null. */
function refusalOf(chosen: File, t: TFunction<'seals'>): string | null {
  if (!isPdfName(chosen)) return t('authorization.notPdf', { name: chosen.name });
  if (chosen.size > SEAL_AUTHORIZATION_MAX_BYTES) return t('authorization.tooLarge', { name: chosen.name });
  return null;
}

function UploadedFileLine({ file }: { file: TFileInfo }) {
  return (
    <p className="authorization-field__file">
      <span className="authorization-field__name">{file.name}</span>{' '}
      <span className="seal-image-field__size">({formatFileSize(file.size)})</span>
    </p>
  );
}

/** Choose (or replace) the PDF, and remove it once there is one. */
function AuthorizationActions({
  hasFile,
  uploading,
  onChoose,
  onRemove,
}: {
  hasFile: boolean;
  uploading: boolean;
  onChoose: (chosen: File) => Promise<void>;
  onRemove: () => void;
}) {
  const { t } = useTranslation('seals');
  return (
    <div className="seal-image-field__actions">
      <Upload
        accept=".pdf,application/pdf"
        showUploadList={false}
        beforeUpload={(chosen) => {
          void onChoose(chosen);
          return Upload.LIST_IGNORE;
        }}
        disabled={uploading}
      >
        <Button icon={<UploadIcon />} loading={uploading} disabled={uploading}>
          {hasFile ? t('authorization.replace') : t('authorization.choose')}
        </Button>
      </Upload>
      {hasFile ? (
        <Button type="link" danger onClick={onRemove} disabled={uploading}>
          {t('authorization.remove')}
        </Button>
      ) : null}
    </div>
  );
}

/**
 * The authorization agreement of a seal application: one PDF of at most 10 MB, uploaded as soon
 * as it is chosen (purpose `sealAuthorization`); the field's value is the upload's id.
 */
export function AuthorizationFileField({ value, onChange, id, onBusyChange, onProblem }: AuthorizationFileFieldProps) {
  const { t } = useTranslation('seals');
  const [file, setFile] = useState<TFileInfo | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    onBusyChange?.(uploading);
  }, [uploading, onBusyChange]);

  // A value cleared from outside (the form was reset) drops the file shown.
  useEffect(() => {
    if (!value) setFile(null);
  }, [value]);

  const refuse = (message: string) => {
    showToast({ type: 'error', content: message });
    onProblem?.(message);
  };

  const choose = async (chosen: File) => {
    const refusal = refusalOf(chosen, t);
    if (refusal) {
      refuse(refusal);
      return;
    }
    setUploading(true);
    onProblem?.(null);
    try {
      const [info] = await uploadFiles([chosen], { purpose: 'sealAuthorization' });
      if (!info) throw new Error('no file');
      setFile(info);
      onChange?.(info.lgcSn);
    } catch (error) {
      // The API client has shown the server's reason as a toast; the field shows it too.
      onProblem?.(isApiError(error) ? error.message : t('authorization.failed'));
    } finally {
      setUploading(false);
    }
  };

  const remove = () => {
    setFile(null);
    onChange?.(undefined);
  };

  return (
    <div className="authorization-field" id={id}>
      {file ? <UploadedFileLine file={file} /> : null}
      <AuthorizationActions hasFile={file !== null} uploading={uploading} onChoose={choose} onRemove={remove} />
    </div>
  );
}
