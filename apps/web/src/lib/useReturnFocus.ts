import { useEffect, useState } from 'react';

/**
 * For a dialog that its page mounts to open and unmounts to close (`{open ? <Dialog /> : null}`):
 * antd gives the focus back to the opener only after its closing animation, which an unmounted
 * dialog never plays, so the focus would fall to the page's body. This remembers what had the
 * focus when the dialog first rendered (the button that opened it) and, once the dialog is gone,
 * gives it back — unless the person has moved on, or the opener left the page meanwhile.
 */
export function useReturnFocus(): void {
  // Read during the first render: the dialog's own effects move the focus into it before ours run.
  const [opener] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  useEffect(
    () => () => {
      if (!(opener instanceof HTMLElement) || opener === document.body || !opener.isConnected) return;
      const active = document.activeElement;
      // The dialog's nodes are gone or going: the focus is on the body, or still inside them.
      const lost = !active || active === document.body || !active.isConnected || active.closest('[role="dialog"]');
      if (lost) opener.focus();
    },
    [opener],
  );
}

/**
 * `useReturnFocus` for a dialog written in place (`{deleting ? <><ReturnFocus /><Modal open … /></> : null}`):
 * rendered before the dialog, beside it, so it sees the opener before the dialog takes the focus.
 */
export function ReturnFocus(): null {
  useReturnFocus();
  return null;
}
