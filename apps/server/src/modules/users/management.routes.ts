import { ZEnvelope, ZPage } from '@portal/shared';
import {
  ZAcceptInvitationRequest,
  ZBackofficeInviteRequest,
  ZInstitutionUserUpdate,
  ZInvitationInfo,
  ZInvitationQuery,
  ZInviteRequest,
  ZManagedUser,
  ZRoleChangeRequest,
  ZStopRequest,
  ZUserListQuery,
} from '@portal/shared/schemas/user-management';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { CSV_RESPONSE, sendCsv } from '../../platform/csv.ts';
import { ok, type RouteApp } from '../../platform/respond.ts';
import { actorOf } from '../../platform/session.ts';
import {
  acceptInvitation,
  deleteInstitutionUser,
  exportUsers,
  invitationInfo,
  inviteUser,
  listInstitutionUsers,
  listUsers,
  setUserStatus,
  updateInstitutionUser,
} from './management.service.ts';
import { requirePasswordChange } from './password-change-required.ts';
import { changeRoles, inviteFromBackoffice, makeInstitutionAdmin } from './roles.service.ts';

// An empty (blank) user number reaches the service, which names it (PRT_USER_NUMBER_EMPTY).
const params = z.object({ lgcSn: z.string().trim().max(64) });
const done = ZEnvelope(z.null());

type ManagementDeps = { db: Db; config: Config };

const staff = { access: 'staff' as const };
const instAdmin = { access: 'institutionAdmin' as const };
const backTags = ['back office'];
const adminTags = ['institution users'];

/** Account management: bank staff over everyone (back office); institution administrators over their own users. */
export const managementRoutes: FastifyPluginAsyncZod<ManagementDeps> = async (app, deps) => {
  registerStaffAccountRoutes(app, deps);
  registerStaffRoleAndStopRoutes(app, deps);
  registerStaffEnableAndPasswordRoutes(app, deps);
  registerInstitutionUserRoutes(app, deps);
  registerInstitutionStopRoutes(app, deps);
  registerInstitutionRoleAndDeleteRoutes(app, deps);
  registerInvitationRoutes(app, deps);
};

/** Bank staff: search, export and invite accounts. */
function registerStaffAccountRoutes(app: RouteApp, { db, config }: ManagementDeps) {
  app.get(
    '/api/backend/users',
    {
      config: staff,
      schema: {
        operationId: 'listUsers',
        tags: backTags,
        summary: 'Search every account',
        querystring: ZUserListQuery,
        response: { 200: ZEnvelope(ZPage(ZManagedUser)) },
      },
    },
    async (request) => ok(request, await listUsers(db, request.query)),
  );
  app.get(
    '/api/backend/users/export',
    {
      config: staff,
      schema: {
        operationId: 'exportUsers',
        tags: backTags,
        summary: 'Every account matching the filters of the account list, as a CSV file',
        querystring: ZUserListQuery.omit({ pageNo: true, pageSize: true }),
        response: { 200: CSV_RESPONSE },
      },
    },
    async (request, reply) => {
      const { columns, rows } = await exportUsers(db, request.query, request.locale);
      return sendCsv(reply, 'accounts', columns, rows);
    },
  );
  app.post(
    '/api/backend/users/invite',
    {
      config: staff,
      schema: {
        operationId: 'inviteFromBackoffice',
        tags: backTags,
        summary:
          'The system administrator invites in-bank staff (role 50, with their branch) or a partner institution’s administrator (role 20)',
        body: ZBackofficeInviteRequest,
        response: { 200: ZEnvelope(z.object({ lgcSn: z.string() })) },
      },
    },
    async (request) =>
      ok(request, await inviteFromBackoffice(db, config, actorOf(request).user, request.body, request.ip)),
  );
}

/** Bank staff: set roles, stop an account. */
function registerStaffRoleAndStopRoutes(app: RouteApp, { db }: ManagementDeps) {
  app.post(
    '/api/backend/users/:lgcSn/roles',
    {
      config: staff,
      schema: {
        operationId: 'changeUserRoles',
        tags: backTags,
        summary: 'Set a user’s roles (never one’s own); audited, and the user’s sessions end',
        params,
        body: ZRoleChangeRequest,
        response: { 200: done },
      },
    },
    async (request) => {
      await changeRoles(db, actorOf(request).user, request.params.lgcSn, request.body, request.ip);
      return ok(request, null);
    },
  );
  app.post(
    '/api/backend/users/:lgcSn/stop',
    {
      config: staff,
      schema: {
        operationId: 'stopUser',
        tags: backTags,
        summary: 'Stop an account (ends its sessions)',
        params,
        body: ZStopRequest,
        response: { 200: done },
      },
    },
    async (request) => {
      await setUserStatus(
        db,
        actorOf(request).user,
        request.params.lgcSn,
        { stop: true, reason: request.body.reason },
        request.ip,
      );
      return ok(request, null);
    },
  );
}

