import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsPhone } from '../../lib/responsive.ts';

/**
 * The state of a phone's menu drawer (the portal's header, the back office's bar): whether this is
 * a phone, the menu's id for `aria-controls`, whether it is open, and whether it has been opened
 * once (the drawer's module is loaded then, and stays mounted so it can animate closed). It closes
 * on navigation and when the window grows past a phone's width.
 */
export function usePhoneMenu() {
  const phone = useIsPhone();
  const { pathname } = useLocation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on navigation and on leaving the phone layout
  useEffect(() => setOpen(false), [pathname, phone]);
  return {
    phone,
    id,
    open,
    used,
    show: () => {
      setUsed(true);
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}
