import './feedback.css';
import { Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useRouteMeta } from '../../app/route-meta.ts';
import { lazyComponent } from '../../lib/lazy-page.ts';
import { useCurrentUser } from '../accounts/current-user.ts';
import { onOpenFeedback } from './open-feedback.ts';

const FeedbackDialog = lazyComponent(() => import('./FeedbackDialog.tsx'), 'FeedbackDialog');

/**
 * The feedback entry points (SPEC §2): a floating button on the pages of the main layout, and
 * `openFeedback()` for other links (the footer's); the dialog loads on first use. The button is
 * placed at the end of the body, so keyboard users meet the skip link and the page first.
 */
export function FeedbackHost() {
  const { t } = useTranslation('content');
  const meta = useRouteMeta();
  const current = useCurrentUser();
  const [state, setState] = useState({ open: false, mounted: false });

  useEffect(() => onOpenFeedback(() => setState({ open: true, mounted: true })), []);

  const email = current.status === 'user' ? current.user.emailAdr : undefined;
  return (
    <>
      {meta?.layout === 'main'
        ? createPortal(
            <button
              type="button"
              className="feedback-fab"
              data-track="feedback:open"
              onClick={() => setState({ open: true, mounted: true })}
              aria-haspopup="dialog"
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm2 4v2h12V8H6Zm0 4v2h8v-2H6Z"
                />
              </svg>
              <span>{t('feedback.trigger')}</span>
            </button>,
            document.body,
          )
        : null}
      {state.mounted ? (
        <Suspense fallback={null}>
          <FeedbackDialog
            open={state.open}
            initialEmail={email}
            onClose={() => setState((value) => ({ ...value, open: false }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
