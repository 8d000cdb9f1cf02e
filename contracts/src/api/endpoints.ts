import { z } from 'zod';
import { ZChatRequestSchema, ZChatResponseSchema, ZInsightsResponseSchema } from '../assistant/chat.schemas.js';
import {
  ZChangePasswordRequestSchema,
  ZHealthSchema,
  ZLoginRequestSchema,
  ZLoginResponseSchema,
  ZLogoutResponseSchema,
  ZSessionSchema,
} from '../auth/auth.schemas.js';
import { ZDeleteQuerySchema, ZIdParamsSchema, ZMessageResponseSchema } from '../common/fields.schemas.js';
import { ZCreateMeasureSchema, ZMeasureListSchema, ZMeasureSchema, ZUpdateMeasureSchema } from '../measures/measure.schemas.js';
import { ZCreateMethodSchema, ZUpdateMethodSchema } from '../methods/method-write.schemas.js';
import { ZMethodDetailSchema, ZMethodListSchema, ZMethodSchema } from '../methods/method.schemas.js';
import { ZCreateObstacleSchema, ZObstacleSchema, ZUpdateObstacleSchema } from '../obstacles/obstacle.schemas.js';
import {
  ZCreateTaskSchema,
  ZTaskIdParamsSchema,
  ZTaskListSchema,
  ZTaskSchema,
  ZTaskUserParamsSchema,
  ZUpdateTaskSchema,
} from '../tasks/task.schemas.js';
import { ZTeamProgressSchema } from '../team/team.schemas.js';
import { ZDepartmentListSchema } from '../users/department.schemas.js';
import { ZUserListSchema, ZUserSchema } from '../users/user.schemas.js';
import { ZNewV2momDocumentSchema, ZV2momDocumentSchema } from '../v2moms/v2mom-document.schemas.js';
import {
  ZCreateV2momSchema,
  ZUpdateV2momSchema,
  ZV2momCompleteSchema,
  ZV2momListSchema,
  ZV2momSchema,
  ZV2momWithWorkListSchema,
} from '../v2moms/v2mom.schemas.js';
import { ZCreateValueSchema, ZUpdateValueSchema, ZValueListSchema, ZValueSchema } from '../values/value.schemas.js';

/**
 * The catalogue of every HTTP call the API answers (spec section 7 plus DECISIONS.md), with the
 * contracts schemas of its input and of its success response. The server's OpenAPI document and
 * reference page are generated from it, and the backend's authorization matrix and fuzz tests
 * walk it, so an endpoint added here is documented and tested by construction.
 */

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type THttpMethod = (typeof HTTP_METHODS)[number];

/** Areas, as in STYLE.md; each becomes an OpenAPI tag. */
export const API_TAGS = [
  'auth',
  'v2moms',
  'values',
  'methods',
  'obstacles',
  'measures',
  'tasks',
  'team',
  'users',
  'departments',
  'assistant',
  'system',
] as const;
export type TApiTag = (typeof API_TAGS)[number];

export interface TEndpointResponse {
  status: number;
  /** JSON body; absent for non-JSON answers (the HTML reference page). */
  schema?: z.ZodType;
  /** Defaults to application/json. */
  contentType?: string;
}

export interface TEndpoint {
  method: THttpMethod;
  /** OpenAPI style: `/api/methods/{id}`. */
  path: string;
  summary: string;
  tag: TApiTag;
  /** `public` answers without a session; `session` answers 401 without one. */
  access: 'public' | 'session';
  /** Who may call it beyond being signed in, in words (the rules live in auth/permissions.ts). */
  rule?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  response: TEndpointResponse;
}

const OWNER_OR_STRUCTURE = "The V2MOM's owner, or manage_structure";
const STRUCTURE = 'manage_structure (admin and user roles)';

