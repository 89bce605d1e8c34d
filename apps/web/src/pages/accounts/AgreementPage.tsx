import '../../features/accounts/accounts.css';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AgreementText } from '../../features/accounts/agreement/AgreementText.tsx';
import { AGREEMENT_TYPES, type AgreementType, agreementPath } from '../../features/accounts/paths.ts';

function toAgreementType(value: string | undefined): AgreementType {
  return (AGREEMENT_TYPES as readonly string[]).includes(value ?? '') ? (value as AgreementType) : '0';
}

/** /agreement/:type: the user agreement (0, default) and the personal-information policy (1) in two tabs. */
export function AgreementPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const type = toAgreementType(useParams().type);
  return (
    <div className="account-page account-page--wide container">
      <header className="account-page__header">
        <h1 className="account-page__title">{t('routes.agreement')}</h1>
      </header>
      <div className="account-page__card agreement-page">
        <Tabs
          activeKey={type}
          onChange={(key) => navigate(agreementPath(toAgreementType(key)), { replace: true })}
          items={AGREEMENT_TYPES.map((key) => ({
            key,
            label: key === '0' ? t('agreement.userAgreement') : t('agreement.privacyPolicy'),
            children: <AgreementText type={key} />,
          }))}
        />
      </div>
    </div>
  );
}
