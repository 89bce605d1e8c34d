import './survey-link.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { checkQuestionnaireEmail } from '../content-api.ts';
import { openQuestionnaireWindow } from './survey-jump.ts';

export const SURVEY_EMAIL_PARAM = 'emailAdr';
export const SURVEY_ID_PARAM = 'lgcSn';

/**
 * An e-mailed survey link (`?emailAdr=…&lgcSn=…`, SPEC §2) makes the same jump as a banner,
 * behind a full-screen "security authentication" loader: the e-mail is checked, the two
 * parameters leave the address bar, and the questionnaire opens, in a new window where the
 * browser allows one, else in this one (the reader came for it).
 */
export function SurveyLinkHost() {
  const { t } = useTranslation('content');
  const location = useLocation();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const emailAdr = params.get(SURVEY_EMAIL_PARAM)?.trim();
    const questionnaireId = params.get(SURVEY_ID_PARAM)?.trim();
    if (!emailAdr || !questionnaireId) return;
    const key = `${questionnaireId} ${emailAdr}`;
    if (handled.current === key) return;
    handled.current = key;

    params.delete(SURVEY_EMAIL_PARAM);
    params.delete(SURVEY_ID_PARAM);
    const rest = params.toString();
    const cleanPath = `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`;

    setChecking(true);
    checkQuestionnaireEmail({ lgcSn: questionnaireId, emailAdr }, { silent: true })
      .then((result) => {
        navigate(cleanPath, { replace: true });
        // Throws on an unsafe link (survey-jump.ts), which the catch below reports.
        if (!openQuestionnaireWindow(result.qtnLnkAdr)) window.location.assign(result.qtnLnkAdr);
      })
      .catch(() => {
        navigate(cleanPath, { replace: true });
        notifyError(t('survey.linkFailed'), 'survey-link');
      })
      .finally(() => setChecking(false));
  }, [location.search, location.pathname, location.hash, navigate, t]);

  if (!checking) return null;
  return (
    <div
      className="security-check"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="security-check-title"
      aria-describedby="security-check-text"
    >
      <div className="security-check__panel">
        <span className="spinner" aria-hidden="true" />
        <h2 id="security-check-title" className="security-check__title">
          {t('survey.securityCheck')}
        </h2>
        <p id="security-check-text" className="security-check__text">
          {t('survey.securityCheckText')}
        </p>
      </div>
    </div>
  );
}
