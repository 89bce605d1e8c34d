import type { TContentFile } from '@portal/shared/schemas/content';
import { MAX_ATTACHMENT_BYTES, type TFileInfo } from '@portal/shared/schemas/files';
import { Button, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { fileUrl, formatFileSize, uploadFiles } from '../files/files-api.ts';

export type ContentFileKind = 'image' | 'document';

const ACCEPT: Record<ContentFileKind, string> = { image: '.jpg,.jpeg,.png', document: '.pdf' };
const EXTENSIONS: Record<ContentFileKind, readonly string[]> = {
  image: ['.jpg', '.jpeg', '.png'],
  document: ['.pdf'],
};

type Shown = { lgcSn: string; name: string; size: number; url: string };

/** The file the field shows: the saved entry's, the one just uploaded, or only its id. */
function shownFile(
  value: string | null | undefined,
  known: TContentFile | null | undefined,
  uploaded: TFileInfo | null,
  t: TFunction<'backoffice'>,
): Shown | null {
  return !value
    ? null
    : known && known.lgcSn === value
      ? known
      : uploaded && uploaded.lgcSn === value
        ? { ...uploaded, url: fileUrl(uploaded.lgcSn, true) }
        : { lgcSn: value, name: t('content.file.current'), size: 0, url: fileUrl(value, true) };
}

/** Uploads a picked file at once; the field's value becomes its id. */
function uploader(
  kind: ContentFileKind,
  setBusy: (busy: boolean) => void,
  setUploaded: (info: TFileInfo) => void,
  onChange: ((value: string | null) => void) | undefined,
  onBusyChange: ((busy: boolean) => void) | undefined,
) {
  const setBusyState = (next: boolean) => {
    setBusy(next);
    onBusyChange?.(next);
  };

  const upload = async (file: File) => {
    setBusyState(true);
    try {
      const [info] = await uploadFiles([file], { purpose: kind === 'image' ? 'contentImage' : 'contentDocument' });
      if (info) {
        setUploaded(info);
        onChange?.(info.lgcSn);
      }
    } catch {
      // The toast said why.
    } finally {
      setBusyState(false);
    }
  };

  return upload;
}

/** Checks the picked file's type and size (with a toast when refused), then uploads it. */
function beforeUpload(
  file: File,
  kind: ContentFileKind,
  t: TFunction<'backoffice'>,
  upload: (file: File) => Promise<void>,
) {
  const lower = file.name.toLowerCase();
  if (!EXTENSIONS[kind].some((ext) => lower.endsWith(ext))) {
    showToast({ type: 'error', content: t(`content.file.badType.${kind}`, { name: file.name }) });
    return Upload.LIST_IGNORE;
  }
  if (file.size > MAX_ATTACHMENT_BYTES) {
    showToast({ type: 'error', content: t('content.file.tooLarge', { name: file.name }) });
    return Upload.LIST_IGNORE;
  }
  void upload(file);
  return false;
}

/**
 * One image (JPG/PNG) or PDF of a content entry, uploaded through the file service (purpose
 * `contentImage` / `contentDocument`, 10 MB; the server checks the content) as soon as it is
 * picked. The value is the file id; `known` is the file the saved entry already has.
 */
export function ContentFileField({
  value,
  onChange,
  kind,
  known,
  id,
  label,
  onBusyChange,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  kind: ContentFileKind;
  known?: TContentFile | null;
  id?: string;
  label: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const { t } = useTranslation('backoffice');
  const [uploaded, setUploaded] = useState<TFileInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const shown = shownFile(value, known, uploaded, t);
  const upload = uploader(kind, setBusy, setUploaded, onChange, onBusyChange);

  return (
    <div className="file-field">
      {shown && kind === 'image' ? <img className="file-field__image" src={shown.url} alt="" /> : null}
      {shown ? (
        <div className="file-field__name">
          <a href={shown.url} target="_blank" rel="noopener noreferrer">
            {shown.name}
          </a>
          {shown.size ? <span className="file-field__meta">{formatFileSize(shown.size)}</span> : null}
        </div>
      ) : (
        <span className="file-field__meta">{t(`content.file.none.${kind}`)}</span>
      )}
      <Upload accept={ACCEPT[kind]} showUploadList={false} beforeUpload={(file) => beforeUpload(file, kind, t, upload)}>
        <Button
          id={id}
          loading={busy}
          aria-label={`${shown ? t('content.file.replace') : t('content.file.choose')}: ${label}`}
        >
          {shown ? t('content.file.replace') : t('content.file.choose')}
        </Button>
      </Upload>
      {shown ? (
        <Button
          type="link"
          danger
          onClick={() => onChange?.(null)}
          aria-label={`${t('content.file.remove')}: ${label}`}
        >
          {t('content.file.remove')}
        </Button>
      ) : null}
      <span className="file-field__meta">{t(`content.file.hint.${kind}`)}</span>
    </div>
  );
}
