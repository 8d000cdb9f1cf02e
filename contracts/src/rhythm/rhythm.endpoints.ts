import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZRhythmSchema, ZUpdateRhythmSchema } from './rhythm.schemas.js';
import { RHYTHM_PATHS } from './rhythm.paths.js';

/** The company's rhythm (docs/PRODUCT.md#rhythm): every screen reads it, settings holders change it. */
export const RHYTHM_ENDPOINTS = defineEndpoints(RHYTHM_PATHS, {
  getRhythm: {
    summary: "The company's check-in day and time, time zone, and COO meeting day and time",
    tag: 'rhythm',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZRhythmSchema },
  },
  updateRhythm: {
    summary: "Change the company's rhythm; reminders and digests follow it from then (409 on a stale version)",
    tag: 'rhythm',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZUpdateRhythmSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZRhythmSchema, 409: ZConflictBodySchema },
  },
});
