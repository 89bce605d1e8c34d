/**
 * The files API (`/api/fileP1/...`, SPEC §7), typed by the shared contract. Uploads go as
 * multipart/form-data: the text fields first, then the files (the server decides who may upload
 * when the first file arrives).
 */
import { type TFileInfo, type TFilePurpose, ZUploadResult } from '@portal/shared/schemas/files';
import { apiPost, withSignal } from '../../lib/api/api-client.ts';
import { type ApiPath, fillPath } from '../../lib/api/api-paths.ts';

const BASE = '/api/fileP1';

/** A visitor registering proves the address with its (already checked) registration code. */
export type RegistrantProof = { emailAdr: string; emailCode: string };

export async function uploadFiles(
  files: readonly Blob[],
  options: { purpose: TFilePurpose; registrant?: RegistrantProof | null; signal?: AbortSignal },
): Promise<TFileInfo[]> {
  const form = new FormData();
  form.append('purpose', options.purpose);
  if (options.registrant) {
    form.append('emailAdr', options.registrant.emailAdr);
    form.append('emailCode', options.registrant.emailCode);
  }
  for (const file of files) form.append('file', file, file instanceof File ? file.name : 'file');
  const result = await apiPost(`${BASE}/upload`, {
    body: form,
    schema: ZUploadResult,
    mask: false,
    // Large files on slow links: the 30 s default is too short for 10 MB.
    timeoutMs: 5 * 60_000,
    ...withSignal(options.signal),
  });
  return result.list;
}

/** Where a file is downloaded (as an attachment) or, with `inline`, shown in the browser. */
export function fileUrl(lgcSn: string, inline = false): string {
  const path = fillPath(`${BASE}/download/{lgcSn}` satisfies ApiPath<'get'>, { lgcSn });
  return `${path}${inline ? '?inline=1' : ''}`;
}

/** "850 KB", "1.2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
}
