/**
 * Places in the layouts that features fill, by adding entries here:
 *
 * - HEADER_ACTIONS: right of the language switch, in order. The messages feature adds the bell
 *   with its unread badge (`{ id: 'messages', Component: MessageBell }`) before the account menu.
 * - BANNER: under the header on every route without `hiddenBanner` (the home carousel).
 * - GLOBAL_OVERLAYS: mounted once around every route, whatever its layout: global dialogs and
 *   the event handlers that open them (login, set password, agreement; later the feedback and
 *   cooperation-intention dialogs). Keep them small: load the dialogs themselves lazily.
 *
 * Header actions and the banner may be lazy; each renders inside its own Suspense boundary.
 */
import type { ComponentType } from 'react';
import { AccountsHost } from '../../features/accounts/AccountsHost.tsx';
import { lazyComponent } from '../../lib/lazy-page.ts';

export type HeaderAction = { id: string; Component: ComponentType };

const AccountMenu = lazyComponent(() => import('../../features/accounts/header/AccountMenu.tsx'), 'AccountMenu');

export const HEADER_ACTIONS: readonly HeaderAction[] = [{ id: 'account', Component: AccountMenu }];

export const BANNER: ComponentType | null = null;

export const GLOBAL_OVERLAYS: readonly HeaderAction[] = [{ id: 'accounts', Component: AccountsHost }];
