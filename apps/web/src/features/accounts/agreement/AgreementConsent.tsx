import { Checkbox, Form, type FormRule } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { agreementPath } from '../paths.ts';

/** The "I have read and agree" box, linking the user agreement and the privacy policy (field `agreed`). */
export function AgreementConsent({ rule }: { rule: FormRule }) {
  const { t } = useTranslation('accounts');
  return (
    <Form.Item name="agreed" valuePropName="checked" rules={[rule]} className="register__agreement">
      <Checkbox>
        <Trans
          t={t}
          i18nKey="register.agreement"
          components={{
            userAgreement: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated text inside
              <a href={agreementPath('0')} target="_blank" rel="noopener noreferrer" />
            ),
            privacyPolicy: (
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated text inside
              <a href={agreementPath('1')} target="_blank" rel="noopener noreferrer" />
            ),
          }}
        />
      </Checkbox>
    </Form.Item>
  );
}
