import { defineEndpoints, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import {
  ZAcknowledgeFollowUpSchema,
  ZActiveRoundSchema,
  ZEndRoundSchema,
  ZFollowUpListSchema,
  ZFollowUpSchema,
  ZMoveRoundSchema,
  ZPastRoundListSchema,
  ZRoundCheckInResultSchema,
  ZRoundCheckInSchema,
  ZRoundMinutesSchema,
  ZRoundParamsSchema,
  ZRoundSchema,
  ZStartRoundSchema,
} from './round.schemas.js';
import { ROUND_PATHS } from './rounds.paths.js';

/** Who may run a round: whoever may open and present the COO View (docs/PRODUCT.md#the-check-in-round). */
export const RULE_COO_VIEW = 'Whoever may open the COO View (the admin role)';

/** The check-in round (docs/PRODUCT.md#the-check-in-round). */
export const ROUND_ENDPOINTS = defineEndpoints(ROUND_PATHS, {
  getActiveRound: {
    summary: 'The round under way, with the current department and who in it has checked in; null when none is',
    tag: 'rounds',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZActiveRoundSchema },
  },
  listPastRounds: {
    summary: 'The rounds that ended, newest first, each with how many checked in and how many follow-ups it raised',
    tag: 'rounds',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZPastRoundListSchema },
  },
  startRound: {
    summary: "Start a round through the departments with methods that year, the first department's owners told it is their turn (409 while another round is under way)",
    tag: 'rounds',
    access: 'session',
    rule: RULE_COO_VIEW,
    body: ZStartRoundSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZRoundSchema, 409: ZErrorBodySchema },
  },
  moveRound: {
    summary: "Skip to the next department or go back one; the new department's owners are told it is their turn (409 when stale)",
    tag: 'rounds',
    access: 'session',
    rule: RULE_COO_VIEW,
    params: ZRoundParamsSchema,
    body: ZMoveRoundSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZRoundSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  endRound: {
    summary: 'End the round: its minutes are kept and sent to its attendees (409 when stale)',
    tag: 'rounds',
    access: 'session',
    rule: RULE_COO_VIEW,
    params: ZRoundParamsSchema,
    body: ZEndRoundSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZRoundSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  checkInRound: {
    summary: "Check in one of one's methods in the round, during one's department's turn; an obstacle raised becomes a follow-up (409 when the method is stale)",
    tag: 'rounds',
    access: 'session',
    rule: "The method's owner, during their department's turn",
    params: ZRoundParamsSchema,
    body: ZRoundCheckInSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZRoundCheckInResultSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  getRoundMinutes: {
    summary: "An ended round's minutes: who checked in, what moved, the follow-ups",
    tag: 'rounds',
    access: 'session',
    params: ZRoundParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZRoundMinutesSchema, 404: ZErrorBodySchema },
  },
  listMyFollowUps: {
    summary: "The signed-in person's follow-ups not yet acknowledged, soonest due first",
    tag: 'rounds',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZFollowUpListSchema },
  },
  acknowledgeFollowUp: {
    summary: "Acknowledge one's follow-up: it leaves My Methods (409 when stale)",
    tag: 'rounds',
    access: 'session',
    rule: "The follow-up's owner",
    params: ZRoundParamsSchema,
    body: ZAcknowledgeFollowUpSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZFollowUpSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
});
