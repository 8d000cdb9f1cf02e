import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateMeasureSchema, ZMeasureFeedSchema, ZMeasurePageQuerySchema, ZMeasurePageSchema, ZMeasureSchema, ZUpdateMeasureSchema } from './measure.schemas.js';
import { MEASURE_PATHS } from './measures.paths.js';
import { ZClosedYearBodySchema, ZItemConflictBodySchema } from '../v2moms/year-end.js';

export const MEASURE_ENDPOINTS = defineEndpoints(MEASURE_PATHS, {
  listMeasures: {
    summary: 'A page of measures by description, those whose description or V2MOM title holds the words `q` when given',
    tag: 'measures',
    access: 'session',
    query: ZMeasurePageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZMeasurePageSchema },
  },
  createMeasure: {
    summary: 'Add a measure to a V2MOM',
    tag: 'measures',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    body: ZCreateMeasureSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZMeasureSchema, 409: ZClosedYearBodySchema },
  },
  updateMeasure: {
    summary: 'Change a measure (409 when `version` is stale)',
    tag: 'measures',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateMeasureSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMeasureSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  feedMeasure: {
    summary: "Push a measure's current value (and status) from another system, with an API token; no version, the latest push wins",
    tag: 'measures',
    access: 'session',
    rule: `${RULE_OWNER_OR_STRUCTURE}; a token limited to one item only for that item`,
    feeds: 'measure',
    params: ZIdParamsSchema,
    body: ZMeasureFeedSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMeasureSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  deleteMeasure: {
    summary: 'Delete a measure',
    tag: 'measures',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
});
