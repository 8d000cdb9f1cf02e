import type { z } from 'zod';
import { ADMIN_ENDPOINTS } from '../admin/admin.endpoints.js';
import { API_TOKEN_ENDPOINTS } from '../api-tokens/api-tokens.endpoints.js';
import { ASSISTANT_ENDPOINTS } from '../assistant/assistant.endpoints.js';
import { AUTH_ENDPOINTS } from '../auth/auth.endpoints.js';
import { CHECK_IN_ENDPOINTS } from '../checkins/checkins.endpoints.js';
import { DECK_ENDPOINTS } from '../decks/decks.endpoints.js';
import { COMPANY_ENDPOINTS } from '../company/company.endpoints.js';
import { ROOM_ENDPOINTS } from '../rooms/rooms.endpoints.js';
import { COMMENT_ENDPOINTS } from '../comments/comments.endpoints.js';
import { EMAIL_ENDPOINTS } from '../email/email.endpoints.js';
import { NOTIFICATION_ENDPOINTS } from '../notifications/notifications.endpoints.js';
import { MEASURE_ENDPOINTS } from '../measures/measures.endpoints.js';
import { METHOD_ENDPOINTS } from '../methods/methods.endpoints.js';
import { OBSTACLE_ENDPOINTS } from '../obstacles/obstacles.endpoints.js';
import { QUARTER_REVIEW_ENDPOINTS } from '../quarter-reviews/quarter-reviews.endpoints.js';
import { RHYTHM_ENDPOINTS } from '../rhythm/rhythm.endpoints.js';
import { ROUND_ENDPOINTS } from '../rounds/rounds.endpoints.js';
import { SHEET_ENDPOINTS } from '../sheets/sheets.endpoints.js';
import { SYSTEM_ENDPOINTS } from '../system/system.endpoints.js';
import { TASK_ENDPOINTS } from '../tasks/tasks.endpoints.js';
import { TEAM_ENDPOINTS } from '../team/team.endpoints.js';
import { UNSEEN_ENDPOINTS } from '../unseen/unseen.endpoints.js';
import { USER_ENDPOINTS } from '../users/users.endpoints.js';
import { V2MOM_ENDPOINTS } from '../v2moms/v2moms.endpoints.js';
import { VALUE_ENDPOINTS } from '../values/values.endpoints.js';
import { WEBHOOK_ENDPOINTS } from '../webhooks/webhooks.endpoints.js';
import { CHAT_ENDPOINTS } from '../chat-channels/chat-channels.endpoints.js';
import type { TEndpoint, TSuccessStatus } from './endpoint.js';
import type { TOperationId } from './paths.js';
import type { TPathParamName } from './route-table.js';

/**
 * The catalogue of every HTTP call the API answers: route, input schemas, every status with its
 * body, and the access rule. The backend mounts its handlers through it, the OpenAPI document and
 * the reference page are generated from it, and the authorization matrix and fuzz tests walk it,
 * so an endpoint added here is served, documented and tested by construction.
 */
export const API_ENDPOINTS = {
  ...SYSTEM_ENDPOINTS,
  ...AUTH_ENDPOINTS,
  ...V2MOM_ENDPOINTS,
  ...VALUE_ENDPOINTS,
  ...METHOD_ENDPOINTS,
  ...CHECK_IN_ENDPOINTS,
  ...UNSEEN_ENDPOINTS,
  ...COMMENT_ENDPOINTS,
  ...NOTIFICATION_ENDPOINTS,
  ...EMAIL_ENDPOINTS,
  ...OBSTACLE_ENDPOINTS,
  ...MEASURE_ENDPOINTS,
  ...TASK_ENDPOINTS,
  ...TEAM_ENDPOINTS,
  ...USER_ENDPOINTS,
  ...ASSISTANT_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
  ...RHYTHM_ENDPOINTS,
  ...COMPANY_ENDPOINTS,
  ...ROOM_ENDPOINTS,
  ...DECK_ENDPOINTS,
  ...QUARTER_REVIEW_ENDPOINTS,
  ...API_TOKEN_ENDPOINTS,
  ...WEBHOOK_ENDPOINTS,
  ...CHAT_ENDPOINTS,
  ...ROUND_ENDPOINTS,
  ...SHEET_ENDPOINTS,
} as const satisfies { readonly [Id in TOperationId]: TEndpoint };

type TApiEndpoints = typeof API_ENDPOINTS;
export type TEndpointId = keyof TApiEndpoints;

/** The catalogue as a list, each entry with its operation id. */
export function listEndpoints(): Array<TEndpoint & { id: TEndpointId }> {
  return (Object.entries(API_ENDPOINTS) as Array<[TEndpointId, TEndpoint]>).map(([id, endpoint]) => ({ id, ...endpoint }));
}

/** The one 2xx status of an endpoint. */
type TSuccessStatusOf<E extends TEndpoint> = Extract<keyof E['responses'], TSuccessStatus>;

/** What travels in an answer with that body spec: parsed JSON, a file's bytes, or text for another non-JSON answer. */
export type TBodyOf<Spec> = Spec extends z.ZodType ? z.output<Spec> : Spec extends { binary: true } ? Uint8Array : string;

/** The success answer's body of an endpoint, as its schema parses it. */
export type TSuccessBody<E extends TEndpoint> = TBodyOf<E['responses'][TSuccessStatusOf<E>]>;

/** One input part as a caller sends it: absent without a schema, optional when every field is. */
type TInputPart<Key extends string, Input> = [Input] extends [never]
  ? { [K in Key]?: never }
  : object extends Input
    ? { [K in Key]?: Input }
    : { [K in Key]: Input };

/** Path params go into the URL, so numbers are as good as the digits the schema parses. */
type TParamsInput<E extends TEndpoint> = [TPathParamName<E['path']>] extends [never]
  ? never
  : { [Name in TPathParamName<E['path']>]: string | number };

/** Query values travel as text too; a number is written out as its digits. */
type TQueryInput<E extends TEndpoint> = E['query'] extends z.ZodType
  ? { [K in keyof z.input<E['query']>]: Exclude<z.input<E['query']>[K], undefined> extends string ? z.input<E['query']>[K] | number : z.input<E['query']>[K] }
  : never;

type TBodyInput<E extends TEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;

/** What a caller sends to an endpoint: `{ params, query, body }` as its path and schemas take them. */
type TEndpointRequest<E extends TEndpoint> = TInputPart<'params', TParamsInput<E>> &
  TInputPart<'query', TQueryInput<E>> &
  TInputPart<'body', TBodyInput<E>>;

/** Per operation id, for the client: `TApiRequest<'updateMethod'>`, `TApiResponse<'updateMethod'>`. */
export type TApiRequest<Id extends TEndpointId> = TEndpointRequest<TApiEndpoints[Id]>;
export type TApiResponse<Id extends TEndpointId> = TSuccessBody<TApiEndpoints[Id]>;
