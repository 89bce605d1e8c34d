import { message } from 'antd';
import { useEffect } from 'react';
import { setToastHandler, TOAST_DURATION_SECONDS, TOAST_TOP_OFFSET } from '../../lib/notify.ts';

/**
 * Shows the toasts of the API client and chunk loader with antd's message, rendered inside the
 * ConfigProvider so they follow theme, locale and CSP nonce (SPEC §8: 6 s, offset 40).
 */
export function ToastBridge() {
  const [api, holder] = message.useMessage({ top: TOAST_TOP_OFFSET, duration: TOAST_DURATION_SECONDS, maxCount: 3 });
  useEffect(
    () =>
      setToastHandler((toast) => {
        void api.open({ type: toast.type, content: toast.content, key: toast.key, duration: TOAST_DURATION_SECONDS });
      }),
    [api],
  );
  return holder;
}
