import { contentImageFromAddress, contentImagePath } from '@portal/shared/schemas/rich-text';
import { Button, Input, Modal, Upload } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/notify.ts';
import { uploadFiles } from '../../files/files-api.ts';
import { DialogError } from './DialogError.tsx';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** An image uploaded here (JPG or PNG) or the address of a content image already uploaded. */
export function ImageDialog({
  open,
  onClose,
  onInsert,
}: {
  open: boolean;
  onClose: () => void;
  onInsert: (src: string, alt: string) => void;
}) {
  const { t } = useTranslation('backoffice');
  const { address, setAddress, alt, setAlt, error, setError, uploading, upload, insert } = useImageForm(open, onInsert);
  const errorId = useId();
  const addressId = useId();
  const altId = useId();
  const src = contentImageFromAddress(address, window.location.origin);
  return (
    <Modal
      open={open}
      title={t('content.editor.imageTitle')}
      okText={t('content.editor.imageInsert')}
      cancelText={t('content.actions.cancel')}
      okButtonProps={{ disabled: uploading }}
      onOk={insert}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="rich-editor__dialog">
        <ImageUploadButton uploading={uploading} onFile={(file) => void upload(file)} />
        <div className="rich-editor__dialog-field">
          <label htmlFor={addressId}>{t('content.editor.imageAddress')}</label>
          <Input
            id={addressId}
            value={address}
            placeholder="/api/content/image/…"
            status={error ? 'error' : undefined}
            aria-invalid={error}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setAddress(event.target.value);
              setError(false);
            }}
            onPressEnter={insert}
          />
        </div>
        <DialogError id={errorId} shown={error} message={t('content.editor.imageInvalid')} />
        <div className="rich-editor__dialog-field">
          <label htmlFor={altId}>{t('content.editor.imageAlt')}</label>
          <Input
            id={altId}
            value={alt}
            maxLength={200}
            onChange={(event) => setAlt(event.target.value)}
            onPressEnter={insert}
          />
        </div>
        {src ? <img className="rich-editor__dialog-preview" src={src} alt="" /> : null}
      </div>
    </Modal>
  );
}

/** Picks a JPG or PNG to upload, refusing one over the size limit with a toast before it is sent. */
function ImageUploadButton({ uploading, onFile }: { uploading: boolean; onFile: (file: File) => void }) {
  const { t } = useTranslation('backoffice');
  return (
    <Upload
      accept=".jpg,.jpeg,.png"
      showUploadList={false}
      beforeUpload={(file) => {
        if (file.size > MAX_IMAGE_BYTES) {
          showToast({ type: 'error', content: t('content.file.tooLarge', { name: file.name }) });
          return Upload.LIST_IGNORE;
        }
        onFile(file);
        return false;
      }}
    >
      <Button loading={uploading}>{t('content.editor.imageUpload')}</Button>
    </Upload>
  );
}

/** The dialog's fields, emptied each time it opens; the upload fills the address (and the text, if empty). */
function useImageForm(open: boolean, onInsert: (src: string, alt: string) => void) {
  const [address, setAddress] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState(false);
  const [uploading, setUploading] = useState(false);
  useEffect(() => {
    if (open) {
      setAddress('');
      setAlt('');
      setError(false);
    }
  }, [open]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const [info] = await uploadFiles([file], { purpose: 'contentImage' });
      if (info) {
        setAddress(contentImagePath(info.lgcSn));
        setAlt((current) => current || file.name.replace(/\.[^.]+$/, ''));
        setError(false);
      }
    } catch {
      // The toast said why.
    } finally {
      setUploading(false);
    }
  };

  const insert = () => {
    const src = contentImageFromAddress(address, window.location.origin);
    if (!src) {
      setError(true);
      return;
    }
    onInsert(src, alt.trim());
  };
  return { address, setAddress, alt, setAlt, error, setError, uploading, upload, insert };
}
