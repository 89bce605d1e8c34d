import { ZCheckEmailRequest } from '@portal/shared/schemas/content';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule } from '../../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../../lib/forms/useSchemaSubmit.ts';
import { jumpToQuestionnaire } from './survey-jump.ts';

type Values = { emailAdr: string };

export const SURVEY_DIALOG_WIDTH = 420;

/** The work e-mail, checked on blur against the same request schema as the server's. */
function EmailItem({ prepare }: { prepare: (values: Record<string, unknown>) => Record<string, unknown> }) {
  const { t } = useTranslation('content');
  return (
    <Form.Item
      name="emailAdr"
      label={t('survey.email')}
      required
      validateTrigger="onBlur"
      rules={[schemaRule(ZCheckEmailRequest, 'emailAdr', prepare)]}
    >
      <Input type="email" autoComplete="email" placeholder={t('survey.emailPlaceholder')} autoFocus />
    </Form.Item>
  );
}

/** The browser blocked the new window: a link the user can follow instead. */
function BlockedNotice({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Alert
      type="warning"
      showIcon
      title={t('survey.blocked')}
      description={
        <a href={url} target="_blank" rel="noopener noreferrer" onClick={onClose}>
          {t('survey.openLink')}
        </a>
      }
    />
  );
}

/**
 * A banner with jump flag '1' asks for a work e-mail (required, checked on blur) before the
 * questionnaire opens in a new window with the encrypted parameter string (SPEC §2).
 */
export function SurveyJumpDialog({
  open,
  questionnaireId,
  onClose,
}: {
  open: boolean;
  questionnaireId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('content');
  const [form] = Form.useForm<Values>();
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const withId = (values: Record<string, unknown>) => ({ ...values, lgcSn: questionnaireId });

  // The client shows the server's message; field errors go on the field.
  const { submit, saving: busy } = useSchemaSubmit(
    form,
    ZCheckEmailRequest,
    async (body) => {
      const result = await jumpToQuestionnaire(questionnaireId, body.emailAdr);
      if (result.opened) {
        form.resetFields();
        setBlockedUrl(null);
        onClose();
      } else {
        setBlockedUrl(result.url);
      }
    },
    { checkRules: true, prepare: withId },
  );

  return (
    <Modal
      open={open}
      title={t('survey.title')}
      width={SURVEY_DIALOG_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: true }}
      keyboard
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('survey.cancel')}
        </Button>,
        <Button key="submit" type="primary" loading={busy} onClick={() => void submit()}>
          {t('survey.submit')}
        </Button>,
      ]}
    >
      <p className="survey-dialog__intro">{t('survey.intro')}</p>
      <Form<Values> form={form} layout="vertical" name="survey-jump" requiredMark onFinish={() => void submit()}>
        <EmailItem prepare={withId} />
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
      {blockedUrl ? <BlockedNotice url={blockedUrl} onClose={onClose} /> : null}
    </Modal>
  );
}
