import { withOperationIds } from '../api/route-table.js';

export const ROUND_PATHS = /* @__PURE__ */ withOperationIds({
  getActiveRound: { method: 'GET', path: '/api/rounds/active' },
  listPastRounds: { method: 'GET', path: '/api/rounds' },
  startRound: { method: 'POST', path: '/api/rounds' },
  moveRound: { method: 'POST', path: '/api/rounds/{id}/move' },
  endRound: { method: 'POST', path: '/api/rounds/{id}/end' },
  checkInRound: { method: 'POST', path: '/api/rounds/{id}/check-ins' },
  getRoundMinutes: { method: 'GET', path: '/api/rounds/{id}/minutes' },
  listMyFollowUps: { method: 'GET', path: '/api/follow-ups/mine' },
  acknowledgeFollowUp: { method: 'POST', path: '/api/follow-ups/{id}/acknowledge' },
});
