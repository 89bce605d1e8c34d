import './files.css';
import { PREVIEWABLE_MIME_TYPES, type TFileInfo } from '@portal/shared/schemas/files';
import { useTranslation } from 'react-i18next';
import { fileUrl, formatFileSize } from './files-api.ts';

/**
 * Files to read (a profile's introduction attachments): name, size, a download link and, for
 * PDF and images, a preview in a new tab. The server checks on each download who is asking.
 */
export function AttachmentList({ files }: { files: readonly TFileInfo[] }) {
  const { t } = useTranslation('accounts');
  return (
    <ul className="attachment-list" data-testid="attachment-list">
      {files.map((file) => (
        <li key={file.lgcSn} className="attachment-list__item">
          <span className="attachment-list__name">{file.name}</span>
          <span className="attachment-list__size">{formatFileSize(file.size)}</span>
          {PREVIEWABLE_MIME_TYPES.includes(file.mime) ? (
            <a
              href={fileUrl(file.lgcSn, true)}
              target="_blank"
              rel="noopener noreferrer"
              className="attachment-list__action"
              aria-label={t('attachments.previewFile', { name: file.name })}
            >
              {t('attachments.preview')}
            </a>
          ) : null}
          <a
            href={fileUrl(file.lgcSn)}
            download={file.name}
            className="attachment-list__action"
            aria-label={t('attachments.downloadFile', { name: file.name })}
          >
            {t('attachments.download')}
          </a>
        </li>
      ))}
    </ul>
  );
}
