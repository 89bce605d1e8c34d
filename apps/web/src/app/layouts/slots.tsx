/**
 * Places in the main layout that later features fill, by adding entries here:
 *
 * - HEADER_ACTIONS: right of the language switch, in order. The messages feature adds the bell
 *   with its unread badge, the accounts feature the login button / user dropdown, e.g.
 *   `{ id: 'account', Component: lazy(() => import('../../features/accounts/AccountMenu.tsx')
 *   .then((m) => ({ default: m.AccountMenu }))) }`.
 * - BANNER: under the header on every route without `hiddenBanner` (the home carousel).
 *
 * Components may be lazy; each renders inside its own Suspense boundary.
 */
import type { ComponentType } from 'react';

export type HeaderAction = { id: string; Component: ComponentType };

export const HEADER_ACTIONS: readonly HeaderAction[] = [];

export const BANNER: ComponentType | null = null;
