import { z } from 'zod';
import * as contracts from '@v2mom/contracts';
import {
  API_ENDPOINTS,
  API_TAGS,
  type TApiTag,
  ZConflictBodySchema,
  ZGoalWriteConflictBodySchema,
  ZItemConflictBodySchema,
  ZQuarterReviewedBodySchema,
  ZErrorBodySchema,
  listEndpoints,
  SERVER_CLOCK_HEADER,
  type TEndpoint,
  type THttpStatus,
  type TResponseBody,
} from '@v2mom/contracts';
import { takesVersion } from '../../http/if-match.js';
import { SESSION_COOKIE_NAME } from '../auth/session-cookie.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint catalogue and the zod
 * schemas in contracts, so the documentation cannot drift from what the server parses.
 */

type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string; description: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
  };
}

const SCHEMA_REF_PREFIX = '#/components/schemas/';
const SECURITY_SCHEME = 'sessionCookie';
/** A meeting-room link's token, which only GET /api/room takes (docs/PRODUCT.md#meeting-room-links). */
const ROOM_SECURITY_SCHEME = 'roomLinkToken';
/** A personal access token, `Authorization: Bearer v2m_…` (docs/PRODUCT.md#api-tokens). */
const API_TOKEN_SECURITY_SCHEME = 'apiToken';

/** Who may call: nobody in particular, a room's link, or a session, which a token may stand in for unless the call is the browser's only. */
function securityOf({ access, browserOnly }: Pick<TEndpoint, 'access' | 'browserOnly'>): Array<Record<string, []>> {
  if (access === 'public') return [];
  if (access === 'room') return [{ [ROOM_SECURITY_SCHEME]: [] }];
  return browserOnly ? [{ [SECURITY_SCHEME]: [] }] : [{ [SECURITY_SCHEME]: [] }, { [API_TOKEN_SECURITY_SCHEME]: [] }];
}

/** Descriptions of each status, whichever operation answers it. */
const STATUS_DESCRIPTIONS: Record<THttpStatus, string> = {
  200: 'Success',
  201: 'Created',
  303: 'See other: open the page `Location` names',
  304: 'Not modified: the ETag sent in If-None-Match is still current',
  400: 'Invalid JSON, params, query or body; `fieldErrors` names each field',
  401: 'No live session, or an API token that expired, was revoked or whose account was deactivated (for login: wrong username or password)',
  403: 'Not allowed: a browser request from another site, a rule says no, or an API token on a call its scope does not reach; `message` can be shown as it is',
  404: 'No such item',
  409: 'Based on a stale `version` (or `If-Match`) and a field someone else also changed since: nothing was written; `conflict` says who changed the row and when, `fields` which fields collided',
  413: 'The request body, or the file it carries, is larger than the API accepts',
  415: 'The request body is not JSON, or is in a Content-Encoding or charset the API cannot read',
  422: 'The request is understood but cannot be carried out as it is: a file with rows in error, or an export larger than one file may be; nothing was written',
  429: 'Too many at once: failed sign-ins, comments posted, an API token’s calls in a minute, or the caller’s calls under way (a POST, PUT, PATCH or DELETE holds its place until it is through); nothing was done, and `Retry-After` says in how many seconds to try again',
  500: 'Unexpected failure, e.g. the database is unreachable; the message is generic',
  503: 'The database is unreachable (`unavailable`), or the write waited too long for a row others’ writes hold and changed nothing (`busy`); `Retry-After` says when to try again',
};

/**
 * Answers many operations share, as components: the status, the body schema they carry, and the
 * component name. An operation whose answer for that status has that body points at it.
 */
const SHARED_RESPONSES: Array<{ status: THttpStatus; schema: z.ZodType | null; name: string }> = [
  { status: 304, schema: null, name: 'NotModified' },
  { status: 400, schema: ZErrorBodySchema, name: 'BadRequest' },
  { status: 401, schema: ZErrorBodySchema, name: 'Unauthorized' },
  { status: 403, schema: ZErrorBodySchema, name: 'Forbidden' },
  { status: 404, schema: ZErrorBodySchema, name: 'NotFound' },
  { status: 409, schema: ZConflictBodySchema, name: 'Conflict' },
  { status: 409, schema: ZItemConflictBodySchema, name: 'ItemConflict' },
  { status: 409, schema: ZGoalWriteConflictBodySchema, name: 'GoalWriteConflict' },
  { status: 413, schema: ZErrorBodySchema, name: 'PayloadTooLarge' },
  { status: 415, schema: ZErrorBodySchema, name: 'UnsupportedMediaType' },
  { status: 429, schema: ZErrorBodySchema, name: 'TooManyRequests' },
  { status: 500, schema: ZErrorBodySchema, name: 'InternalError' },
];

