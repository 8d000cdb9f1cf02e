import { defineEndpoints, SESSION_READ_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema } from '../common/fields.schemas.js';
import { ZCheckInPageSchema, ZCheckInQuerySchema, ZObstacleHistorySchema, ZTrendsRequestSchema, ZTrendsSchema } from './check-in.schemas.js';
import { CHECK_IN_PATHS } from './checkins.paths.js';
import { ZAsOfQuerySchema, ZAsOfSchema } from './as-of.schemas.js';

/** Read by whoever may read the method's V2MOM (docs/PRODUCT.md#data-permissions, #approval); a hidden draft's method answers 404. */
export const CHECK_IN_ENDPOINTS = defineEndpoints(CHECK_IN_PATHS, {
  listCheckIns: {
    summary: "A method's check-ins, newest first, a page at a time",
    tag: 'checkins',
    access: 'session',
    params: ZIdParamsSchema,
    query: ZCheckInQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZCheckInPageSchema, 404: ZErrorBodySchema },
  },
  listMethodObstacleHistory: {
    summary: 'The obstacles linked to a method and those resolved while linked to it, with when',
    tag: 'checkins',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZObstacleHistorySchema, 404: ZErrorBodySchema },
  },
  getMethodTrends: {
    summary: "Methods' progress and status at the end of each of the last weeks",
    tag: 'checkins',
    access: 'session',
    body: ZTrendsRequestSchema,
    // A POST for its list of ids (up to a page's rows, 200), too long for a query string; it changes nothing.
    readOnly: true,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTrendsSchema },
  },
  getAsOf: {
    summary: 'The COO-tracked methods, or a V2MOM’s methods and measures, as they were at the end of a day of this fiscal year, and what changed since an earlier day',
    tag: 'checkins',
    access: 'session',
    query: ZAsOfQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZAsOfSchema, 404: ZErrorBodySchema },
  },
});
