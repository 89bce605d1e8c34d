/**
 * Message centre (SPEC §3 Message, §4 message types, §7 queryMessageNum /
 * updateMessageStatusByLgcSn). Texts are rendered on the server in the reader's language from
 * the type and the names it refers to; the request name is shown as its publisher wrote it.
 * Light on purpose (no dictionaries): the header bell imports it.
 */
import { z } from 'zod';

/**
 * The six message types of SPEC §4:
 * - match: the system (or the bank) pushed a matching opportunity to the reader;
 * - intentionReceived: someone sent an intention on the reader's request;
 * - intentionRejected / intentionAgreed: the answer to an intention the reader's institution sent;
 * - requestPublished: an institution published a request (to bank staff);
 * - intentionReached: two parties reached an intention (to bank staff, who follow it to a contract).
 * Seals and contracts add: sealSubmitted (to the staff of the branch chosen to approve it),
 * sealApproved / sealRejected (to the applicant), contractUploaded and contractSigned (to the
 * other party's users).
 */
export const MESSAGE_TYPES = [
  'match',
  'intentionReceived',
  'intentionRejected',
  'intentionAgreed',
  'requestPublished',
  'intentionReached',
  'sealSubmitted',
  'sealApproved',
  'sealRejected',
  'contractUploaded',
  'contractSigned',
] as const;
export const ZMessageType = z.enum(MESSAGE_TYPES);
export type TMessageType = z.infer<typeof ZMessageType>;

export const ZMessageListQuery = z.object({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  type: ZMessageType.optional(),
  status: z.enum(['unread', 'read', 'all']).default('all'),
});
export type TMessageListQuery = z.infer<typeof ZMessageListQuery>;

export const ZMessageItem = z.object({
  lgcSn: z.string(),
  type: ZMessageType,
  /** The message text in the reader's language. */
  content: z.string(),
  status: z.enum(['unread', 'read']),
  publishDate: z.string().describe('When the message was created (ISO)'),
  requestLgcSn: z.string().nullable().describe('The request it is about; opening the message opens it'),
  requestName: z.string().nullable(),
  institutionName: z.string().nullable().describe('The other institution'),
  link: z.string().nullable().describe('For seals and contracts: the page that opening the message leads to'),
});
export type TMessageItem = z.infer<typeof ZMessageItem>;

export const ZUnreadCount = z.object({ num: z.number().int() });
export type TUnreadCount = z.infer<typeof ZUnreadCount>;

/** Mark the selected messages as read ("Please select unread messages first" when none is). */
export const ZMarkReadRequest = z.object({ lgcSns: z.array(z.string().min(1).max(64)).min(1).max(100) });

/** Server-sent events on /api/bthw/messages/stream: `event: unread`, `data: {"num":N}`. */
export const MESSAGE_STREAM_EVENT = 'unread';