const TAG_DESCRIPTIONS: Record<TApiTag, string> = {
  auth: "Session, sign-in, password, and one's own account and sessions",
  v2moms: 'V2MOMs and their whole documents',
  values: 'The values of a V2MOM',
  methods: 'Methods, their progress and COO tracking',
  checkins: "Methods' check-ins: the history of their progress, status, current measure and update",
  unseen: "Since you last looked: others' changes to a V2MOM after the person's seen mark",
  comments: 'Threads of comments with mentions on V2MOMs, methods and obstacles',
  notifications: "The caller's notification centre: mentions, comments and changes to their work, and which they receive",
  email: 'The outbox and the SMTP server (settings capability), and the one-click unsubscribe link of every email',
  obstacles: 'The obstacles of a V2MOM',
  measures: 'Measures of a V2MOM',
  tasks: 'Tasks assigned to people',
  team: 'Team progress',
  users: 'People and what they own',
  departments: 'Departments',
  admin: 'Organisation administration: people, departments, the audit log (settings capability)',
  rhythm: "The company's weekly rhythm: check-in day and time, time zone, and the COO meeting the digest prepares",
  company: "The company's name and colours, which exported decks wear",
  rooms: 'Meeting-room links: read-only screens of the COO View or one V2MOM, without an account (settings capability to make them)',
  webhooks: 'Signed webhooks: messages to other systems when check-ins, statuses, obstacles, comments, reviews and V2MOMs change (settings capability)',
  chatChannels: "Slack and Teams channels: check-in reminders, the meeting digest, methods gone At Risk and mentions posted to a channel's incoming webhook (settings capability; a department's also manage_structure in it)",
  rounds: "The check-in round of the COO meeting: the presenter walks the departments, each owner checks in on their turn, obstacles become follow-ups, and the minutes are kept",
  decks: 'Editable PowerPoint decks of a V2MOM and of the COO View (export_slides capability)',
  sheets: 'Spreadsheets: every list and a V2MOM as CSV or Excel files, and V2MOMs imported from one (a preview first, then one transaction)',
  quarterReviews: "Quarter reviews: each method's result against its quarter's goal, and past quarters' results",
  assistant: 'Questions and insights about the data',
  apiTokens: "Personal access tokens: one's own, and everyone's for the settings capability; managed from a signed-in browser only",
  system: 'Health and this reference',
};

/** Headers that matter to a client, by status. */
const RESPONSE_HEADERS: Partial<Record<THttpStatus, JsonObject>> = {
  303: { Location: { description: 'The page to open instead', schema: { type: 'string' } } },
  429: { 'Retry-After': { description: 'Seconds until the next attempt is admitted', schema: { type: 'integer', minimum: 1 } } },
};

/** Contracts' exported schemas by identity, named as exported without `Z…Schema` (`ZMethodSchema` -> `Method`). */
function exportedSchemaNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const [exportName, value] of Object.entries(contracts as Record<string, unknown>)) {
    if (!(value instanceof z.ZodType) || !/^Z\w+Schema$/.test(exportName) || names.has(value)) continue;
    names.set(value, exportName.slice(1, -'Schema'.length));
  }
  return names;
}

/** Every `$ref` name a JSON Schema fragment points at. */
function referencedNames(fragment: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(fragment)) {
    for (const item of fragment) referencedNames(item, into);
  } else if (fragment !== null && typeof fragment === 'object') {
    for (const [key, value] of Object.entries(fragment)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF_PREFIX)) {
        into.add(value.slice(SCHEMA_REF_PREFIX.length));
      } else {
        referencedNames(value, into);
      }
    }
  }
  return into;
}

/** Drops JSON Schema keys OpenAPI components do not want, and output-mode closedness (responses may grow fields). */
function cleanSchema(fragment: unknown, isResponse: boolean): unknown {
  if (Array.isArray(fragment)) return fragment.map((item) => cleanSchema(item, isResponse));
  if (fragment === null || typeof fragment !== 'object') return fragment;
  const cleaned: JsonObject = {};
  for (const [key, value] of Object.entries(fragment)) {
    if (key === '$schema' || key === '$id') continue;
    if (isResponse && key === 'additionalProperties' && value === false) continue;
    cleaned[key] = cleanSchema(value, isResponse);
  }
  return cleaned;
}

