import type { TContentFile } from '@portal/shared/schemas/content';
import { MAX_ATTACHMENT_BYTES, type TFileInfo } from '@portal/shared/schemas/files';
import { Button, Upload } from 'antd';
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

  const shown: Shown | null = !value
    ? null
    : known && known.lgcSn === value
      ? known
      : uploaded && uploaded.lgcSn === value
        ? { ...uploaded, url: fileUrl(uploaded.lgcSn, true) }
        : { lgcSn: value, name: t('content.file.current'), size: 0, url: fileUrl(value, true) };

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
      <Upload
        accept={ACCEPT[kind]}
        showUploadList={false}
        beforeUpload={(file) => {
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
        }}
      >
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
