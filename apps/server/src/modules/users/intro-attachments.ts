/**
 * A user's introduction attachments (`profile.introAttachments`): the profile's field is this
 * module's, the attaching and describing is the files module's generic claimAttachments/describeFiles.
 */
import type { Locale } from '@portal/shared';
import type { TFileInfo } from '@portal/shared/schemas/files';
import type { Db } from '../../db/database.ts';
import { claimAttachments, describeFiles } from '../files/index.ts';

const INTRO_ATTACHMENTS_FIELD = 'profile.introAttachments';

/**
 * Attaches a profile's introduction attachments to its user, inside the caller's transaction.
 * Each listed file must exist, be the registrant's upload (`registrantEmail`, not attached yet)
 * or the user's own (owned, or attached to them already), and be an attachment; otherwise
 * PRT_VALIDATION on `profile.introAttachments`.
 */
export async function attachIntroAttachments(
  trx: Db,
  input: {
    lgcSns: readonly string[];
    user: { id: number; lgcSn: string };
    registrantEmail?: string;
    locale: Locale;
  },
): Promise<void> {
  await claimAttachments(trx, {
    owner: { kind: 'user', lgcSn: input.user.lgcSn },
    by: { userId: input.user.id, registrantEmail: input.registrantEmail },
    lgcSns: input.lgcSns,
    field: INTRO_ATTACHMENTS_FIELD,
    locale: input.locale,
  });
}

/**
 * Names and sizes of a user's introduction attachments, in the profile's order. Only files
 * attached to that user are described (an id that is not one is skipped).
 */
export async function describeAttachments(db: Db, userLgcSn: string, lgcSns: unknown): Promise<TFileInfo[]> {
  return describeFiles(db, { kind: 'user', lgcSn: userLgcSn }, lgcSns);
}