/** Components reachable from `roots`, following `$ref`s through `pool`. */
function reachable(roots: Iterable<string>, pool: Record<string, unknown>): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...referencedNames(pool[name]));
  }
  return seen;
}

interface NamedSchemas {
  registry: z.core.$ZodRegistry<{ id: string }>;
  nameOf(schema: z.ZodType, fallback: string): string;
}

/**
 * One registry holding every exported object schema (so nested ones become `$ref`s) plus the
 * catalogue's own request and response schemas, under their export names or a fallback.
 */
function namedSchemas(): NamedSchemas {
  const exported = exportedSchemaNames();
  const registry = z.registry<{ id: string }>();
  const assigned = new Map<z.ZodType, string>();
  const taken = new Set<string>();
  const register = (schema: z.ZodType, name: string) => {
    if (taken.has(name)) throw new Error(`Two schemas want the OpenAPI component name ${name}`);
    registry.add(schema, { id: name });
    assigned.set(schema, name);
    taken.add(name);
  };
  for (const [schema, name] of exported) {
    if (schema instanceof z.ZodObject) register(schema, name);
  }
  return {
    registry,
    nameOf(schema, fallback) {
      const known = assigned.get(schema);
      if (known) return known;
      register(schema, exported.get(schema) ?? fallback);
      return assigned.get(schema) as string;
    },
  };
}

/** `If-Match`, for the writes that take a `version` (http/if-match.ts). */
const IF_MATCH_PARAMETER: JsonObject = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The ETag of the row this write is based on, instead of the `version` field. Stale: the write merges field by field with what others changed since, and answers 409 only for fields both changed. Without it or `version`, the write is applied as it is (last write wins).',
  schema: { type: 'string', pattern: '^"\\d+"$' },
};

/** The strong ETag a write's answer carries when it is one row. */
const ETAG_HEADER: JsonObject = {
  ETag: { description: 'The row’s version, quoted: send it back as `If-Match`', schema: { type: 'string', pattern: '^"\\d+"$' } },
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function parameters(endpoint: TEndpoint): JsonObject[] {
  const list: JsonObject[] = [];
  for (const [location, schema] of [
    ['path', endpoint.params],
    ['query', endpoint.query],
  ] as const) {
    if (!schema) continue;
    for (const [name, property] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      list.push({
        name,
        in: location,
        required: location === 'path' || !property.safeParse(undefined).success,
        schema: cleanSchema(z.toJSONSchema(property, { io: 'input', unrepresentable: 'any' }), false),
      });
    }
  }
  if (endpoint.method !== 'GET' && (takesVersion(endpoint.body) || takesVersion(endpoint.query))) list.push(IF_MATCH_PARAMETER);
  return list;
}

function ref(name: string): JsonObject {
  return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
}

function isShared(shared: (typeof SHARED_RESPONSES)[number], status: THttpStatus, spec: TResponseBody): boolean {
  if (shared.status !== status) return false;
  return shared.schema === null ? !(spec instanceof z.ZodType) && spec.contentType === null : shared.schema === spec;
}

/** One status of an operation: a shared component when it has the shared body, else its own. */
function responseObject(endpoint: TEndpoint & { id: string }, status: THttpStatus, spec: TResponseBody, names: NamedSchemas, responseRoots: Set<string>): JsonObject {
  const shared = SHARED_RESPONSES.find((candidate) => isShared(candidate, status, spec));
  if (shared) return { $ref: `#/components/responses/${shared.name}` };
  const description = STATUS_DESCRIPTIONS[status];
  if (!(spec instanceof z.ZodType)) {
    const headers = RESPONSE_HEADERS[status];
    const types = spec.contentType === null ? [] : [spec.contentType, ...(spec.otherContentTypes ?? [])];
    const content = types.length === 0 ? {} : { content: Object.fromEntries(types.map((type) => [type, { schema: { type: 'string' } }])) };
    return { description, ...(headers ? { headers } : {}), ...content };
  }
  const name = names.nameOf(spec, `${capitalize(endpoint.id)}Response`);
  responseRoots.add(name);
  const isWrite = endpoint.method !== 'GET' && (status === 200 || status === 201);
  const headers = isWrite && takesVersion(spec) ? ETAG_HEADER : RESPONSE_HEADERS[status];
  return { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema: ref(name) } } };
}

