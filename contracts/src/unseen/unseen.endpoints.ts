import { defineEndpoints, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema } from '../common/fields.schemas.js';
import { ZMarkSeenSchema, ZSeenMarkSchema, ZUnseenChangesSchema, ZUnseenSummarySchema } from './unseen.schemas.js';
import { UNSEEN_PATHS } from './unseen.paths.js';

/** Whoever may read the V2MOM: every signed-in user (docs/PRODUCT.md#data-permissions); each person has their own marks. */
export const UNSEEN_ENDPOINTS = defineEndpoints(UNSEEN_PATHS, {
  listUnseenChanges: {
    summary: "Others' changes to a V2MOM since the caller last marked it seen; the first visit sets the mark",
    tag: 'unseen',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZUnseenChangesSchema, 404: ZErrorBodySchema },
  },
  markSeen: {
    summary: "Marks a V2MOM seen through one of its changes; the mark never moves back",
    tag: 'unseen',
    access: 'session',
    params: ZIdParamsSchema,
    body: ZMarkSeenSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZSeenMarkSchema, 404: ZErrorBodySchema },
  },
  getUnseenSummary: {
    summary: "Status changes, the largest progress moves and new obstacles since the caller's marks, over the V2MOMs they have visited",
    tag: 'unseen',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZUnseenSummarySchema },
  },
});
