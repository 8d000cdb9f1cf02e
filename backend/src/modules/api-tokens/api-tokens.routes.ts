import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import { administered } from '../admin/admin-access.js';
import { createApiToken, listAllApiTokens, listOwnApiTokens, revokeAnyApiToken, revokeOwnApiToken } from './api-tokens.service.js';

/**
 * Personal access tokens (docs/PRODUCT.md#api-tokens): each person makes, lists and revokes their
 * own; settings holders list and revoke anyone's. Requests made with a token are read by
 * api-token-principal.ts. Each change, once committed, tells its owner's open screens and settings
 * holders' (docs/PRODUCT.md#live-events).
 */
export function apiTokensRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listApiTokens, ({ em, user }) => listOwnApiTokens(em, user, now()));
  route(router, API_ENDPOINTS.createApiToken, async ({ em, live, user, body, loadUser }) => {
    const token = await createApiToken(em, await loadUser(), body, now());
    live.apiTokensChanged(user.id);
    return token;
  });
  route(router, API_ENDPOINTS.revokeApiToken, async ({ em, live, user, params, loadUser }) => {
    const token = await revokeOwnApiToken(em, await loadUser(), params.id, now());
    live.apiTokensChanged(user.id);
    return token;
  });
  route(router, API_ENDPOINTS.listAllApiTokens, administered(({ em }) => listAllApiTokens(em, now())));
  route(
    router,
    API_ENDPOINTS.revokeAnyApiToken,
    administered(async ({ em, live, params, loadUser }) => {
      const token = await revokeAnyApiToken(em, await loadUser(), params.id, now());
      live.apiTokensChanged(token.owner.id);
      return token;
    }),
  );
}
