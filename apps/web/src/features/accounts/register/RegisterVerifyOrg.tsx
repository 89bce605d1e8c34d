import { dictName } from '@portal/shared/dictionaries';
import { SWIFT_PATTERN } from '@portal/shared/schemas/accounts';
import type { TRegisterVerifyOrg } from '@portal/shared/schemas/spec-calls';
import { Alert, Form, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/i18n/useLocale.ts';
import { registerVerifyOrg } from '../accounts-api.ts';

type Proof = { emailAdr: string; emailCode: string };

/**
 * While the registrant types their institution's SWIFT code (step 2 of registration), says
 * whether the portal already knows that institution, which the account will then join, or
 * whether registering adds it (SPEC §7 getRegisterVerifyOrg, docs/decisions/0021). A known
 * institution's name fills an empty institution-name field. Asked with the verified e-mail and its
 * code; without them, or when the look-up fails, nothing is shown (the registration itself
 * decides either way).
 */
export function RegisterVerifyOrg({
  form,
  proof,
  active,
}: {
  form: FormInstance;
  proof: () => Proof | null;
  active: boolean;
}) {
  const { t } = useTranslation('accounts');
  const { locale } = useLocale();
  const typed = Form.useWatch(['profile', 'instSwiftCode'], form) as string | undefined;
  const swift = typeof typed === 'string' ? typed.trim().toUpperCase() : '';
  const [answer, setAnswer] = useState<{ swift: string; org: TRegisterVerifyOrg } | null>(null);
  const registrant = active ? proof() : null;
  const emailAdr = registrant?.emailAdr;
  const emailCode = registrant?.emailCode;

  useEffect(() => {
    if (!emailAdr || !emailCode || !SWIFT_PATTERN.test(swift)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      registerVerifyOrg({ emailAdr, emailCode, instSwiftCode: swift })
        .then((org) => {
          if (cancelled) return;
          setAnswer({ swift, org });
          if (org && !form.getFieldValue(['profile', 'instNm'])) form.setFieldValue(['profile', 'instNm'], org.instNm);
        })
        .catch(() => undefined);
    }, 300);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [emailAdr, emailCode, swift, form]);

  if (!answer || answer.swift !== swift || !SWIFT_PATTERN.test(swift)) return null;
  const { org } = answer;
  return (
    <Alert
      className="register__verify-org"
      type="info"
      showIcon
      role="status"
      title={
        org
          ? t('register.verifyOrg.known', {
              name: org.instNm,
              country: dictName('countries', org.country, locale) || '—',
            })
          : t('register.verifyOrg.new', { swift })
      }
    />
  );
}
