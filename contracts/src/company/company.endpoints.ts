import { defineEndpoints, RULE_SETTINGS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZConflictBodySchema } from '../common/conflict.schemas.js';
import { ZCompanySchema, ZUpdateCompanySchema } from './company.schemas.js';
import { COMPANY_PATHS } from './company.paths.js';

/** The company's name and colours (docs/PRODUCT.md#company): decks wear them, settings holders change them. */
export const COMPANY_ENDPOINTS = defineEndpoints(COMPANY_PATHS, {
  getCompany: {
    summary: "The company's name, primary colour and accent colour",
    tag: 'company',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZCompanySchema },
  },
  updateCompany: {
    summary: "Change the company's name and colours (409 on a stale version)",
    tag: 'company',
    access: 'session',
    rule: RULE_SETTINGS,
    body: ZUpdateCompanySchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZCompanySchema, 409: ZConflictBodySchema },
  },
});
