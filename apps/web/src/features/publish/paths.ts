/** Paths of the publish flow and the drafts page (SPEC §2). */
export const PUBLISH_PATH = '/publishInfo';
export const MY_DRAFT_PATH = '/userCenter/myDraft';
/** The Business Opportunities list (another feature's page). */
export const OPPORTUNITIES_PATH = '/release';
const COOPERATION_DETAIL_PATH = '/cooperationDetail';

export type PublishTarget = { category?: string; choice?: string; draft?: string; edit?: string };

/** `/publishInfo` with the step and the draft or request it resumes. */
export function publishPath(target: PublishTarget = {}): string {
  const params = new URLSearchParams();
  for (const key of ['category', 'choice', 'draft', 'edit'] as const) {
    const value = target[key];
    if (value) params.set(key, value);
  }
  const query = params.toString();
  return query ? `${PUBLISH_PATH}?${query}` : PUBLISH_PATH;
}

export function cooperationDetailPath(lgcSn: string): string {
  return `${COOPERATION_DETAIL_PATH}?lgcSn=${encodeURIComponent(lgcSn)}`;
}
