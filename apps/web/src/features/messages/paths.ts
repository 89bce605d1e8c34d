/** Paths of the message centre and of the request a message opens (no page imports). */
export const MESSAGE_CENTER_PATH = '/userCenter/messageCenter';
/** The cooperation request's detail page (SPEC §2 /cooperationDetail?lgcSn=…). */
export const COOPERATION_DETAIL_PATH = '/cooperationDetail';

export function cooperationDetailPath(lgcSn: string): string {
  return `${COOPERATION_DETAIL_PATH}?${new URLSearchParams({ lgcSn }).toString()}`;
}
