import type { TEndpoint } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { ApiTokenPrincipal } from './api-token-principal.js';

const BROWSER_ONLY = 'An API token cannot make this call: sign in to the app in a browser instead';
const READ_ONLY = 'This API token is read-only: it cannot change anything';

/**
 * What a personal access token may call (docs/PRODUCT.md#api-tokens): any endpoint its owner may,
 * but those the catalogue marks `browserOnly`; a `read` token only those that change nothing.
 * Its owner's own rights are checked after this, as for a session.
 */
export function checkApiTokenMayCall(endpoint: Pick<TEndpoint, 'method' | 'readOnly' | 'browserOnly'>, token: ApiTokenPrincipal): void {
  if (endpoint.browserOnly) throw new AppError('forbidden', BROWSER_ONLY);
  const changesNothing = endpoint.method === 'GET' || endpoint.readOnly === true;
  if (token.scope === 'read' && !changesNothing) throw new AppError('forbidden', READ_ONLY);
}
