import type { TCaptcha } from '@portal/shared/schemas/accounts';
import { useTranslation } from 'react-i18next';

/** The picture code as a button: pressing it (click, Enter, Space) fetches a new picture. */
export function CaptchaImage({
  captcha,
  loading,
  onRefresh,
}: {
  captcha: TCaptcha | null;
  loading: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      disabled={loading}
      title={t('login.refreshCaptcha')}
      aria-label={t('login.refreshCaptcha')}
      data-testid="captcha-image"
    >
      {captcha ? (
        <img src={captcha.base64Image} alt={t('login.captchaAlt')} width={120} height={40} />
      ) : (
        <span className="captcha-image__placeholder">
          {loading ? t('login.captchaLoading') : t('login.captchaRetry')}
        </span>
      )}
    </button>
  );
}
