import { z } from 'zod';
import { defineEndpoints, SESSION_READ_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema, ZIsoDateSchema } from '../common/fields.schemas.js';
import { QUARTERS } from '../common/quarter.js';
import { PPTX_MEDIA_TYPE } from './deck.rules.js';
import { DECK_PATHS } from './decks.paths.js';

const RULE_EXPORT_SLIDES = 'export_slides';
const PPTX = { contentType: PPTX_MEDIA_TYPE, binary: true } as const;

/** The quarter as the COO View's picker shows it, lower case, and the day it shows (docs/PRODUCT.md#as-of), if not today. */
const ZDeckQuerySchema = z.strictObject({
  quarter: z.enum(QUARTERS, { error: 'A quarter is q1, q2, q3 or q4' }),
  asOf: ZIsoDateSchema.optional(),
});

/** Editable PowerPoint decks (docs/PRODUCT.md#deck), for those who may export slides. */
export const DECK_ENDPOINTS = defineEndpoints(DECK_PATHS, {
  getV2momDeck: {
    summary: "A V2MOM as an editable PowerPoint deck: vision and values, its methods' table, obstacles and a progress chart",
    tag: 'decks',
    access: 'session',
    rule: RULE_EXPORT_SLIDES,
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: PPTX, 404: ZErrorBodySchema },
  },
  getCooViewDeck: {
    summary: 'The COO View of a quarter, today or as of a day of this fiscal year, as an editable PowerPoint deck: the COO-tracked methods, their obstacles and progress per department',
    tag: 'decks',
    access: 'session',
    rule: RULE_EXPORT_SLIDES,
    query: ZDeckQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: PPTX },
  },
});
