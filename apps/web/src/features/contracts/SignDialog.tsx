import { type TContractView, type TPlacement, ZSignRequest } from '@portal/shared/schemas/contracts';
import type { TUsableSeal } from '@portal/shared/schemas/seals';
import { Alert, Button, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.tsx';
import { isApiError } from '../../lib/api/api-error.ts';
import { showToast } from '../../lib/notify.ts';
import { useReturnFocus } from '../../lib/useReturnFocus.ts';
import { useCountdown } from '../accounts/useCountdown.ts';
import { sendSignCode, signContract } from './contracts-api.ts';
import { pagesOf } from './placement.ts';

/** SPEC §9: an e-mail code can be sent again after 60 s. */
const RESEND_SECONDS = 60;
const CODE_LENGTH = 4;
/** Errors about the code: shown at the code field, the dialog stays. */
const CODE_ERRORS = ['PRT_CODE_INCORRECT', 'PRT_CODE_EXPIRED', 'PRT_CODE_EMPTY'];

/** The seconds to wait that a PRT_RESEND_TOO_SOON answer carries (in `data`, else in its message). */
function waitSeconds(data: unknown, message: string): number {
  const seconds = (data as { seconds?: unknown } | null)?.seconds;
  if (typeof seconds === 'number' && seconds > 0) return seconds;
  const inText = /(\d+)/.exec(message)?.[1];
  return inText ? Number(inText) : RESEND_SECONDS;
}

type SigningProps = {
  intentionLgcSn: string;
  placements: readonly TPlacement[];
  seals: readonly TUsableSeal[];
  onClose: () => void;
  onSigned: (view: TContractView) => void;
  onRefused: () => void;
};

/** The code (sent, then 60 s before another) and signing with it. */
function useSigning({ intentionLgcSn, placements, onSigned, onRefused }: SigningProps) {
  const { t } = useTranslation('contracts');
  // Its page mounts it to open and unmounts it to close: the focus goes back to the opener.
  useReturnFocus();
  const countdown = useCountdown();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [signing, setSigning] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const { resendAfterSeconds } = await sendSignCode(intentionLgcSn);
      countdown.start(resendAfterSeconds > 0 ? resendAfterSeconds : RESEND_SECONDS);
      setSent(true);
      showToast({ type: 'success', content: t('sign.codeSent') });
    } catch (error) {
      if (isApiError(error) && error.code === 'PRT_RESEND_TOO_SOON') {
        countdown.start(waitSeconds(error.data, error.message));
        setSent(true);
      }
    } finally {
      setSending(false);
    }
  };

  const confirm = async () => {
    const checked = ZSignRequest.shape.code.safeParse(code);
    if (!checked.success || checked.data.length !== CODE_LENGTH) {
      setCodeError(t('sign.codeRequired'));
      return;
    }
    setSigning(true);
    try {
      onSigned(await signContract(intentionLgcSn, { code: checked.data, placements: [...placements] }));
    } catch (error) {
      if (!isApiError(error)) return;
      if (CODE_ERRORS.includes(error.code)) setCodeError(error.message);
      else if (error.code !== 'PRT_VALIDATION' && error.status >= 400 && error.status < 500) onRefused();
    } finally {
      setSigning(false);
    }
  };

  const changeCode = (value: string) => {
    setCode(value);
    setCodeError(null);
  };
  return { t, countdown, code, codeError, sending, signing, sent, send, confirm, changeCode };
}

/**
 * Signing: what will be stamped (n seals on pages …), the code e-mailed to the signer ("Send
 * code", then 60 s before another), and Confirm. `onSigned` gets the contract as signed;
 * `onRefused` is told when the server refuses for a reason the page must show (already signed,
 * not confirmed, a seal no longer usable).
 */
export function SignDialog(props: SigningProps) {
  const { placements, seals, onClose } = props;
  const signing = useSigning(props);
  const { t } = signing;
  const pages = pagesOf(placements);
  const usedSeals = seals.filter((seal) => placements.some((placement) => placement.sealLgcSn === seal.lgcSn));

  return (
    <FormDialog
      title={t('sign.dialogTitle')}
      okText={t('sign.confirm')}
      cancelText={t('actions.cancel')}
      saving={signing.signing}
      onOk={() => void signing.confirm()}
      onClose={onClose}
      width={560}
    >
      <div className="confirm-dialog__text">
        <p>{t('sign.summary', { count: placements.length, pages: pages.join(', ') })}</p>
        <ul className="sign-dialog__seals">
          {usedSeals.map((seal) => (
            <li key={seal.lgcSn}>
              {seal.sealName} <span className="cell-stack__sub">({seal.sealNo})</span> ×{' '}
              {placements.filter((placement) => placement.sealLgcSn === seal.lgcSn).length}
            </li>
          ))}
        </ul>
        <Alert type="info" showIcon title={t('sign.final')} />
      </div>
      <CodeField signing={signing} />
    </FormDialog>
  );
}

/** The e-mailed code, "Send code" (then the seconds before another) and why the code is wrong. */
function CodeField({ signing }: { signing: ReturnType<typeof useSigning> }) {
  const { t, code, codeError, countdown, sending, sent, send, confirm } = signing;
  return (
    <>
      <label className="sign-dialog__label" htmlFor="sign-code">
        {t('sign.codeLabel')}
      </label>
      <div className="sign-dialog__code">
        <Input
          id="sign-code"
          value={code}
          maxLength={CODE_LENGTH}
          autoComplete="one-time-code"
          status={codeError ? 'error' : undefined}
          aria-invalid={codeError ? true : undefined}
          aria-describedby="sign-code-help"
          onChange={(event) => signing.changeCode(event.target.value.trim())}
          onPressEnter={() => void confirm()}
        />
        <Button onClick={() => void send()} loading={sending} disabled={countdown.running} aria-live="polite">
          {countdown.running
            ? t('sign.resendIn', { seconds: countdown.remaining })
            : sent
              ? t('sign.resendCode')
              : t('sign.sendCode')}
        </Button>
      </div>
      <p id="sign-code-help" className={codeError ? 'sign-dialog__help is-error' : 'sign-dialog__help'}>
        {codeError ?? t('sign.codeHint')}
      </p>
    </>
  );
}
