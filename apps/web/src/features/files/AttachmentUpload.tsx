import './files.css';
import {
  ATTACHMENT_EXTENSIONS,
  MAX_ATTACHMENT_BYTES,
  MAX_FILES_PER_UPLOAD,
  type TFileInfo,
} from '@portal/shared/schemas/files';
import { Button, Upload, type UploadFile, type UploadProps } from 'antd';
import type { TFunction } from 'i18next';
import { type MutableRefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/notify.ts';
import { fileUrl, formatFileSize, type RegistrantProof, uploadFiles } from './files-api.ts';

type Item = UploadFile<TFileInfo>;
type CustomRequest = NonNullable<UploadProps<TFileInfo>['customRequest']>;

const ACCEPT = ATTACHMENT_EXTENSIONS.join(',');

/** The picker's filter, checked again here (a drop or "all files" bypasses it); the server checks content. */
export function hasAttachmentExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return ATTACHMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

const idOf = (item: Item) => (item.status === 'done' ? item.response?.lgcSn : undefined);

function itemOf(info: TFileInfo, linked: boolean): Item {
  return {
    uid: info.lgcSn,
    name: `${info.name} (${formatFileSize(info.size)})`,
    size: info.size,
    status: 'done',
    response: info,
    ...(linked ? { url: fileUrl(info.lgcSn) } : {}),
  };
}

export type AttachmentUploadProps = {
  /** File ids (a form field's value). */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Names and sizes of files already in `value` (a saved profile's attachments). */
  known?: readonly TFileInfo[];
  /**
   * For a visitor registering: the address and its checked code, sent with each upload.
   * Absent for a signed-in user, whose files can also be downloaded from the list.
   */
  registrant?: () => RegistrantProof | null;
  /** Told whether uploads are still running (the form waits for them). */
  onBusyChange?: (busy: boolean) => void;
  /** Most files in the list (default: the profile's five; a cooperation request takes ten). */
  maxFiles?: number;
  id?: string;
};

/** Refuses (with a toast) a file past the limit, of another type, or too large. */
function fileChecker(maxFiles: number, itemsRef: MutableRefObject<Item[]>, t: TFunction<'accounts'>) {
  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const room = maxFiles - itemsRef.current.length;
    if (batch.indexOf(file) >= room) {
      showToast({ type: 'error', content: t('attachments.tooMany', { max: maxFiles }), key: 'tooMany' });
      return Upload.LIST_IGNORE;
    }
    if (!hasAttachmentExtension(file.name)) {
      showToast({ type: 'error', content: t('attachments.unsupported', { name: file.name }) });
      return Upload.LIST_IGNORE;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) {
      showToast({ type: 'error', content: t('attachments.tooLarge', { name: file.name }) });
      return Upload.LIST_IGNORE;
    }
    return true;
  };
  return beforeUpload;
}

/** Uploads a file (a registrant's with their proof); its info is the upload list item's response. */
function uploadRequest(registrant: AttachmentUploadProps['registrant'], t: TFunction<'accounts'>) {
  const customRequest: CustomRequest = ({ file, onSuccess, onError }) => {
    const proof = registrant?.() ?? null;
    uploadFiles([file as Blob], { purpose: 'attachment', ...(registrant ? { registrant: proof } : {}) })
      .then(([info]) => {
        if (info) onSuccess?.(info);
        else onError?.(new Error(t('attachments.failed')));
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(t('attachments.failed'))));
  };
  return customRequest;
}

/** Follows the upload list; the value changes when a file is done or removed. */
function listChangeHandler(
  linked: boolean,
  setItems: (items: Item[]) => void,
  onChange: AttachmentUploadProps['onChange'],
) {
  const onListChange: UploadProps<TFileInfo>['onChange'] = ({ file, fileList }) => {
    const next = fileList.map((item) => {
      const info = item.status === 'done' ? item.response : undefined;
      return info && item.uid === file.uid ? { ...itemOf(info, linked), uid: item.uid } : item;
    });
    setItems(next);
    if (file.status === 'done' || file.status === 'removed') {
      onChange?.(next.map(idOf).filter((lgcSn): lgcSn is string => lgcSn !== undefined));
    }
  };
  return onListChange;
}

/**
 * Introduction attachments (SPEC §5): up to 5 files of 10 MB, doc/docx/pdf/xls/xlsx/jpg/png/bmp.
 * Each file is uploaded as soon as it is picked (its id joins the value); size and extension are
 * checked first, the server decides by content and its refusals show on the file and as a toast.
 */
export function AttachmentUpload({
  value,
  onChange,
  known,
  registrant,
  onBusyChange,
  maxFiles = MAX_FILES_PER_UPLOAD,
  id,
}: AttachmentUploadProps) {
  const { t } = useTranslation('accounts');
  const linked = !registrant;
  const [items, setItems] = useState<Item[]>(() => {
    const byId = new Map((known ?? []).map((info) => [info.lgcSn, info]));
    return (value ?? []).map((lgcSn) =>
      itemOf(byId.get(lgcSn) ?? { lgcSn, name: t('attachments.unnamed'), size: 0, mime: '' }, linked),
    );
  });
  const itemsRef = useRef(items);
  itemsRef.current = items;

  // A value changed from outside (the form reset it, the e-mail changed) drops files no longer in it.
  useEffect(() => {
    setItems((current) => {
      const kept = current.filter((item) => {
        const lgcSn = idOf(item);
        return lgcSn === undefined || (value ?? []).includes(lgcSn);
      });
      return kept.length === current.length ? current : kept;
    });
  }, [value]);

  const busy = items.some((item) => item.status === 'uploading');
  useEffect(() => {
    onBusyChange?.(busy);
  }, [busy, onBusyChange]);

  const beforeUpload = fileChecker(maxFiles, itemsRef, t);
  const customRequest = uploadRequest(registrant, t);
  const onListChange = listChangeHandler(linked, setItems, onChange);

  return (
    <div className="attachment-upload">
      <Upload<TFileInfo>
        id={id}
        accept={ACCEPT}
        multiple
        fileList={items}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={onListChange}
        showUploadList={{ showRemoveIcon: true, showDownloadIcon: false }}
      >
        <Button icon={<UploadIcon />} disabled={items.length >= maxFiles}>
          {t('attachments.choose')}
        </Button>
      </Upload>
    </div>
  );
}
