/**
 * Places in the layouts that features fill, by adding entries here:
 *
 * - HEADER_ACTIONS: right of the language switch, in order. The messages feature adds the bell
 *   with its unread badge (`{ id: 'messages', Component: MessageBell }`) before the account menu.
 * - BANNER: under the header on every route without `hiddenBanner` (the home carousel).
 * - GLOBAL_OVERLAYS: mounted once around every route, whatever its layout: global dialogs and
 *   the event handlers that open them (login, set password, agreement; later the feedback and
 *   cooperation-intention dialogs). Keep them small: load the dialogs themselves lazily. The
 *   home page's `?login=` (the server's redirect of a visitor) comes after the account dialogs,
 *   which it opens.
 *
 * Header actions and the banner may be lazy; each renders inside its own Suspense boundary.
 */
import type { ComponentType } from 'react';
import { AccountsHost } from '../../features/accounts/AccountsHost.tsx';
import { BannerCarousel } from '../../features/content/banner/BannerCarousel.tsx';
import { SurveyLinkHost } from '../../features/content/banner/SurveyLinkHost.tsx';
import { FeedbackHost } from '../../features/feedback/FeedbackHost.tsx';
import { TrackingHost } from '../../features/tracking/TrackingHost.tsx';
import { UncommonCharHost } from '../../features/uncommon-char/UncommonCharHost.tsx';
import { lazyComponent } from '../../lib/lazy-page.ts';
import { LoginRequestHost } from '../guards/useLoginRequest.ts';

export type HeaderAction = { id: string; Component: ComponentType };

const AccountMenu = lazyComponent(() => import('../../features/accounts/header/AccountMenu.tsx'), 'AccountMenu');
const MessageBell = lazyComponent(() => import('../../features/messages/MessageBell.tsx'), 'MessageBell');

export const HEADER_ACTIONS: readonly HeaderAction[] = [
  { id: 'messages', Component: MessageBell },
  { id: 'account', Component: AccountMenu },
];

/**
 * Eager, not lazy: the home's largest paint is the first banner image, and a chunk round trip
 * before its list request would delay it (about 4 KB gzipped, plain DOM, no antd).
 */
export const BANNER: ComponentType | null = BannerCarousel;

export const GLOBAL_OVERLAYS: readonly HeaderAction[] = [
  { id: 'accounts', Component: AccountsHost },
  { id: 'login-request', Component: LoginRequestHost },
  { id: 'tracking', Component: TrackingHost },
  { id: 'survey-link', Component: SurveyLinkHost },
  { id: 'feedback', Component: FeedbackHost },
  { id: 'uncommon-char', Component: UncommonCharHost },
];
