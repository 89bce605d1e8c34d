import type { OpportunityDetail } from '../cooperation-api.ts';

/** Why the reader cannot send an intention, or null when they can. */
export function sendBlockedReason(
  detail: Pick<OpportunityDetail, 'canSendIntention' | 'myIntention'> & {
    item: Pick<OpportunityDetail['item'], 'isMine' | 'status'>;
  },
): 'mine' | 'alreadySent' | 'notEffective' | 'unavailable' | null {
  if (detail.canSendIntention) return null;
  if (detail.item.isMine) return 'mine';
  if (detail.myIntention) return 'alreadySent';
  if (detail.item.status !== 'effective') return 'notEffective';
  return 'unavailable';
}
