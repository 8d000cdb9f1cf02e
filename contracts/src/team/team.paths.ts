import { withOperationIds } from '../api/route-table.js';

export const TEAM_PATHS = /* @__PURE__ */ withOperationIds({
  getTeamProgress: { method: 'GET', path: '/api/team/progress' },
  listItemPage: { method: 'GET', path: '/api/items' },
  countItems: { method: 'GET', path: '/api/items/counts' },
  countTeamStatus: { method: 'GET', path: '/api/team/status-counts' },
});
