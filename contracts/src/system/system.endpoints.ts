import { z } from 'zod';
import { defineEndpoints, PUBLIC_READ_RESPONSES } from '../api/endpoint.js';
import { ZHealthSchema } from '../auth/auth.schemas.js';
import { SYSTEM_PATHS } from './system.paths.js';

export const SYSTEM_ENDPOINTS = defineEndpoints(SYSTEM_PATHS, {
  getHealth: {
    summary: 'Liveness and database reachability (503 when the database is unreachable)',
    tag: 'system',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: ZHealthSchema, 503: ZHealthSchema },
  },
  getOpenApiDocument: {
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'system',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: z.record(z.string(), z.unknown()) },
  },
  getApiReference: {
    summary: 'A readable reference of this API (HTML page of the bundled Scalar viewer)',
    tag: 'system',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: { contentType: 'text/html' } },
  },
  getApiReferenceScript: {
    summary: 'The reference viewer (Scalar), served from this origin',
    tag: 'system',
    access: 'public',
    responses: { ...PUBLIC_READ_RESPONSES, 200: { contentType: 'text/javascript' } },
  },
});