/** Bank staff: re-enable an account, require a new password. */
function registerStaffEnableAndPasswordRoutes(app: RouteApp, { db }: ManagementDeps) {
  app.post(
    '/api/backend/users/:lgcSn/enable',
    {
      config: staff,
      schema: {
        operationId: 'enableUser',
        tags: backTags,
        summary: 'Re-enable a stopped account',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      await setUserStatus(db, actorOf(request).user, request.params.lgcSn, { stop: false }, request.ip);
      return ok(request, null);
    },
  );

  app.post(
    '/api/backend/users/:lgcSn/requirePasswordChange',
    {
      config: staff,
      schema: {
        operationId: 'requirePasswordChange',
        tags: backTags,
        summary: 'Require a new password at the next log-in (nfrcModPswdInd 1); ends the sessions of the account',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      await requirePasswordChange(db, actorOf(request).user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );
}

/** Institution administrators: list, invite and change their users. */
function registerInstitutionUserRoutes(app: RouteApp, { db, config }: ManagementDeps) {
  app.get(
    '/api/user/p1/institution/users',
    {
      config: instAdmin,
      schema: {
        operationId: 'listInstitutionUsers',
        tags: adminTags,
        summary: "The users of the administrator's own institution",
        querystring: ZUserListQuery.omit({ institution: true }),
        response: { 200: ZEnvelope(ZPage(ZManagedUser)) },
      },
    },
    async (request) => ok(request, await listInstitutionUsers(db, actorOf(request).user, request.query)),
  );
  app.post(
    '/api/user/p1/institution/users/invite',
    {
      // Any active user reaches the service, which answers PRT_NO_RIGHT_TO_INVITE to non-administrators.
      config: { access: 'active' },
      schema: {
        operationId: 'inviteInstitutionUser',
        tags: adminTags,
        summary: 'Invite a general user by e-mail (same region only for partner institutions)',
        body: ZInviteRequest,
        response: { 200: ZEnvelope(z.object({ lgcSn: z.string() })) },
      },
    },
    async (request) => ok(request, await inviteUser(db, config, actorOf(request).user, request.body, request.ip)),
  );
  app.post(
    '/api/user/p1/institution/users/:lgcSn/update',
    {
      config: instAdmin,
      schema: {
        operationId: 'updateInstitutionUser',
        tags: adminTags,
        summary: 'Change a user of the own institution',
        params,
        body: ZInstitutionUserUpdate,
        response: { 200: done },
      },
    },
    async (request) => {
      await updateInstitutionUser(db, actorOf(request).user, request.params.lgcSn, request.body, request.ip);
      return ok(request, null);
    },
  );
}

/** Institution administrators: stop and re-enable their users. */
function registerInstitutionStopRoutes(app: RouteApp, { db }: ManagementDeps) {
  app.post(
    '/api/user/p1/institution/users/:lgcSn/stop',
    {
      config: instAdmin,
      schema: {
        operationId: 'stopInstitutionUser',
        tags: adminTags,
        summary: 'Stop a user of the own institution',
        params,
        body: ZStopRequest,
        response: { 200: done },
      },
    },
    async (request) => {
      const admin = actorOf(request).user;
      await setUserStatus(
        db,
        admin,
        request.params.lgcSn,
        { stop: true, reason: request.body.reason },
        request.ip,
        admin,
      );
      return ok(request, null);
    },
  );
  app.post(
    '/api/user/p1/institution/users/:lgcSn/enable',
    {
      config: instAdmin,
      schema: {
        operationId: 'enableInstitutionUser',
        tags: adminTags,
        summary: 'Re-enable a user of the own institution',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      const admin = actorOf(request).user;
      await setUserStatus(db, admin, request.params.lgcSn, { stop: false }, request.ip, admin);
      return ok(request, null);
    },
  );
}

/** Institution administrators: make a user administrator, delete a user. */
function registerInstitutionRoleAndDeleteRoutes(app: RouteApp, { db }: ManagementDeps) {
  app.post(
    '/api/user/p1/institution/users/:lgcSn/make-admin',
    {
      config: instAdmin,
      schema: {
        operationId: 'makeInstitutionAdmin',
        tags: adminTags,
        summary: 'Make a user of the own institution an administrator too (audited; the user’s sessions end)',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      await makeInstitutionAdmin(db, actorOf(request).user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );
  app.post(
    '/api/user/p1/institution/users/:lgcSn/delete',
    {
      config: instAdmin,
      schema: {
        operationId: 'deleteInstitutionUser',
        tags: adminTags,
        summary: 'Delete a user of the own institution',
        params,
        response: { 200: done },
      },
    },
    async (request) => {
      await deleteInstitutionUser(db, actorOf(request).user, request.params.lgcSn, request.ip);
      return ok(request, null);
    },
  );
}

/** Invitations, reached by the invited person before they have an account. */
function registerInvitationRoutes(app: RouteApp, { db }: ManagementDeps) {
  app.get(
    '/api/user/p1/invitation',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getInvitation',
        tags: adminTags,
        summary: 'Who an invitation is for',
        querystring: ZInvitationQuery,
        response: { 200: ZEnvelope(ZInvitationInfo) },
      },
    },
    async (request) => ok(request, await invitationInfo(db, request.query.token)),
  );
  app.post(
    '/api/user/p1/invitation/accept',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'acceptInvitation',
        tags: adminTags,
        summary: 'Accept an invitation: set a password and agree; the account is activated (6)',
        body: ZAcceptInvitationRequest,
        response: { 200: done },
      },
    },
    async (request) => {
      await acceptInvitation(db, request.body, request.ip);
      return ok(request, null);
    },
  );
}
