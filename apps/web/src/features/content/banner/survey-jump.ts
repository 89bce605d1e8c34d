/**
 * The survey jump (SPEC §2, §7 /qtn/checkEmail): the server checks the work e-mail for the
 * questionnaire and answers the questionnaire's address with the encrypted parameter string
 * already appended; the portal opens it in a new window.
 */
import { isSafeHttpsLink } from '@portal/shared/schemas/links';
import { checkQuestionnaireEmail } from '../content-api.ts';

export type JumpResult = { opened: true; url: string } | { opened: false; url: string };

/**
 * A questionnaire is opened only at an https:// address that passes the shared link rule
 * (isSafeLink): never a `javascript:` or other address, even one stored before the rule.
 */
export function assertQuestionnaireLink(url: string): void {
  if (!isSafeHttpsLink(url)) throw new Error('Unsafe questionnaire link');
}

/**
 * Opens the questionnaire in a new window without giving it access to this one. Returns false
 * when the browser blocked the window (the caller then offers a link to click).
 */
export function openQuestionnaireWindow(url: string): boolean {
  assertQuestionnaireLink(url);
  const opened = window.open(url, '_blank');
  if (!opened) return false;
  try {
    opened.opener = null;
  } catch {
    // Some browsers make opener read-only on cross-origin windows; the link still opened.
  }
  return true;
}

/** Checks the e-mail for the questionnaire, then opens it. Rejects as the API client does. */
export async function jumpToQuestionnaire(
  questionnaireId: string,
  emailAdr: string,
  options: { silent?: boolean } = {},
): Promise<JumpResult> {
  const result = await checkQuestionnaireEmail({ lgcSn: questionnaireId, emailAdr }, options);
  const url = result.qtnLnkAdr;
  return openQuestionnaireWindow(url) ? { opened: true, url } : { opened: false, url };
}
