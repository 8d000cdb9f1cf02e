import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import {
  ZApiTokenListSchema,
  ZApiTokenParamsSchema,
  ZApiTokenSchema,
  ZCreateApiTokenSchema,
  ZCreatedApiTokenSchema,
  ZOwnedApiTokenListSchema,
  ZOwnedApiTokenSchema,
} from './api-token.schemas.js';
import { API_TOKEN_PATHS } from './api-tokens.paths.js';

/**
 * Personal access tokens (docs/PRODUCT.md#api-tokens): each person makes and revokes their own,
 * settings holders list and revoke anyone's. Managed from a signed-in browser only, so a token
 * can neither make another nor outlive its own revocation.
 */
export const API_TOKEN_ENDPOINTS = defineEndpoints(API_TOKEN_PATHS, {
  listApiTokens: {
    summary: "The caller's own API tokens, newest first, with their scope, expiry and last use; never a secret",
    tag: 'apiTokens',
    access: 'session',
    browserOnly: true,
    responses: { ...SESSION_READ_RESPONSES, 200: ZApiTokenListSchema },
  },
  createApiToken: {
    summary:
      'Make an API token for oneself, read only or read and write, for up to a year, optionally limited to pushing values into one method or measure the caller may update (403 otherwise, 404 for none); its secret is in this answer only',
    tag: 'apiTokens',
    access: 'session',
    browserOnly: true,
    body: ZCreateApiTokenSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZCreatedApiTokenSchema, 404: ZErrorBodySchema },
  },
  revokeApiToken: {
    summary: "Revoke one of one's own API tokens: it answers 401 from now on (404 for a token that is not the caller's)",
    tag: 'apiTokens',
    access: 'session',
    browserOnly: true,
    params: ZApiTokenParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZApiTokenSchema, 404: ZErrorBodySchema },
  },
  listAllApiTokens: {
    summary: "Everyone's API tokens, newest first, with their owner",
    tag: 'apiTokens',
    access: 'session',
    rule: RULE_SETTINGS,
    browserOnly: true,
    responses: { ...SESSION_READ_RESPONSES, 200: ZOwnedApiTokenListSchema },
  },
  revokeAnyApiToken: {
    summary: "Revoke anyone's API token",
    tag: 'apiTokens',
    access: 'session',
    rule: RULE_SETTINGS,
    browserOnly: true,
    params: ZApiTokenParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZOwnedApiTokenSchema, 404: ZErrorBodySchema },
  },
});
