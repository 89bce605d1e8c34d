import { CONTRACT_MAX_BYTES } from '@portal/shared';

/**
 * What is wrong with a file picked as a PDF, before it is sent: not a PDF by its name or type, or
 * larger than 10 MB. The server decides by content.
 */
export function pdfFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | null {
  const named = file.name.toLowerCase().endsWith('.pdf');
  if (!named && file.type !== 'application/pdf') return 'type';
  if (file.size > CONTRACT_MAX_BYTES) return 'size';
  return null;
}
