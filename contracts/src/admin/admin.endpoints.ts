import { z } from 'zod';
import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateDepartmentRequestSchema, ZDepartmentSchema, ZUpdateDepartmentRequestSchema } from '../users/department.schemas.js';
import { ADMIN_PATHS } from './admin.paths.js';
import { ZAdminUserPageQuerySchema, ZAdminUserPageSchema } from './admin-user-page.js';
import {
  ZAdminUserSchema,
  ZAuditListSchema,
  ZAuditQuerySchema,
  ZCreateUserRequestSchema,
  ZTemporaryPasswordResponseSchema,
  ZUpdateUserRequestSchema,
} from './admin.schemas.js';

export const ADMIN_ENDPOINTS = defineEndpoints(ADMIN_PATHS, {
  listAdminUserPage: {
    summary:
      'A page of the People table by name: accounts with role, capabilities, active and last sign-in; ' +
      '?q= finds name, username or department, ?active=, ?role=, ?departmentId= filter',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    query: ZAdminUserPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAdminUserPageSchema },
  },
  createUser: {
    summary: 'Create an account; the answer carries its temporary password, once (409 when the username is taken)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZCreateUserRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZTemporaryPasswordResponseSchema, 409: ZErrorBodySchema },
  },
  updateUser: {
    summary:
      "Edit a person's name, department, role or capabilities (409 on a stale version, or when it would leave nobody with settings); " +
      'a change of role, capabilities or department closes their sockets',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    body: ZUpdateUserRequestSchema,
    // A stale version's 409 names who changed the account; the last holder's carries only the message.
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZAdminUserSchema, 404: ZErrorBodySchema, 409: z.union([ZConflictBodySchema, ZErrorBodySchema]) },
  },
  resetUserPassword: {
    summary: 'Give a person a new temporary password (answered once); their sessions end',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZTemporaryPasswordResponseSchema, 404: ZErrorBodySchema },
  },
  deactivateUser: {
    summary:
      'Deactivate an account: its sessions end and its sockets close at once, it cannot sign in, what it owns stays ' +
      '(409 for oneself or the last holder of settings)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZAdminUserSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  reactivateUser: {
    summary: 'Let a deactivated account sign in again',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZAdminUserSchema, 404: ZErrorBodySchema },
  },
  createDepartment: {
    summary: 'Add a department, a team of another when `parentId` is given, with its head (400 naming the field for a parent or head refused; 409 when the name is taken)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZCreateDepartmentRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZDepartmentSchema, 409: ZErrorBodySchema },
  },
  updateDepartment: {
    summary: 'Rename a department, move it under another or to the top, or change its head; every screen shows the new name (400 naming the field for a parent making a cycle or a head refused; 409 on a stale version or a taken name)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    body: ZUpdateDepartmentRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZDepartmentSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  deleteDepartment: {
    summary: 'Delete a department nobody belongs to and with no teams (409 with who or which still do otherwise)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  listAudit: {
    summary: 'The audit log, newest first (?personId= for what one person did or underwent, ?limit=)',
    tag: 'admin',
    access: 'session',
    rule: RULE_SETTINGS,
    query: ZAuditQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAuditListSchema },
  },
});