/** Keyed by operation id; the key is also the OpenAPI `operationId`. */
export const API_ENDPOINTS = {
  // --- system -------------------------------------------------------------------------------
  getHealth: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database reachability (503 when the database is unreachable)',
    tag: 'system',
    access: 'public',
    response: { status: 200, schema: ZHealthSchema },
  },
  getOpenApiDocument: {
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This API as an OpenAPI 3.1 document',
    tag: 'system',
    access: 'public',
    response: { status: 200, schema: z.record(z.string(), z.unknown()) },
  },
  getApiReference: {
    method: 'GET',
    path: '/api/docs',
    summary: 'A readable reference page of this API (HTML)',
    tag: 'system',
    access: 'public',
    response: { status: 200, contentType: 'text/html' },
  },

  // --- auth ---------------------------------------------------------------------------------
  getSession: {
    method: 'GET',
    path: '/api/auth/session',
    summary: 'Whether the request carries a live session',
    tag: 'auth',
    access: 'public',
    response: { status: 200, schema: ZSessionSchema },
  },
  getCurrentUser: {
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user with role and capabilities',
    tag: 'auth',
    access: 'session',
    response: { status: 200, schema: ZUserSchema },
  },
  login: {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in; sets the session cookie (401 on bad credentials, 429 when throttled)',
    tag: 'auth',
    access: 'public',
    body: ZLoginRequestSchema,
    response: { status: 200, schema: ZLoginResponseSchema },
  },
  logout: {
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out; ends the server-side session and clears the cookie',
    tag: 'auth',
    access: 'public',
    response: { status: 200, schema: ZLogoutResponseSchema },
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password',
    summary:
      "Change one's own password; ends the user's other sessions and their sockets, this one stays signed in " +
      '(400 when the current password is wrong, 429 when throttled like login)',
    tag: 'auth',
    access: 'session',
    body: ZChangePasswordRequestSchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- v2moms -------------------------------------------------------------------------------
  listV2moms: {
    method: 'GET',
    path: '/api/v2moms',
    summary: 'Every V2MOM without its children, with owner',
    tag: 'v2moms',
    access: 'session',
    response: { status: 200, schema: ZV2momListSchema },
  },
  listV2momsComplete: {
    method: 'GET',
    path: '/api/v2moms/complete',
    summary: 'Every V2MOM with its methods and obstacles, in order',
    tag: 'v2moms',
    access: 'session',
    response: { status: 200, schema: ZV2momWithWorkListSchema },
  },
  getV2momComplete: {
    method: 'GET',
    path: '/api/v2moms/{id}/complete',
    summary: 'One V2MOM with values, methods, obstacles and measures, in order',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZV2momCompleteSchema },
  },
  listV2momValues: {
    method: 'GET',
    path: '/api/v2moms/{id}/values',
    summary: 'The values of a V2MOM, in order',
    tag: 'v2moms',
    access: 'session',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZValueListSchema },
  },
  createV2mom: {
    method: 'POST',
    path: '/api/v2moms',
    summary: 'Create a V2MOM (for another owner: manage_structure)',
    tag: 'v2moms',
    access: 'session',
    rule: 'admin and user roles; another userId needs manage_structure',
    body: ZCreateV2momSchema,
    response: { status: 201, schema: ZV2momSchema },
  },
  createV2momComplete: {
    method: 'POST',
    path: '/api/v2moms/complete',
    summary: 'Create a V2MOM with its values, methods and obstacles in one transaction',
    tag: 'v2moms',
    access: 'session',
    rule: 'admin and user roles; children need manage_structure',
    body: ZNewV2momDocumentSchema,
    response: { status: 201, schema: ZV2momCompleteSchema },
  },
  updateV2mom: {
    method: 'PUT',
    path: '/api/v2moms/{id}',
    summary: 'Change a V2MOM (409 when `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateV2momSchema,
    response: { status: 200, schema: ZV2momSchema },
  },
  saveV2momComplete: {
    method: 'PUT',
    path: '/api/v2moms/{id}/complete',
    summary: 'Save the whole V2MOM document in one transaction (409 when `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: `${OWNER_OR_STRUCTURE}; adding or removing children needs manage_structure`,
    params: ZIdParamsSchema,
    body: ZV2momDocumentSchema,
    response: { status: 200, schema: ZV2momCompleteSchema },
  },
  deleteV2mom: {
    method: 'DELETE',
    path: '/api/v2moms/{id}',
    summary: 'Delete a V2MOM and everything in it (409 when the optional `version` is stale)',
    tag: 'v2moms',
    access: 'session',
    rule: 'manage_structure',
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- values -------------------------------------------------------------------------------
  createValue: {
    method: 'POST',
    path: '/api/values',
    summary: 'Add a value to a V2MOM',
    tag: 'values',
    access: 'session',
    rule: STRUCTURE,
    body: ZCreateValueSchema,
    response: { status: 201, schema: ZValueSchema },
  },
  updateValue: {
    method: 'PUT',
    path: '/api/values/{id}',
    summary: 'Change a value (409 when `version` is stale)',
    tag: 'values',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateValueSchema,
    response: { status: 200, schema: ZValueSchema },
  },
  deleteValue: {
    method: 'DELETE',
    path: '/api/values/{id}',
    summary: 'Delete a value (methods stop linking it)',
    tag: 'values',
    access: 'session',
    rule: STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- methods ------------------------------------------------------------------------------
  listMethods: {
    method: 'GET',
    path: '/api/methods/all',
    summary: 'Every method with owner, V2MOM, linked method and current quarter measure',
    tag: 'methods',
    access: 'session',
    response: { status: 200, schema: ZMethodListSchema },
  },
  listCooTrackedMethods: {
    method: 'GET',
    path: '/api/methods/coo-tracking',
    summary: 'The methods marked for COO tracking',
    tag: 'methods',
    access: 'session',
    response: { status: 200, schema: ZMethodListSchema },
  },
  getMethodComplete: {
    method: 'GET',
    path: '/api/methods/{id}/complete',
    summary: 'One method with linked values, obstacles and the methods linking to it',
    tag: 'methods',
    access: 'session',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZMethodDetailSchema },
  },
  createMethod: {
    method: 'POST',
    path: '/api/methods',
    summary: 'Create a method (Add Method)',
    tag: 'methods',
    access: 'session',
    rule: STRUCTURE,
    body: ZCreateMethodSchema,
    response: { status: 201, schema: ZMethodSchema },
  },
  updateMethod: {
    method: 'PUT',
    path: '/api/methods/{id}',
    summary: "Change a method; a progress-only body is also open to the method's owner (409 when stale)",
    tag: 'methods',
    access: 'session',
    rule: `${OWNER_OR_STRUCTURE}; progress fields also the method's owner`,
    params: ZIdParamsSchema,
    body: ZUpdateMethodSchema,
    response: { status: 200, schema: ZMethodSchema },
  },
  deleteMethod: {
    method: 'DELETE',
    path: '/api/methods/{id}',
    summary: 'Delete a method and its measures; obstacles and tasks pointing at it are unlinked',
    tag: 'methods',
    access: 'session',
    rule: STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- obstacles ----------------------------------------------------------------------------
  createObstacle: {
    method: 'POST',
    path: '/api/obstacles',
    summary: 'Add an obstacle to a V2MOM (dashboard dialog, Add Method)',
    tag: 'obstacles',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    body: ZCreateObstacleSchema,
    response: { status: 201, schema: ZObstacleSchema },
  },
  updateObstacle: {
    method: 'PUT',
    path: '/api/obstacles/{id}',
    summary: 'Change an obstacle (409 when `version` is stale)',
    tag: 'obstacles',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateObstacleSchema,
    response: { status: 200, schema: ZObstacleSchema },
  },
  deleteObstacle: {
    method: 'DELETE',
    path: '/api/obstacles/{id}',
    summary: 'Delete an obstacle',
    tag: 'obstacles',
    access: 'session',
    rule: STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- measures -----------------------------------------------------------------------------
  listMeasures: {
    method: 'GET',
    path: '/api/measures',
    summary: 'Every measure',
    tag: 'measures',
    access: 'session',
    response: { status: 200, schema: ZMeasureListSchema },
  },
  createMeasure: {
    method: 'POST',
    path: '/api/measures',
    summary: 'Add a measure to a V2MOM',
    tag: 'measures',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    body: ZCreateMeasureSchema,
    response: { status: 201, schema: ZMeasureSchema },
  },
  updateMeasure: {
    method: 'PUT',
    path: '/api/measures/{id}',
    summary: 'Change a measure (409 when `version` is stale)',
    tag: 'measures',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    body: ZUpdateMeasureSchema,
    response: { status: 200, schema: ZMeasureSchema },
  },
  deleteMeasure: {
    method: 'DELETE',
    path: '/api/measures/{id}',
    summary: 'Delete a measure',
    tag: 'measures',
    access: 'session',
    rule: OWNER_OR_STRUCTURE,
    params: ZIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- tasks --------------------------------------------------------------------------------
  listTasks: {
    method: 'GET',
    path: '/api/tasks',
    summary: 'Every task, newest first',
    tag: 'tasks',
    access: 'session',
    response: { status: 200, schema: ZTaskListSchema },
  },
  listUserTasks: {
    method: 'GET',
    path: '/api/tasks/user/{userId}',
    summary: "One user's tasks, newest first",
    tag: 'tasks',
    access: 'session',
    params: ZTaskUserParamsSchema,
    response: { status: 200, schema: ZTaskListSchema },
  },
  createTask: {
    method: 'POST',
    path: '/api/tasks',
    summary: 'Create a task',
    tag: 'tasks',
    access: 'session',
    rule: 'manage_tasks',
    body: ZCreateTaskSchema,
    response: { status: 201, schema: ZTaskSchema },
  },
  updateTask: {
    method: 'PATCH',
    path: '/api/tasks/{taskId}',
    summary: "Change a task's updates and status (409 when `version` is stale)",
    tag: 'tasks',
    access: 'session',
    rule: "manage_tasks, or the task's owner (admin and user roles)",
    params: ZTaskIdParamsSchema,
    body: ZUpdateTaskSchema,
    response: { status: 200, schema: ZTaskSchema },
  },
  deleteTask: {
    method: 'DELETE',
    path: '/api/tasks/{taskId}',
    summary: 'Delete a task',
    tag: 'tasks',
    access: 'session',
    rule: 'manage_tasks',
    params: ZTaskIdParamsSchema,
    query: ZDeleteQuerySchema,
    response: { status: 200, schema: ZMessageResponseSchema },
  },

  // --- team, users, departments --------------------------------------------------------------
  getTeamProgress: {
    method: 'GET',
    path: '/api/team/progress',
    summary: 'One row per team member: methods on track, latest change, latest V2MOM',
    tag: 'team',
    access: 'session',
    response: { status: 200, schema: ZTeamProgressSchema },
  },
  listUsers: {
    method: 'GET',
    path: '/api/users',
    summary: 'Everyone, for owner selects and filters',
    tag: 'users',
    access: 'session',
    response: { status: 200, schema: ZUserListSchema },
  },
  listUserV2moms: {
    method: 'GET',
    path: '/api/users/{id}/v2moms',
    summary: "One user's V2MOMs (My V2MOM lists the signed-in user's)",
    tag: 'users',
    access: 'session',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZV2momListSchema },
  },
  listUserMethods: {
    method: 'GET',
    path: '/api/users/{id}/methods',
    summary: 'The methods one user owns',
    tag: 'users',
    access: 'session',
    params: ZIdParamsSchema,
    response: { status: 200, schema: ZMethodListSchema },
  },
  listDepartments: {
    method: 'GET',
    path: '/api/departments',
    summary: 'The department list, sorted by name',
    tag: 'departments',
    access: 'session',
    response: { status: 200, schema: ZDepartmentListSchema },
  },

  // --- assistant ----------------------------------------------------------------------------
  chat: {
    method: 'POST',
    path: '/api/chat',
    summary: 'Ask the assistant a question about the V2MOM data',
    tag: 'assistant',
    access: 'session',
    body: ZChatRequestSchema,
    response: { status: 200, schema: ZChatResponseSchema },
  },
  chatInsights: {
    method: 'POST',
    path: '/api/chat/insights',
    summary: 'Insights about the current V2MOM data (empty body)',
    tag: 'assistant',
    access: 'session',
    response: { status: 200, schema: ZInsightsResponseSchema },
  },
} as const satisfies Record<string, TEndpoint>;

export type TEndpointId = keyof typeof API_ENDPOINTS;

/** The catalogue as a list, each entry with its operation id. */
export function listEndpoints(): Array<TEndpoint & { id: TEndpointId }> {
  return (Object.entries(API_ENDPOINTS) as Array<[TEndpointId, TEndpoint]>).map(([id, endpoint]) => ({ id, ...endpoint }));
}

/** `/api/methods/{id}` with `{ id: 7 }` -> `/api/methods/7`. */
export function endpointUrl(endpoint: Pick<TEndpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param ${name} for ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

/** True for calls that change data. */
export function isWriteEndpoint(endpoint: Pick<TEndpoint, 'method'>): boolean {
  return endpoint.method !== 'GET';
}
