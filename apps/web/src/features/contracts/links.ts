/** Links to the contract screens of one cooperation (the agreed intention addresses its contract). */
import type { Locale } from '@portal/shared';
import { PREVIEW_CONTRACT_PATH, SIGN_CONTRACT_PATH } from './paths.ts';

export function previewContractPath(intentionLgcSn: string): string {
  return `${PREVIEW_CONTRACT_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;
}

export function signContractPath(intentionLgcSn: string): string {
  return `${SIGN_CONTRACT_PATH}?id=${encodeURIComponent(intentionLgcSn)}`;
}

/**
 * A file the portal makes for download (the evidence report), in the language chosen in the
 * portal: a download link sends no `lang` header, so the address carries it.
 */
export function inLanguage(url: string, locale: Locale): string {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(locale)}`;
}

/** The contract as uploaded, before any signature (the file route answers it to whoever may preview). */
export function originalFileUrl(fileUrl: string): string {
  return `${fileUrl}${fileUrl.includes('?') ? '&' : '?'}version=original`;
}
