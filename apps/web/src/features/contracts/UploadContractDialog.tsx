import { CONTRACT_LIMITS, type TContractView } from '@portal/shared/schemas/contracts';
import { Form, Input, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { UploadIcon } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { formatFileSize } from '../files/files-api.ts';
import { uploadContract } from './contracts-api.ts';
import { pdfFileProblem } from './pdf-file.ts';

type UploadProps = {
  intentionLgcSn: string;
  requestName: string;
  onClose: () => void;
  onUploaded: (view: TContractView) => void;
};

/** The title, the picked PDF, their errors and the upload. */
function useContractUpload({ intentionLgcSn, requestName, onUploaded }: UploadProps) {
  const { t } = useTranslation('contracts');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const [title, setTitle] = useState(requestName.slice(0, CONTRACT_LIMITS.title));
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const pick = (picked: File) => {
    const problem = pdfFileProblem(picked);
    if (problem) {
      setFile(null);
      setFileError(problem === 'size' ? t('upload.tooLarge') : t('upload.notPdf'));
    } else {
      setFile(picked);
      setFileError(null);
    }
    return Upload.LIST_IGNORE;
  };

  const submit = async () => {
    if (!file) {
      setFileError(fileError ?? t('upload.fileRequired'));
      return;
    }
    setSaving(true);
    try {
      onUploaded(await uploadContract(intentionLgcSn, file, title));
    } catch (error) {
      // The toast said why; a field error is shown at its field too.
      const fields = isApiError(error)
        ? (error.data as { fields?: { field: string; message: string }[] } | null)
        : null;
      for (const field of fields?.fields ?? []) {
        if (field.field === 'title') setTitleError(field.message);
        if (field.field === 'file') setFileError(field.message);
      }
    } finally {
      setSaving(false);
    }
  };

  const changeTitle = (value: string) => {
    setTitle(value);
    setTitleError(null);
  };
  return { t, title, changeTitle, titleError, file, fileError, saving, pick, submit };
}

/**
 * Upload the contract of a cooperation: pick the PDF (at most 10 MB; the server checks it is one
 * by content) and a title, the request's name unless changed. `onUploaded` gets the new view.
 */
export function UploadContractDialog(props: UploadProps) {
  const upload = useContractUpload(props);
  const { t, title, titleError, saving, submit } = upload;
  return (
    <FormDialog
      title={t('upload.title')}
      okText={t('upload.submit')}
      cancelText={t('actions.cancel')}
      saving={saving}
      onOk={() => void submit()}
      onClose={props.onClose}
      width={560}
    >
      <p className="confirm-dialog__text">{t('upload.intro', { name: props.requestName })}</p>
      <Form layout="vertical" name="contractUpload" onFinish={() => void submit()}>
        <Form.Item
          label={t('upload.titleLabel')}
          htmlFor="contract-title"
          validateStatus={titleError ? 'error' : undefined}
          help={titleError ?? t('upload.titleHint')}
        >
          <Input
            id="contract-title"
            value={title}
            maxLength={CONTRACT_LIMITS.title}
            onChange={(event) => upload.changeTitle(event.target.value)}
          />
        </Form.Item>
        <FileField upload={upload} />
      </Form>
    </FormDialog>
  );
}

/** The PDF: dropped or chosen, checked here (type, size) and by the server. */
function FileField({ upload: { t, file, fileError, pick } }: { upload: ReturnType<typeof useContractUpload> }) {
  return (
    <Form.Item
      label={t('upload.fileLabel')}
      required
      validateStatus={fileError ? 'error' : undefined}
      help={fileError ?? t('upload.fileHint')}
    >
      <Upload.Dragger accept=".pdf,application/pdf" multiple={false} showUploadList={false} beforeUpload={pick}>
        <p className="contract-upload__icon">
          <UploadIcon size={28} />
        </p>
        <p>{t('upload.drop')}</p>
      </Upload.Dragger>
      {file ? (
        <p className="contract-upload__file" aria-live="polite">
          {t('upload.chosen', { name: file.name, size: formatFileSize(file.size) })}
        </p>
      ) : null}
    </Form.Item>
  );
}
