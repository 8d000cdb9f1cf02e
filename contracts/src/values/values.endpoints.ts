import { defineEndpoints, RULE_OWNER_OR_STRUCTURE, SESSION_WRITE_RESPONSES, RULE_STRUCTURE } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateValueSchema, ZUpdateValueSchema, ZValueSchema } from './value.schemas.js';
import { VALUE_PATHS } from './values.paths.js';
import { ZClosedYearBodySchema, ZItemConflictBodySchema } from '../v2moms/year-end.js';

export const VALUE_ENDPOINTS = defineEndpoints(VALUE_PATHS, {
  createValue: {
    summary: 'Add a value to a V2MOM',
    tag: 'values',
    access: 'session',
    rule: RULE_STRUCTURE,
    body: ZCreateValueSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZValueSchema, 409: ZClosedYearBodySchema },
  },
  updateValue: {
    summary: 'Change a value (409 when `version` is stale)',
    tag: 'values',
    access: 'session',
    rule: RULE_OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateValueSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZValueSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
  deleteValue: {
    summary: 'Delete a value (methods stop linking it)',
    tag: 'values',
    access: 'session',
    rule: RULE_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema, 409: ZItemConflictBodySchema },
  },
});
