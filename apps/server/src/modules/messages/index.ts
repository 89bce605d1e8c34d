/**
 * The messages module's public face: what other modules may use. Nothing else of this folder is
 * to be imported from outside it.
 *
 * - `postMessages(trx, messages)`: writes messages in the caller's transaction; the users' open
 *   streams hear of them after the commit (never on a rollback).
 * - `postMessageToUsers(trx, { type, userIds, requestId, institutionId })`: one kind of message to
 *   many users in one statement (matching, manual pushes), told the same way.
 * - `staffRecipients(db)`: the ids of the users who get the bank's messages (active staff).
 * - `NewMessage`, `MessageType`: the shape of a message to write.
 * - `messageRoutes`: the message centre, unread count and stream (/api/bthw/messages/...), for app.ts.
 *
 * Both writing functions need a transaction opened by `inTransaction` (db/transaction.ts), which
 * runs the after-commit hooks; with a plain `db.transaction()` they throw instead of forgetting.
 */
export type { MessageToUsers, MessageType, NewMessage } from './messages.repository.ts';
export { messageRoutes } from './messages.routes.ts';
export { postMessages, postMessageToUsers, staffRecipients } from './messages.service.ts';
