import { type TApiTokenItemKind, type TApiTokenItemRef, type TEndpoint } from '@v2mom/contracts';
import { AppError } from '../../http/app-error.js';
import type { ApiTokenPrincipal } from './api-token-principal.js';

const BROWSER_ONLY = 'An API token cannot make this call: sign in to the app in a browser instead';
const READ_ONLY = 'This API token is read-only: it cannot change anything';

const FEED_PATHS: Record<TApiTokenItemKind, string> = { method: 'methods', measure: 'measures' };
/** Refused to a token limited to one item, for any call but its item's feed (docs/PRODUCT.md#numbers-pushed-in). */
function limitedTokenMessage(item: TApiTokenItemRef): string {
  return `This API token is limited to ${item.kind} ${item.id}: it can only push values with POST /api/${FEED_PATHS[item.kind]}/${item.id}/feed`;
}

/**
 * What a personal access token may call (docs/PRODUCT.md#api-tokens): any endpoint its owner may,
 * but those the catalogue marks `browserOnly`; a `read` token only those that change nothing; a
 * token limited to one item only the feed of that item's kind (its id is checked by `checkApiTokenItem`).
 * Its owner's own rights are checked after this, as for a session.
 */
export function checkApiTokenMayCall(endpoint: Pick<TEndpoint, 'method' | 'readOnly' | 'browserOnly' | 'feeds'>, token: ApiTokenPrincipal): void {
  if (endpoint.browserOnly) throw new AppError('forbidden', BROWSER_ONLY);
  if (token.item && endpoint.feeds !== token.item.kind) throw new AppError('forbidden', limitedTokenMessage(token.item));
  const changesNothing = endpoint.method === 'GET' || endpoint.readOnly === true;
  if (token.scope === 'read' && !changesNothing) throw new AppError('forbidden', READ_ONLY);
}

/** A token limited to one item feeds that item and no other of its kind. */
export function checkApiTokenItem(token: ApiTokenPrincipal, params: object | undefined): void {
  if (token.item && !(params && 'id' in params && params.id === token.item.id)) throw new AppError('forbidden', limitedTokenMessage(token.item));
}
