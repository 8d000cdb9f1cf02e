import { defineEndpoints, PUBLIC_READ_RESPONSES, PUBLIC_WRITE_RESPONSES, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZUserSchema } from '../users/user.schemas.js';
import { AUTH_PATHS } from './auth.paths.js';
import {
  ZAccountSessionListSchema,
  ZChangePasswordRequestSchema,
  ZEndSessionsResponseSchema,
  ZSessionHandleParamsSchema,
  ZUpdateProfileRequestSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZLogoutResponseSchema,
  ZSessionSchema,
  ZSsoConfigSchema,
} from './auth.schemas.js';

export const AUTH_ENDPOINTS = defineEndpoints(AUTH_PATHS, {
  getSession: {
    summary: 'Whether the request carries a live session',
    tag: 'auth',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: ZSessionSchema },
  },
  getCurrentUser: {
    summary: 'The signed-in user with role and capabilities',
    tag: 'auth',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZUserSchema },
  },
  login: {
    summary: 'Sign in; sets the session cookie (401 on bad credentials, 429 when throttled)',
    tag: 'auth',
    access: 'public',
    browserOnly: true,
    body: ZLoginRequestSchema,
    responses: { ...PUBLIC_WRITE_RESPONSES, 200: ZLoginResponseSchema, 401: ZErrorBodySchema, 429: ZErrorBodySchema },
  },
  logout: {
    summary: 'Sign out; ends the server-side session and clears the cookie',
    tag: 'auth',
    access: 'public',
    browserOnly: true,
    responses: { ...PUBLIC_WRITE_RESPONSES, 200: ZLogoutResponseSchema },
  },
  changePassword: {
    summary:
      "Change one's own password; ends the user's other sessions and their sockets, this one stays signed in " +
      '(400 when the current password is wrong, 429 when throttled like login)',
    tag: 'auth',
    access: 'session',
    browserOnly: true,
    body: ZChangePasswordRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 429: ZErrorBodySchema },
  },
  getSsoConfig: {
    summary: "Whether single sign-on is on, and the provider's name the login page shows",
    tag: 'auth',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: ZSsoConfigSchema },
  },
  updateProfile: {
    summary: "Change one's own name (409 when the account changed since it was read)",
    tag: 'auth',
    access: 'session',
    body: ZUpdateProfileRequestSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZUserSchema, 409: ZConflictBodySchema },
  },
  listSessions: {
    summary: "The signed-in user's live sessions: device, created, last seen, which one is this one",
    tag: 'auth',
    access: 'session',
    browserOnly: true,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAccountSessionListSchema },
  },
  endSession: {
    summary: "Sign out one of one's own sessions and close its sockets (404 for a handle that names none of them)",
    tag: 'auth',
    access: 'session',
    browserOnly: true,
    params: ZSessionHandleParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema },
  },
  endOtherSessions: {
    summary: "Sign out everywhere else: every session of the user but this one ends, with its sockets",
    tag: 'auth',
    access: 'session',
    browserOnly: true,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZEndSessionsResponseSchema },
  },
});
