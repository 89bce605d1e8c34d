import '../../features/accounts/accounts.css';
import '../../features/user-management/user-management.css';
import { ZAcceptInvitationRequest } from '@portal/shared/schemas/user-management';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, Result } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HOME_PATH } from '../../app/route-paths.ts';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { AccountPageFrame } from '../../features/accounts/AccountPageFrame.tsx';
import { AgreementConsent } from '../../features/accounts/agreement/AgreementConsent.tsx';
import { NewPasswordFields } from '../../features/accounts/password/password-fields.tsx';
import {
  acceptInvitation,
  fetchInvitation,
  type InvitationInfo,
  userManagementKeys,
} from '../../features/user-management/user-management-api.ts';
import { isApiError } from '../../lib/api/api-error.ts';
import { appEvents } from '../../lib/events.ts';
import { schemaRule } from '../../lib/forms/schema-form.ts';
import { useSchemaSubmit } from '../../lib/forms/useSchemaSubmit.ts';
import { showToast } from '../../lib/notify.ts';

type Values = { pwd?: string; confirmPwd?: string; agreed?: boolean };

/** Why an invitation cannot be accepted, from the server's answer. */
export type InvitationProblem = 'invalid' | 'activated' | 'failed';

export function invitationProblem(error: unknown, token: string): InvitationProblem {
  if (token.length < 20) return 'invalid';
  if (!isApiError(error)) return 'failed';
  if (error.code === 'PRT_USER_ALREADY_ACTIVATED') return 'activated';
  if (error.code === 'PRT_INVITATION_INVALID' || error.code === 'PRT_VALIDATION') return 'invalid';
  return 'failed';
}

const openLogin = (emailAdr?: string) =>
  appEvents.emit('open-login', { reason: 'user', ...(emailAdr ? { emailAdr } : {}) });

/**
 * /invitation?token=… (open, from the invitation e-mail): who is invited to which institution,
 * then a password (with the policy checklist), its confirmation and the agreements. Accepting
 * activates the account; the log-in dialog opens with the e-mail filled in, and the first log-in
 * leads to completing the profile. An invalid, expired or used link says so and offers a way on.
 */
export function InvitationPage() {
  const { t } = useTranslation('users');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [accepted, setAccepted] = useState<string | null>(null);
  const invitation = useQuery({
    queryKey: userManagementKeys.invitation(token),
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled: token.length >= 20 && !accepted,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  useEffect(() => {
    if (accepted) openLogin(accepted);
  }, [accepted]);

  if (accepted) return <InvitationAccepted email={accepted} />;

  if (token.length >= 20 && invitation.isPending) return <PageFallback />;

  if (!invitation.data) {
    const problem = invitationProblem(invitation.error, token);
    return (
      <AccountPageFrame title={t('routes.invitation')} width="narrow">
        <Result
          status={problem === 'activated' ? 'info' : problem === 'failed' ? 'error' : 'warning'}
          title={t(`invitation.problems.${problem}.title`)}
          subTitle={t(`invitation.problems.${problem}.text`)}
          extra={[
            problem !== 'failed' ? (
              <Button key="login" type="primary" onClick={() => openLogin()}>
                {t('invitation.logIn')}
              </Button>
            ) : (
              <Button key="retry" type="primary" onClick={() => void invitation.refetch()}>
                {t('invitation.retry')}
              </Button>
            ),
            <ButtonLink key="home" to={HOME_PATH}>
              {t('invitation.backHome')}
            </ButtonLink>,
          ]}
        />
      </AccountPageFrame>
    );
  }

  return (
    <AccountPageFrame title={t('routes.invitation')} intro={t('invitation.intro')} width="narrow">
      <AcceptForm token={token} info={invitation.data} onAccepted={setAccepted} />
    </AccountPageFrame>
  );
}

/** The invitation accepted: the account is active, and the log-in dialog opens with its e-mail. */
function InvitationAccepted({ email }: { email: string }) {
  const { t } = useTranslation('users');
  return (
    <AccountPageFrame title={t('routes.invitation')} width="narrow">
      <Result
        status="success"
        title={t('invitation.acceptedTitle')}
        subTitle={t('invitation.acceptedText', { email })}
        extra={[
          <Button key="login" type="primary" onClick={() => openLogin(email)}>
            {t('invitation.logIn')}
          </Button>,
        ]}
      />
    </AccountPageFrame>
  );
}

function AcceptForm({
  token,
  info,
  onAccepted,
}: {
  token: string;
  info: InvitationInfo;
  onAccepted: (emailAdr: string) => void;
}) {
  const { t } = useTranslation('users');
  const [form] = Form.useForm<Values>();
  const withToken = (values: Record<string, unknown>) => ({ ...values, token });
  const { submit, saving } = useSchemaSubmit(
    form,
    ZAcceptInvitationRequest,
    async (body) => {
      await acceptInvitation(body);
      showToast({ type: 'success', content: t('invitation.acceptedToast') });
      onAccepted(info.emailAdr);
    },
    { prepare: withToken },
  );

  return (
    <>
      <Descriptions
        className="invitation__who"
        bordered
        size="small"
        column={1}
        items={[
          { key: 'name', label: t('fields.usrNm'), children: info.usrNm },
          { key: 'email', label: t('fields.emailAdr'), children: info.emailAdr },
          { key: 'institution', label: t('fields.institution'), children: info.instNm ?? '—' },
        ]}
      />
      <Form<Values>
        form={form}
        name="acceptInvitation"
        layout="vertical"
        className="invitation__form"
        initialValues={{ agreed: false }}
        onFinish={() => void submit()}
      >
        {/* The e-mail, for password managers to store the new password against. */}
        <input type="email" name="username" autoComplete="username" value={info.emailAdr} readOnly hidden />
        <NewPasswordFields form={form} schema={ZAcceptInvitationRequest} autoFocus />
        <AgreementConsent rule={schemaRule(ZAcceptInvitationRequest, 'agreed', withToken)} />
        <div className="form-actions form-actions--start">
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('invitation.submit')}
          </Button>
        </div>
      </Form>
    </>
  );
}
