import { ZPublishAgreementRequest } from '@portal/shared/schemas/accounts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, DatePicker, Descriptions, Form, type FormInstance, Input, Popconfirm } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  backofficeKeys,
  fetchAgreementVersion,
  publishAgreementVersion,
} from '../../features/backoffice/backoffice-api.ts';
import { schemaRule, validateForm } from '../../lib/forms/schema-form.ts';
import { showToast } from '../../lib/notify.ts';

type PublishValues = { version?: string; effectiveDate?: string };

const DATE_FORMAT = 'YYYY-MM-DD';
// The form keeps the day as the request's `YYYY-MM-DD`; the picker works with Dayjs.
const toDate = (value: unknown) => ({ value: typeof value === 'string' && value ? dayjs(value, DATE_FORMAT) : null });
const fromDate = (value: Dayjs | null) => (value ? value.format(DATE_FORMAT) : '');

/**
 * /backend/agreementVersions: the version in force of the user agreement and personal-information
 * policy, and publishing a new one (every account is then asked to accept it, SPEC §2, §4).
 */
export function AgreementVersionsPage() {
  const { t } = useTranslation('backoffice');
  const [form] = Form.useForm<PublishValues>();
  const current = useQuery({
    queryKey: backofficeKeys.agreementVersion,
    queryFn: ({ signal }) => fetchAgreementVersion(signal),
  });
  const version = Form.useWatch('version', form) ?? '';
  const { publishing, publish } = usePublishVersion(form);

  return (
    <div className="backoffice-page">
      <header className="backoffice-page__head">
        <h1 className="backoffice-page__title">{t('routes.agreementVersions')}</h1>
        <p className="backoffice-page__intro">{t('agreementVersions.intro')}</p>
      </header>
      {current.isError ? <Alert type="error" showIcon title={t('agreementVersions.loadFailed')} /> : null}
      {current.data ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            {
              key: 'current',
              label: t('agreementVersions.current'),
              children: t('agreementVersions.currentValue', {
                version: current.data.version,
                date: current.data.effectiveDate,
              }),
            },
          ]}
        />
      ) : null}
      <Form<PublishValues> form={form} name="agreementVersion" layout="vertical" className="agreement-versions__form">
        <VersionFields />
        <Popconfirm
          title={t('agreementVersions.confirmTitle', { version: version.trim() })}
          description={t('agreementVersions.confirmText')}
          okText={t('agreementVersions.publish')}
          onConfirm={publish}
        >
          <Button type="primary" loading={publishing}>
            {t('agreementVersions.publish')}
          </Button>
        </Popconfirm>
      </Form>
    </div>
  );
}

/** Publishing the form's version once it is valid; the version in force then shows it. */
function usePublishVersion(form: FormInstance<PublishValues>) {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const [publishing, setPublishing] = useState(false);

  const checked = async () => {
    try {
      await form.validateFields();
    } catch {
      return null;
    }
    return validateForm(form, ZPublishAgreementRequest, form.getFieldsValue(true));
  };

  const publish = async () => {
    const body = await checked();
    if (!body) return;
    setPublishing(true);
    try {
      const published = await publishAgreementVersion(body);
      queryClient.setQueryData(backofficeKeys.agreementVersion, published);
      form.resetFields();
      showToast({ type: 'success', content: t('agreementVersions.done', { version: published.version }) });
    } catch {
      // The toast said why.
    } finally {
      setPublishing(false);
    }
  };
  return { publishing, publish };
}

function VersionFields() {
  const { t } = useTranslation('backoffice');
  return (
    <>
      <Form.Item
        name="version"
        label={t('agreementVersions.version')}
        required
        rules={[schemaRule(ZPublishAgreementRequest, 'version')]}
      >
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item
        name="effectiveDate"
        label={t('agreementVersions.effectiveDate')}
        required
        rules={[schemaRule(ZPublishAgreementRequest, 'effectiveDate')]}
        getValueProps={toDate}
        normalize={fromDate}
      >
        {/* antd's picker, in the reader's language like the rest of the back office (not the browser's mm/dd/yyyy). */}
        <DatePicker format={DATE_FORMAT} />
      </Form.Item>
    </>
  );
}
