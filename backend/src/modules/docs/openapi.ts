import { z } from 'zod';
import * as contracts from '@v2mom/contracts';
import { API_TAGS, ZConflictBodySchema, ZErrorBodySchema, listEndpoints, type TEndpoint } from '@v2mom/contracts';
import { SESSION_COOKIE_NAME } from '../auth/session-cookie.js';

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint catalogue and the zod
 * schemas in contracts, so the documentation cannot drift from what the server parses.
 */

type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument extends JsonObject {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
  };
}

const SCHEMA_REF_PREFIX = '#/components/schemas/';
const SECURITY_SCHEME = 'sessionCookie';

/** Each error status, the component that describes it, and when an operation can answer it. */
const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'Invalid params, query or body; `fieldErrors` names each field', schema: 'ErrorBody' },
  401: { name: 'Unauthorized', description: 'No live session', schema: 'ErrorBody' },
  403: { name: 'Forbidden', description: 'Signed in but not allowed; `message` can be shown as it is', schema: 'ErrorBody' },
  404: { name: 'NotFound', description: 'No such item', schema: 'ErrorBody' },
  409: {
    name: 'Conflict',
    description: 'Based on a stale `version`: nothing was written; `conflict` says who changed it and when',
    schema: 'ConflictBody',
  },
} as const;
type ErrorStatus = keyof typeof ERROR_RESPONSES;

/** A write that names the version it was based on can be refused as stale. */
function sendsVersion(endpoint: TEndpoint): boolean {
  return [endpoint.body, endpoint.query].some((schema) => schema instanceof z.ZodObject && 'version' in schema.shape);
}

/** The error statuses an operation can answer, derived from what it takes and who may call it. */
export function errorStatuses(endpoint: TEndpoint): ErrorStatus[] {
  const statuses: ErrorStatus[] = [];
  if (endpoint.params || endpoint.query || endpoint.body) statuses.push(400);
  if (endpoint.access === 'session') statuses.push(401);
  if (endpoint.access === 'session' && endpoint.rule) statuses.push(403);
  if (endpoint.params) statuses.push(404);
  if (sendsVersion(endpoint)) statuses.push(409);
  return statuses;
}

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
  return list;
}

function ref(name: string): JsonObject {
  return { $ref: `${SCHEMA_REF_PREFIX}${name}` };
}

/** Builds the document; cheap enough to call once at start-up. */
export function buildOpenApiDocument(version = '1.0.0'): OpenApiDocument {
  const names = namedSchemas();
  const endpoints = listEndpoints();
  const requestRoots = new Set<string>();
  const responseRoots = new Set<string>(['ErrorBody', 'ConflictBody']);
  names.nameOf(ZErrorBodySchema, 'ErrorBody');
  names.nameOf(ZConflictBodySchema, 'ConflictBody');

  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of endpoints) {
    const operation: JsonObject = {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.rule ? { description: `Allowed: ${endpoint.rule}.` } : {}),
      security: endpoint.access === 'public' ? [] : [{ [SECURITY_SCHEME]: [] }],
    };
    const parameterList = parameters(endpoint);
    if (parameterList.length > 0) operation['parameters'] = parameterList;
    if (endpoint.body) {
      const name = names.nameOf(endpoint.body, `${capitalize(endpoint.id)}Request`);
      requestRoots.add(name);
      operation['requestBody'] = { required: true, content: { 'application/json': { schema: ref(name) } } };
    }
    const { status, schema, contentType = 'application/json' } = endpoint.response;
    let success: JsonObject = { description: 'Success' };
    if (schema) {
      const name = names.nameOf(schema, `${capitalize(endpoint.id)}Response`);
      responseRoots.add(name);
      success = { description: 'Success', content: { [contentType]: { schema: ref(name) } } };
    } else {
      success = { description: 'Success', content: { [contentType]: { schema: { type: 'string' } } } };
    }
    const responses: JsonObject = { [String(status)]: success };
    for (const errorStatus of errorStatuses(endpoint)) {
      responses[String(errorStatus)] = { $ref: `#/components/responses/${ERROR_RESPONSES[errorStatus].name}` };
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
  for (const { name, description, schema } of Object.values(ERROR_RESPONSES)) {
    responses[name] = { description, content: { 'application/json': { schema: ref(schema) } } };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'V2MOM Tracker API',
      version,
      description:
        'Every call answers JSON. Sign in with POST /api/auth/login; the session travels in an HTTP-only cookie. ' +
        'Writes send the `version` they were based on and answer 409 when someone else changed the item first.',
    },
    tags: API_TAGS.map((name) => ({ name })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))),
      responses,
      securitySchemes: {
        [SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE_NAME },
      },
    },
  };
}
