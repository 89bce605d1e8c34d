import { ZFeedbackSubmit } from '@portal/shared/schemas/content';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, TEXT_VALIDATE_TRIGGER } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';
import { formatFileSize } from '../files/files-api.ts';
import { submitFeedback } from './feedback-api.ts';
import {
  acceptFeedbackImages,
  describeProblem,
  FEEDBACK_EXTENSIONS,
  FEEDBACK_MAX_IMAGES,
  type FileProblem,
} from './feedback-files.ts';

type Values = { text: string; emailAdr: string };
const TEXT_MAX = 1000;

type Picked = { id: string; file: File; url: string };

let pickSeq = 0;

/**
 * The global feedback dialog (SPEC §2, §5): the text, an e-mail for the reply and up to 10
 * screenshots, checked here (type, size, count) and again by content on the server.
 */
export function FeedbackDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail?: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<Values>();
  const [images, setImages] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);
  const [modal, modalHolder] = Modal.useModal();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const accept = useMemo(() => FEEDBACK_EXTENSIONS.join(','), []);

  // Thumbnails are object URLs: free them when they go.
  const latest = useRef(images);
  latest.current = images;
  useEffect(
    () => () => {
      for (const image of latest.current) URL.revokeObjectURL(image.url);
    },
    [],
  );

  useEffect(() => {
    if (open && initialEmail && !form.getFieldValue('emailAdr')) form.setFieldValue('emailAdr', initialEmail);
  }, [open, initialEmail, form]);

  const reset = () => {
    form.resetFields();
    for (const image of images) URL.revokeObjectURL(image.url);
    setImages([]);
    setProblems([]);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const { accepted, problems: found } = acceptFeedbackImages(files, images.length);
    setProblems(found);
    setImages((current) => [
      ...current,
      ...accepted.map((file) => {
        pickSeq += 1;
        return { id: `img-${pickSeq}`, file, url: URL.createObjectURL(file) };
      }),
    ]);
  };

  const remove = (id: string) => {
    setImages((current) => {
      const gone = current.find((image) => image.id === id);
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((image) => image.id !== id);
    });
    setProblems([]);
  };

  const isDirty = () => {
    const values = form.getFieldsValue(true) as Partial<Values>;
    return Boolean(values.text?.trim()) || images.length > 0;
  };

  const { submit, saving: busy } = useSchemaSubmit(
    form,
    ZFeedbackSubmit,
    async (body) => {
      await submitFeedback({ ...body, images: images.map((image) => image.file) });
      showToast({ type: 'success', content: t('feedback.success') });
      reset();
      onClose();
    },
    { checkRules: true },
  );

  const close = () => {
    if (busy) return;
    if (!isDirty()) {
      reset();
      onClose();
      return;
    }
    modal.confirm({
      title: t('feedback.discardTitle'),
      content: t('feedback.discardText'),
      okText: t('feedback.discard'),
      okButtonProps: { danger: true },
      cancelText: t('feedback.keepEditing'),
      onOk: () => {
        reset();
        onClose();
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('feedback.title')}
      width={560}
      onCancel={close}
      mask={{ closable: false }}
      keyboard
      footer={[
        <Button key="cancel" onClick={close} disabled={busy}>
          {t('feedback.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => void submit()}>
          {t('feedback.submit')}
        </Button>,
      ]}
    >
      {modalHolder}
      <p className="feedback-dialog__intro">{t('feedback.intro')}</p>
      <Form<Values> form={form} layout="vertical" name="feedback" requiredMark>
        <Form.Item
          name="text"
          label={t('feedback.text')}
          required
          validateTrigger={TEXT_VALIDATE_TRIGGER}
          rules={[schemaRule(ZFeedbackSubmit, 'text')]}
        >
          <Input.TextArea
            rows={5}
            maxLength={TEXT_MAX}
            showCount
            placeholder={t('feedback.textPlaceholder')}
            autoFocus
          />
        </Form.Item>
        <Form.Item
          name="emailAdr"
          label={t('feedback.email')}
          required
          validateTrigger="onBlur"
          rules={[schemaRule(ZFeedbackSubmit, 'emailAdr')]}
        >
          <Input type="email" autoComplete="email" placeholder={t('feedback.emailPlaceholder')} />
        </Form.Item>
        <Form.Item
          label={t('feedback.images')}
          extra={<span id={hintId}>{t('feedback.imagesHint', { max: FEEDBACK_MAX_IMAGES })}</span>}
        >
          <ul className="feedback-images">
            {images.map((image) => (
              <li key={image.id} className="feedback-images__item">
                <img src={image.url} alt="" className="feedback-images__thumb" />
                <span className="feedback-images__name" title={image.file.name}>
                  {image.file.name}
                  <small>{formatFileSize(image.file.size)}</small>
                </span>
                <button
                  type="button"
                  className="feedback-images__remove"
                  onClick={() => remove(image.id)}
                  aria-label={t('feedback.remove', { name: image.file.name })}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
          <input
            ref={input}
            type="file"
            accept={accept}
            multiple
            className="feedback-file-input"
            tabIndex={-1}
            aria-hidden="true"
            onChange={pick}
            data-testid="feedback-file-input"
          />
          <Button
            onClick={() => input.current?.click()}
            disabled={images.length >= FEEDBACK_MAX_IMAGES}
            aria-describedby={hintId}
          >
            {t('feedback.addImages')}
          </Button>
        </Form.Item>
        {problems.length ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={
              <ul className="feedback-problems">
                {problems.map((problem) => {
                  const text = describeProblem(problem, t);
                  return <li key={text}>{text}</li>;
                })}
              </ul>
            }
          />
        ) : null}
      </Form>
    </Modal>
  );
}
