/**
 * Managing accounts. Bank staff stop and re-enable any account or institution (back office);
 * an institution administrator invites, changes, stops, re-enables and deletes the general users
 * of their own institution (SPEC §1, §6, §8). The system administrator cannot be modified.
 *
 * Split by concern: the lists of accounts (account-lists.service.ts), invitations
 * (invitations.service.ts) and changing an account: stop, re-enable, change, delete
 * (account-changes.service.ts). This file composes them for the routes and the module.
 */
export {
  deleteInstitutionUser,
  recordsOfUser,
  setUserStatus,
  updateInstitutionUser,
} from './account-changes.service.ts';
export { exportUsers, listInstitutionUsers, listUsers } from './account-lists.service.ts';
export {
  acceptInvitation,
  INVITATION_TTL_DAYS,
  type Invitee,
  invitationInfo,
  inviteUser,
  sendInvitation,
  writeInvitation,
} from './invitations.service.ts';
