import { apiPost } from '../../lib/api/api-client.ts';

export const FEEDBACK_SUBMIT_PATH = '/api/feedback/submit';

/** POST /api/feedback/submit as multipart/form-data: the text fields first, then the images. */
export async function submitFeedback(input: { text: string; emailAdr: string; images: readonly File[] }) {
  const { ZFeedbackReceipt } = await import('@portal/shared/schemas/content');
  const form = new FormData();
  form.append('text', input.text);
  form.append('emailAdr', input.emailAdr);
  for (const image of input.images) form.append('file', image, image.name);
  return apiPost(FEEDBACK_SUBMIT_PATH, {
    body: form,
    schema: ZFeedbackReceipt,
    // Ten images of 10 MB on a slow link need more than the default 30 s.
    timeoutMs: 5 * 60_000,
  });
}
