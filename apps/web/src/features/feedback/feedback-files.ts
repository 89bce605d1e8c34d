/**
 * Client-side checks of the feedback images (SPEC §5: at most 10, jpg png bmp jpeg pjpeg jfif,
 * 10 MB each). The server checks the same again by content; these only save a wasted upload.
 */
import type { TFunction } from 'i18next';

/** Mirrors FEEDBACK_IMAGE_* of the contract (not imported: the dialog stays light). */
export const FEEDBACK_MAX_IMAGES = 10;
export const FEEDBACK_MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const FEEDBACK_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.bmp', '.pjpeg', '.jfif'] as const;
const FEEDBACK_MIME_TYPES = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp', 'image/x-bmp'];

export type FileProblem = { kind: 'badType' | 'tooLarge'; name: string } | { kind: 'tooMany' };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

/** The problem with one file, or null. A file with an unknown MIME type is judged by its name. */
export function checkFeedbackImage(file: Pick<File, 'name' | 'size' | 'type'>): FileProblem | null {
  const extensionOk = (FEEDBACK_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  const mimeOk = file.type === '' || FEEDBACK_MIME_TYPES.includes(file.type.toLowerCase());
  if (!extensionOk || !mimeOk) return { kind: 'badType', name: file.name };
  if (file.size > FEEDBACK_MAX_IMAGE_BYTES) return { kind: 'tooLarge', name: file.name };
  return null;
}

/**
 * Splits newly picked files into those accepted (up to the remaining room) and the problems
 * to show.
 */
export function acceptFeedbackImages<F extends Pick<File, 'name' | 'size' | 'type'>>(
  picked: readonly F[],
  alreadyChosen: number,
): { accepted: F[]; problems: FileProblem[] } {
  const accepted: F[] = [];
  const problems: FileProblem[] = [];
  let tooMany = false;
  for (const file of picked) {
    const problem = checkFeedbackImage(file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    if (alreadyChosen + accepted.length >= FEEDBACK_MAX_IMAGES) {
      tooMany = true;
      continue;
    }
    accepted.push(file);
  }
  if (tooMany) problems.push({ kind: 'tooMany' });
  return { accepted, problems };
}

export function describeProblem(problem: FileProblem, t: TFunction<'content'>): string {
  if (problem.kind === 'tooMany') return t('feedback.tooMany', { max: FEEDBACK_MAX_IMAGES });
  if (problem.kind === 'tooLarge') return t('feedback.tooLarge', { name: problem.name });
  return t('feedback.badType', { name: problem.name });
}
