/**
 * Files: the contract of upload and download (SPEC §5 "attachments multiple, 10M each"; §7
 * /fileP1/upload, /fileP1/download). The server decides a file's type by its content; the
 * extensions below only filter the browser's file picker.
 * Light on purpose (no dictionaries): the web's upload field imports it.
 */
import { z } from 'zod';

/** Attachments: 10 MB each (SPEC §5, §9). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Files in one upload request, and introduction attachments on a profile. */
export const MAX_FILES_PER_UPLOAD = 5;
/** The file picker's filter for attachments (doc, docx, pdf, xls, xlsx, jpg, png, bmp). */
export const ATTACHMENT_EXTENSIONS = [
  '.doc',
  '.docx',
  '.pdf',
  '.xls',
  '.xlsx',
  '.jpg',
  '.jpeg',
  '.png',
  '.bmp',
] as const;

/**
 * What an upload is for; each purpose has its own types and size limit on the server.
 * `contentImage` / `contentDocument`: bank staff's images and PDFs for portal content (schemas/content.ts);
 * `feedback`: the feedback dialog's images (sent with POST /api/feedback/submit, not uploaded alone);
 * `sealImage` (PNG, at most 200 KB, square, transparent background) and `sealAuthorization` (PDF,
 * at most 10 MB): the two files of a seal application (schemas/seals.ts);
 * `contract`: a contract PDF (sent with POST /api/contracts/{intentionLgcSn}/upload, not uploaded alone).
 */
export const FILE_PURPOSES = [
  'attachment',
  'contentImage',
  'contentDocument',
  'feedback',
  'sealImage',
  'sealAuthorization',
  'contract',
] as const;
export const ZFilePurpose = z.enum(FILE_PURPOSES);
export type TFilePurpose = z.infer<typeof ZFilePurpose>;

/** Types a browser may show in a tab (the download's `?inline=1`); anything else is downloaded. */
export const PREVIEWABLE_MIME_TYPES: readonly string[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/bmp'];

export const ZFileInfo = z.object({
  lgcSn: z.string().describe('File id: download at /api/fileP1/download/{lgcSn}'),
  name: z.string().describe('The name it was uploaded with'),
  size: z.number().int().describe('Bytes'),
  mime: z.string().describe('The type found in its content'),
});
export type TFileInfo = z.infer<typeof ZFileInfo>;

export const ZUploadResult = z.object({ list: z.array(ZFileInfo) });
export type TUploadResult = z.infer<typeof ZUploadResult>;

export const ZDownloadQuery = z.object({
  inline: z.enum(['0', '1']).optional().describe('1 = show PDF and images in the browser instead of downloading'),
});
