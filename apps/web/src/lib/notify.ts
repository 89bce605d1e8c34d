/**
 * Toasts raised outside React (API client, chunk loader). The shell registers the handler that
 * shows them with antd's message inside the ConfigProvider (so they carry the CSP nonce and
 * the current theme); until then they are queued.
 */
export const TOAST_DURATION_SECONDS = 6;
export const TOAST_TOP_OFFSET = 40;

export type ToastType = 'error' | 'warning' | 'success' | 'info';
export type Toast = {
  type: ToastType;
  content: string;
  /** Toasts with the same key replace each other instead of stacking (defaults to the content). */
  key?: string;
};
export type ToastHandler = (toast: Toast) => void;

const MAX_QUEUED = 5;
let handler: ToastHandler | null = null;
const queue: Toast[] = [];

export function setToastHandler(next: ToastHandler): () => void {
  handler = next;
  for (const toast of queue.splice(0)) next(toast);
  return () => {
    if (handler === next) handler = null;
  };
}

export function showToast(toast: Toast): void {
  const keyed = { ...toast, key: toast.key ?? toast.content };
  if (handler) {
    handler(keyed);
    return;
  }
  if (queue.some((queued) => queued.key === keyed.key)) return;
  queue.push(keyed);
  if (queue.length > MAX_QUEUED) queue.shift();
}

export function notifyError(content: string, key?: string): void {
  showToast({ type: 'error', content, ...(key ? { key } : {}) });
}

/** Tests: forgets the handler and the queued toasts, so none reaches the next test's handler. */
export function resetToastState(): void {
  handler = null;
  queue.length = 0;
}
