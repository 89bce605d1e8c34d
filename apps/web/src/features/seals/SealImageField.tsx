import './seals.css';
import type { TFileInfo } from '@portal/shared/schemas/files';
import { Button, Upload } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadIcon } from '../../components/icons.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { showToast } from '../../lib/notify.ts';
import { fileUrl, formatFileSize, uploadFiles } from '../files/files-api.ts';
import { generateRoundSealPng } from './round-seal.ts';
import { checkSealImage, type SealImageProblem } from './seal-image-check.ts';

type Preview = { url: string; info: TFileInfo; generated: boolean; revoke: boolean };

export type SealImageFieldProps = {
  /** The uploaded image's id (a form field's value). */
  value?: string;
  onChange?: (lgcSn: string | undefined) => void;
  id?: string;
  /** The institution's name, drawn along the ring of a generated seal. */
  institutionName: string;
  /** The seal's name, drawn under the star of a generated seal. */
  caption?: string | undefined;
  /** Told whether an upload is running (the form waits for it). */
  onBusyChange?: (busy: boolean) => void;
  /** Told why a file was refused (shown on the field by the form). */
  onProblem?: (message: string | null) => void;
};

const canPreviewLocally = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

type ActionContext = Pick<SealImageFieldProps, 'onChange' | 'institutionName' | 'caption' | 'onProblem'> & {
  t: TFunction<'seals'>;
  setBusy: (busy: 'upload' | 'generate' | null) => void;
  replacePreview: (next: Preview | null) => void;
};

/** Uploading a chosen PNG (checked first) or the generated round seal. */
function imageActions({ t, setBusy, replacePreview, onChange, onProblem, institutionName, caption }: ActionContext) {
  const problemText = (problem: SealImageProblem) =>
    problem.problem === 'notSquare'
      ? t('image.problems.notSquare', { width: problem.width, height: problem.height })
      : t(`image.problems.${problem.problem}`);

  const upload = async (file: File, generated: boolean) => {
    setBusy(generated ? 'generate' : 'upload');
    onProblem?.(null);
    try {
      const [info] = await uploadFiles([file], { purpose: 'sealImage' });
      if (!info) throw new Error('no file');
      const local = canPreviewLocally();
      replacePreview({
        url: local ? URL.createObjectURL(file) : fileUrl(info.lgcSn, true),
        info,
        generated,
        revoke: local,
      });
      onChange?.(info.lgcSn);
    } catch (error) {
      // The API client has shown the server's reason as a toast; the field shows it too.
      onProblem?.(isApiError(error) ? error.message : t('image.failed'));
    } finally {
      setBusy(null);
    }
  };

  const choose = async (file: File) => {
    const problem = await checkSealImage(file);
    if (problem) {
      const message = problemText(problem);
      showToast({ type: 'error', content: message });
      onProblem?.(message);
      return;
    }
    await upload(file, false);
  };

  const generate = async () => {
    let blob: Blob;
    try {
      blob = await generateRoundSealPng({ name: institutionName, caption });
    } catch {
      showToast({ type: 'error', content: t('image.generateFailed') });
      return;
    }
    await upload(new File([blob], 'standard-seal.png', { type: 'image/png' }), true);
  };

  return { choose, generate };
}

/** The field's preview (its object URL freed when replaced), the upload in progress and the actions. */
function useSealImage({ value, onChange, institutionName, caption, onBusyChange, onProblem }: SealImageFieldProps) {
  const { t } = useTranslation('seals');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState<'upload' | 'generate' | null>(null);
  const previewRef = useRef(preview);
  previewRef.current = preview;

  useEffect(() => {
    onBusyChange?.(busy !== null);
  }, [busy, onBusyChange]);

  // The object URL of the preview is freed when it is replaced or the field goes away.
  useEffect(
    () => () => {
      const current = previewRef.current;
      if (current?.revoke) URL.revokeObjectURL(current.url);
    },
    [],
  );

  // A value cleared from outside (the form was reset) drops the preview.
  useEffect(() => {
    const current = previewRef.current;
    if (value || !current) return;
    if (current.revoke) URL.revokeObjectURL(current.url);
    previewRef.current = null;
    setPreview(null);
  }, [value]);

  const replacePreview = (next: Preview | null) => {
    const current = previewRef.current;
    if (current?.revoke && current.url !== next?.url) URL.revokeObjectURL(current.url);
    previewRef.current = next;
    setPreview(next);
  };

  const remove = () => {
    replacePreview(null);
    onChange?.(undefined);
  };
  const actions = imageActions({ t, setBusy, replacePreview, onChange, onProblem, institutionName, caption });
  return { t, preview, busy, remove, ...actions };
}

/**
 * The seal image: a PNG the user chooses (square, transparent background, at most 200 KB:
 * checked here first, then by the server) or the standard round seal of the institution drawn
 * in the browser. Either is uploaded at once (purpose `sealImage`); the field's value is the
 * upload's id and a preview shows what will be stamped.
 */
export function SealImageField(props: SealImageFieldProps) {
  const field = useSealImage(props);
  const { t, preview } = field;
  return (
    <div className="seal-image-field" id={props.id}>
      <div className="seal-image-field__preview" aria-live="polite">
        {preview ? (
          <span className="seal-image seal-image--large">
            <img src={preview.url} alt={t('image.previewAlt')} width={160} height={160} />
          </span>
        ) : (
          <span className="seal-image seal-image--large seal-image--empty">{t('image.none')}</span>
        )}
      </div>
      <SealImageSide field={field} institutionName={props.institutionName} />
    </div>
  );
}

/** The file's name and size, choose, generate and remove, and the hints. */
function SealImageSide({
  field,
  institutionName,
}: {
  field: ReturnType<typeof useSealImage>;
  institutionName: string;
}) {
  const { t, preview, busy, choose, generate, remove } = field;
  return (
    <div className="seal-image-field__side">
      {preview ? (
        <p className="seal-image-field__name">
          <span className="seal-image-field__file">
            {preview.generated ? t('image.generatedName') : preview.info.name}
          </span>{' '}
          <span className="seal-image-field__size">({formatFileSize(preview.info.size)})</span>
        </p>
      ) : null}
      <div className="seal-image-field__actions">
        <Upload
          accept=".png,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void choose(file);
            return Upload.LIST_IGNORE;
          }}
          disabled={busy !== null}
        >
          <Button icon={<UploadIcon />} loading={busy === 'upload'} disabled={busy !== null}>
            {preview ? t('image.replace') : t('image.choose')}
          </Button>
        </Upload>
        <Button onClick={() => void generate()} loading={busy === 'generate'} disabled={busy !== null}>
          {t('image.generate')}
        </Button>
        {preview ? (
          <Button type="link" danger onClick={remove} disabled={busy !== null}>
            {t('image.remove')}
          </Button>
        ) : null}
      </div>
      <p className="seal-image-field__hint">{t('image.hint')}</p>
      <p className="seal-image-field__hint">
        {institutionName ? t('image.generateHint', { institution: institutionName }) : t('image.generateHintPlain')}
      </p>
    </div>
  );
}
