import './drawer-scroll.css';
import type { DrawerProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * The drawer's own body does not scroll (`DRAWER_BODY_STYLES`); this region does, and it is
 * keyboard-focusable with a name, so a keyboard user can scroll a long application with the
 * arrow keys and a screen reader announces what the region holds (axe: scrollable-region-focusable).
 */
export const DRAWER_BODY_STYLES: DrawerProps['styles'] = {
  body: { padding: 0, overflow: 'hidden', display: 'flex', flexDirection: 'column' },
};

export function DrawerScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled
    <section className="drawer-scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
