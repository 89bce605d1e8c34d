import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../lib/notify.ts';
import { EMAIL_CODE_RESEND_SECONDS, type EmailCodeType, type LoginCodeProof, sendEmailCode } from './accounts-api.ts';
import { type Countdown, useCountdown } from './useCountdown.ts';

type SendCodeButtonProps = {
  emailType: EmailCodeType;
  getEmail: () => Promise<string | null>;
  getProof?: () => Promise<LoginCodeProof | null>;
  onSent?: (emailAdr: string) => void;
  onSettled?: () => void;
  onFailed?: (error: unknown) => void;
  block?: boolean;
  primary?: boolean;
  /** A countdown shared with another button for the same code (the wait survives a re-render). */
  countdown?: Countdown;
};

/**
 * "Send code": sends an e-mail code and then waits (60 s, or what the server says) before it
 * can send again, counting down on the button (SPEC §4). `getEmail` validates the form's e-mail
 * field and returns it, or null when it is not valid (the field then shows why). A log-in code
 * also needs `getProof` (the password and picture code, or null when the form shows what is
 * missing); `onSettled` runs after every request that went out, sent or refused. With
 * `onFailed` the caller shows why a request was refused (the API client's toast is left out).
 */
export function SendCodeButton({
  emailType,
  getEmail,
  getProof,
  onSent,
  onSettled,
  onFailed,
  block = false,
  primary = false,
  countdown: sharedCountdown,
}: SendCodeButtonProps) {
  const { t } = useTranslation('accounts');
  const ownCountdown = useCountdown();
  const countdown = sharedCountdown ?? ownCountdown;
  const [sending, setSending] = useState(false);

  const send = async () => {
    const emailAdr = await getEmail();
    if (!emailAdr) return;
    const proof = getProof ? await getProof() : undefined;
    if (proof === null) return;
    setSending(true);
    try {
      const { resendAfterSeconds } = await sendEmailCode(emailAdr, emailType, proof, { silent: Boolean(onFailed) });
      countdown.start(resendAfterSeconds > 0 ? resendAfterSeconds : EMAIL_CODE_RESEND_SECONDS);
      showToast({ type: 'success', content: t('code.sent') });
      onSent?.(emailAdr);
    } catch (error) {
      // The caller, or else the API client's toast, says why (too soon, rate limited, wrong password...).
      onFailed?.(error);
    } finally {
      setSending(false);
      onSettled?.();
    }
  };

  return (
    <Button
      type={primary ? 'primary' : 'link'}
      block={block}
      onClick={send}
      loading={sending}
      disabled={countdown.running}
      className="send-code-button"
      aria-live="polite"
    >
      {countdown.running ? t('code.resendIn', { seconds: countdown.remaining }) : t('code.send')}
    </Button>
  );
}
