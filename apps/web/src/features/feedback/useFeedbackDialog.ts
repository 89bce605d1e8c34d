import { ZFeedbackSubmit } from '@portal/shared/schemas/content';
import { Form, Modal } from 'antd';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';
import { submitFeedback } from './feedback-api.ts';
import { acceptFeedbackImages, FEEDBACK_EXTENSIONS, type FileProblem } from './feedback-files.ts';

export type Values = { text: string; emailAdr: string };

type Picked = { id: string; file: File; url: string };

let pickSeq = 0;

/** The screenshots picked (with their thumbnails' object URLs) and why the last ones were refused. */
function useFeedbackImages() {
  const [images, setImages] = useState<Picked[]>([]);
  const [problems, setProblems] = useState<FileProblem[]>([]);

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

  const clearImages = () => {
    for (const image of images) URL.revokeObjectURL(image.url);
    setImages([]);
    setProblems([]);
  };
  return { images, problems, pick, remove, clearImages };
}

/** Thumbnails are object URLs: free them when they go. */
function useRevokeOnUnmount(images: Picked[]) {
  const latest = useRef(images);
  latest.current = images;
  useEffect(
    () => () => {
      for (const image of latest.current) URL.revokeObjectURL(image.url);
    },
    [],
  );
}

/** The feedback dialog's state: the form, the screenshots, sending it and closing (asking first when filled). */
export function useFeedbackDialog(open: boolean, initialEmail: string | undefined, onClose: () => void) {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<Values>();
  const { images, problems, pick, remove, clearImages } = useFeedbackImages();
  const [modal, modalHolder] = Modal.useModal();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const accept = useMemo(() => FEEDBACK_EXTENSIONS.join(','), []);
  useRevokeOnUnmount(images);

  useEffect(() => {
    if (open && initialEmail && !form.getFieldValue('emailAdr')) form.setFieldValue('emailAdr', initialEmail);
  }, [open, initialEmail, form]);

  const reset = () => {
    form.resetFields();
    clearImages();
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

  return { t, form, images, problems, pick, remove, modalHolder, input, hintId, accept, submit, busy, close };
}

export type FeedbackDialogState = ReturnType<typeof useFeedbackDialog>;
