import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api/api-error.ts';
import { useCountdown } from '../accounts/useCountdown.ts';

/** SPEC §9: a code can be sent again after 60 s (unless the server says otherwise). */
export const CODE_RESEND_SECONDS = 60;
/** SPEC §9: e-mailed codes have 4 characters. */
export const CODE_LENGTH = 4;

export type CodeFieldProps = {
  /** The code typed (a form field's value). */
  value?: string;
  onChange?: (value: string) => void;
  /** Sends (or sends again) the code; resolves to the seconds before the next one may be asked. */
  onSend: () => Promise<number>;
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean | 'true' | 'false';
};

/**
 * The seconds a "too soon" answer says to wait: `data.seconds` when the server sends it, else the
 * number in its message ("…in 42 seconds", "…42 秒后…").
 */
export function waitSecondsOf(data: unknown, message: string): number | null {
  const seconds = data !== null && typeof data === 'object' ? (data as { seconds?: unknown }).seconds : undefined;
  if (typeof seconds === 'number' && seconds > 0) return Math.ceil(seconds);
  const inMessage = Number(/\d+/.exec(message)?.[0]);
  return inMessage > 0 && inMessage <= 3600 ? inMessage : null;
}

/**
 * An e-mailed code: the 4-character box and a "Send code" button that then counts down the wait
 * before it can send again (60 s, or what the server says: a PRT_RESEND_TOO_SOON answer carries
 * the seconds left). Used inside a `Form.Item`. Texts of the `seals` namespace.
 */
export function CodeField({ value, onChange, onSend, id, disabled = false, ...aria }: CodeFieldProps) {
  const { t } = useTranslation('seals');
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    setSending(true);
    try {
      const seconds = await onSend();
      countdown.start(seconds > 0 ? seconds : CODE_RESEND_SECONDS);
      setSent(true);
    } catch (error) {
      // The API client has shown why; a "too soon" answer still says how long to wait.
      if (isApiError(error) && error.code === 'PRT_RESEND_TOO_SOON') {
        countdown.start(waitSecondsOf(error.data, error.message) ?? CODE_RESEND_SECONDS);
        setSent(true);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Space.Compact block className="code-field">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        maxLength={CODE_LENGTH}
        autoComplete="one-time-code"
        spellCheck={false}
        placeholder={t('code.placeholder')}
        disabled={disabled}
        className="code-field__input"
        {...aria}
      />
      <Button onClick={() => void send()} loading={sending} disabled={disabled || countdown.running}>
        <span aria-live="polite">
          {countdown.running
            ? t('code.resendIn', { seconds: countdown.remaining })
            : sent
              ? t('code.resend')
              : t('code.send')}
        </span>
      </Button>
    </Space.Compact>
  );
}
