import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { administered } from '../admin/admin-access.js';
import { createApiToken, listAllApiTokens, listOwnApiTokens, revokeAnyApiToken, revokeOwnApiToken } from './api-tokens.service.js';

/**
 * Personal access tokens (docs/PRODUCT.md#api-tokens): each person makes, lists and revokes their
 * own; settings holders list and revoke anyone's. Requests made with a token are read by
 * api-token-principal.ts.
 */
export function apiTokensRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listApiTokens, ({ em, user }) => listOwnApiTokens(em, user, now()));
  route(router, API_ENDPOINTS.createApiToken, ({ em, user, body }) => createApiToken(em, user, body, now()));
  route(router, API_ENDPOINTS.revokeApiToken, ({ em, user, params }) => revokeOwnApiToken(em, user, params.id, now()));
  route(router, API_ENDPOINTS.listAllApiTokens, administered(({ em }) => listAllApiTokens(em, now())));
  route(router, API_ENDPOINTS.revokeAnyApiToken, administered(({ em, user, params }) => revokeAnyApiToken(em, user, params.id, now())));
}
