/** Paths of the cooperation marketplace's pages (SPEC §2), shared by the route table, menus and links. */
export const RELEASE_PATH = '/release';
/** The publish flow (another feature's page); `?edit=<lgcSn>` edits a published request. */
export const PUBLISH_INFO_PATH = '/publishInfo';
export const COOPERATION_DETAIL_PATH = '/cooperationDetail';
export const MY_PUBLISH_PATH = '/userCenter/myPublish';
export const MY_ATTENTION_PATH = '/userCenter/myAttention';
export const MY_COOPERATION_PATH = '/userCenter/myCooperation';

/** The detail page of a request. */
export function detailPath(lgcSn: string): string {
  return `${COOPERATION_DETAIL_PATH}?lgcSn=${encodeURIComponent(lgcSn)}`;
}

/** The publish flow, editing a published request. */
export function editPath(lgcSn: string): string {
  return `${PUBLISH_INFO_PATH}?edit=${encodeURIComponent(lgcSn)}`;
}

/** My cooperation's Contracts tab, where an agreed intention's contract is uploaded and signed. */
export const MY_CONTRACTS_PATH = `${MY_COOPERATION_PATH}?tab=contracts`;
