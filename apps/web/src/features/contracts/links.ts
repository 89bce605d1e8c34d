/** Links to the contract screens of one cooperation (the agreed intention addresses its contract). */
import { PREVIEW_CONTRACT_PATH, SIGN_CONTRACT_PATH } from './paths.ts';

export function previewContractPath(intentionLgcSn: string): string {
  return `${PREVIEW_CONTRACT_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;
}

export function signContractPath(intentionLgcSn: string): string {
  return `${SIGN_CONTRACT_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;
}
