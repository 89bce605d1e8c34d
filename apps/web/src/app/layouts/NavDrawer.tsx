import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from '../../components/class-names.ts';

/**
 * A phone's menu drawer (the portal's MenuDrawer, the back office's BackofficeMenuDrawer): from the
 * right, at most 320 px wide, a titled close button, its content unmounted once closed.
 */
export function NavDrawer({
  open,
  onClose,
  title,
  className,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="min(320px, 86vw)"
      title={title}
      closable={{ 'aria-label': t('a11y.closeMenu') }}
      className={classNames('nav-drawer', className)}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}
