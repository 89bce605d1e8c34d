import { ZFeedbackSubmit } from '@portal/shared/schemas/content';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { schemaRule, TEXT_VALIDATE_TRIGGER } from '../../lib/forms/schema-form.ts';
import { formatFileSize } from '../files/files-api.ts';
import { describeProblem, FEEDBACK_MAX_IMAGES } from './feedback-files.ts';
import { type FeedbackDialogState, useFeedbackDialog, type Values } from './useFeedbackDialog.ts';

const TEXT_MAX = 1000;

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
  const state = useFeedbackDialog(open, initialEmail, onClose);
  const { t, form, busy, close } = state;
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
        <Button key="submit" type="primary" loading={busy} onClick={() => void state.submit()}>
          {t('feedback.submit')}
        </Button>,
      ]}
    >
      {state.modalHolder}
      <p className="feedback-dialog__intro">{t('feedback.intro')}</p>
      <Form<Values> form={form} layout="vertical" name="feedback" requiredMark>
        <TextFields t={t} />
        <ImagesField state={state} />
        <FeedbackProblems state={state} />
      </Form>
    </Modal>
  );
}

/** The feedback itself and the e-mail address for the reply. */
function TextFields({ t }: { t: FeedbackDialogState['t'] }) {
  return (
    <>
      <Form.Item
        name="text"
        label={t('feedback.text')}
        required
        validateTrigger={TEXT_VALIDATE_TRIGGER}
        rules={[schemaRule(ZFeedbackSubmit, 'text')]}
      >
        <Input.TextArea rows={5} maxLength={TEXT_MAX} showCount placeholder={t('feedback.textPlaceholder')} autoFocus />
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
    </>
  );
}

/** Up to 10 screenshots, each with its thumbnail, name, size and a remove button. */
function ImagesField({ state }: { state: FeedbackDialogState }) {
  const { t, images, hintId, input, remove } = state;
  return (
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
        accept={state.accept}
        multiple
        className="feedback-file-input"
        tabIndex={-1}
        aria-hidden="true"
        onChange={state.pick}
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
  );
}

/** Why screenshots were refused (type, size, count). */
function FeedbackProblems({ state: { t, problems } }: { state: FeedbackDialogState }) {
  return problems.length ? (
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
  ) : null;
}