/** Builds the document; cheap enough to call once at start-up. */
export function buildOpenApiDocument(version = '1.0.0'): OpenApiDocument {
  const names = namedSchemas();
  const endpoints = listEndpoints();
  const requestRoots = new Set<string>();
  const responseRoots = new Set<string>(['ErrorBody', 'ConflictBody', 'ItemConflictBody', 'GoalWriteConflictBody']);
  const login = API_ENDPOINTS.login;
  names.nameOf(ZErrorBodySchema, 'ErrorBody');
  names.nameOf(ZConflictBodySchema, 'ConflictBody');
  names.nameOf(ZItemConflictBodySchema, 'ItemConflictBody');
  names.nameOf(ZQuarterReviewedBodySchema, 'QuarterReviewedBody');
  names.nameOf(ZGoalWriteConflictBodySchema, 'GoalWriteConflictBody');

  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const operation: JsonObject = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.rule ? { description: `Allowed: ${endpoint.rule}.` } : {}),
      security: securityOf(endpoint),
    };
    const parameterList = parameters(endpoint);
    if (parameterList.length > 0) operation['parameters'] = parameterList;
    if (endpoint.body) {
      const name = names.nameOf(endpoint.body, `${capitalize(endpoint.id)}Request`);
      requestRoots.add(name);
      operation['requestBody'] = { required: true, content: { 'application/json': { schema: ref(name) } } };
    }
    const responses: JsonObject = {};
    for (const [status, spec] of Object.entries(endpoint.responses) as Array<[string, TResponseBody]>) {
      responses[status] = responseObject(endpoint, Number(status) as THttpStatus, spec, names, responseRoots);
    }
    operation['responses'] = responses;
    (paths[endpoint.path] ??= {})[endpoint.method.toLowerCase()] = operation;
  }

  const convert = (io: 'input' | 'output') =>
    z.toJSONSchema(names.registry, {
      io,
      target: 'draft-2020-12',
      unrepresentable: 'any',
      uri: (id) => `${SCHEMA_REF_PREFIX}${id}`,
    }).schemas as Record<string, unknown>;
  const inputs = convert('input');
  const outputs = convert('output');
  const schemas: Record<string, JsonObject> = {};
  for (const name of reachable(responseRoots, outputs)) schemas[name] = cleanSchema(outputs[name], true) as JsonObject;
  for (const name of reachable(requestRoots, inputs)) {
    const asInput = cleanSchema(inputs[name], false) as JsonObject;
    const existing = schemas[name];
    if (existing && JSON.stringify(cleanSchema(outputs[name], false)) !== JSON.stringify(asInput)) {
      throw new Error(`Schema ${name} is both a request and a response part and differs between them: give it two schemas`);
    }
    schemas[name] ??= asInput;
  }

  const responses: Record<string, JsonObject> = {};
  for (const { status, schema, name } of SHARED_RESPONSES) {
    const headers = RESPONSE_HEADERS[status];
    responses[name] = {
      description: STATUS_DESCRIPTIONS[status],
      ...(headers ? { headers } : {}),
      ...(schema ? { content: { 'application/json': { schema: ref(names.nameOf(schema, name)) } } } : {}),
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'V2MOM Tracker API',
      version,
      description:
        `Calls answer JSON, except this reference page. Sign in with ${login.method} ${login.path}; the session travels ` +
        'in an HTTP-only cookie. A script calls with a personal access token instead, `Authorization: Bearer v2m_…`, made on the account page. Writes send the `version` they were based on and answer 409 when someone else ' +
        'changed the item first. A server whose clock is set (a demonstration or a test) names its now on every ' +
        `answer in \`${SERVER_CLOCK_HEADER}\`, milliseconds since the epoch, so that clients read dates as it does.`,
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: API_TAGS.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      securitySchemes: {
        [SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
        [ROOM_SECURITY_SCHEME]: { type: 'http', scheme: 'bearer', description: "A meeting-room link's token, from the `#` of the link" },
        [API_TOKEN_SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token (`v2m_…`) made on the account page: its owner\'s rights, narrowed to calls that change nothing for a `read` token; ' +
            'never on the calls that list only the session cookie. 401 once it has expired or was revoked, or its account was deactivated; 429 past its rate',
        },
      },
    },
  };
}
