import { API_ENDPOINTS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { now } from '../../server-clock.js';
import type { Mailer } from '../email/mailer.js';
import { acknowledgeFollowUp, listMyFollowUps } from './follow-ups.service.js';
import { checkInRound } from './round-check-in.service.js';
import { endRound, getRoundMinutes } from './round-minutes.js';
import { getActiveRound, listPastRounds, moveRound, startRound } from './rounds.service.js';

/**
 * The check-in round (docs/PRODUCT.md#the-check-in-round). Each write's row goes out right after
 * its commit, to the sockets allowed to see the round and the COO View's meeting-room screens: the round's on a
 * start, move or end, the person's place in the turn on a check-in (whose method row goes out as
 * every method write's does).
 */
export function roundsRoutes(router: ApiRouter, mailer: Mailer): void {
  route(router, API_ENDPOINTS.getActiveRound, ({ em, user }) => getActiveRound(em, user));
  route(router, API_ENDPOINTS.listPastRounds, ({ em }) => listPastRounds(em));
  route(router, API_ENDPOINTS.getRoundMinutes, ({ em, params }) => getRoundMinutes(em, params.id));
  route(router, API_ENDPOINTS.startRound, async ({ em, live, body, loadUser }) => {
    const round = await startRound(em, await loadUser(), body, now());
    live.roundChanged(round);
    return round;
  });
  route(router, API_ENDPOINTS.moveRound, async ({ em, live, params, body, loadUser }) => {
    const round = await moveRound(em, await loadUser(), params.id, body);
    live.roundChanged(round);
    return round;
  });
  route(router, API_ENDPOINTS.endRound, async ({ em, live, params, body, loadUser }) => {
    const followers = await live.followersOf({ kind: 'coo-view' });
    const round = await endRound(em, await loadUser(), params.id, body, now(), followers, mailer.settings);
    live.roundChanged(round);
    return round;
  });
  route(router, API_ENDPOINTS.checkInRound, async ({ em, live, user, params, body }) => {
    const { position, department, ...written } = await checkInRound(em, user, params.id, body, now());
    live.roundCheckedIn({ roundId: params.id, position, participant: written.result.participant }, department);
    return written;
  });
  route(router, API_ENDPOINTS.listMyFollowUps, ({ em, user }) => listMyFollowUps(em, user));
  route(router, API_ENDPOINTS.acknowledgeFollowUp, async ({ em, params, body, loadUser }) => acknowledgeFollowUp(em, await loadUser(), params.id, body.version, now()));
}
