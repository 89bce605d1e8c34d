import { message } from 'antd';
import { useEffect } from 'react';
import { setToastHandler, TOAST_DURATION_SECONDS, TOAST_TOP_OFFSET } from '../../lib/notify.ts';

/**
 * The one place a toast shows. Every toast takes this key, so a newer one replaces the one on
 * screen instead of stacking beside it: a red "verification code is incorrect" does not stay
 * beside the green "contract signed" that follows it (issue 26).
 */
export const TOAST_SLOT_KEY = 'portal-toast';

/**
 * Shows the toasts of the API client and chunk loader with antd's message, rendered inside the
 * ConfigProvider so they follow theme, locale and CSP nonce (SPEC §8: 6 s, offset 40), one at a time.
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage({ top: TOAST_TOP_OFFSET, duration: TOAST_DURATION_SECONDS, maxCount: 1 });
  useEffect(
    () =>
      setToastHandler((toast) => {
        void api.open({
          type: toast.type,
          content: toast.content,
          key: TOAST_SLOT_KEY,
          duration: TOAST_DURATION_SECONDS,
        });
      }),
    [api],
  );
  return holder;
}
