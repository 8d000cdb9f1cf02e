import type { QueryKey } from '@tanstack/react-query';
import { commentKeys } from '../../lib/query-keys/comment-keys';
import { methodKeys } from '../../lib/query-keys/method-keys';
import { notificationKeys } from '../../lib/query-keys/notification-keys';
import { obstacleKeys } from '../../lib/query-keys/obstacle-keys';
import { taskKeys } from '../../lib/query-keys/task-keys';
import { teamKeys } from '../../lib/query-keys/team-keys';
import { trendKeys } from '../../lib/query-keys/trend-keys';
import { unseenKeys } from '../../lib/query-keys/unseen-keys';
import { v2momKeys } from '../../lib/query-keys/v2mom-keys';

/*
 * Which queries are live, apart from how a change reaches them (live-query-rules.ts): the query
 * client, on every route including /login, marks them stale after a write made while the socket
 * is down; kept apart so /login does not download the rules and the paged rows they place.
 */

/** The factories of live data, kept by entity:changed, comment:changed or in place (users and departments change outside V2MOMs; auth is the session). */
export const LIVE_FACTORIES = { v2momKeys, methodKeys, obstacleKeys, taskKeys, teamKeys, unseenKeys, trendKeys, notificationKeys, commentKeys };

/** Whether a query reads data that live events keep fresh. */
export function isLiveQuery(queryKey: QueryKey): boolean {
  return Object.values(LIVE_FACTORIES).some(({ all }) => all.every((part, index) => queryKey[index] === part));
}
