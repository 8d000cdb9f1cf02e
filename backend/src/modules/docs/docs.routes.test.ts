import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENDPOINTS, listEndpoints, successOf } from '@v2mom/contracts';
import { startTestApp, type TestApp } from '../../test/test-app.js';
import type { OpenApiDocument } from './openapi.js';

let app: TestApp;
let document: OpenApiDocument;

beforeAll(async () => {
  app = await startTestApp();
  const response = await app.http().get('/api/openapi.json').expect(200);
  document = response.body as OpenApiDocument;
});
afterAll(() => app.stop());

/** Every `$ref` in the document, to check each one resolves. */
function refs(fragment: unknown): string[] {
  if (Array.isArray(fragment)) return fragment.flatMap(refs);
  if (fragment === null || typeof fragment !== 'object') return [];
  return Object.entries(fragment).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refs(value)));
}

function resolve(pointer: string): unknown {
  return pointer
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

describe('GET /api/openapi.json', () => {
  it('answers without a session with an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(20);
    expect(document.components.schemas['ErrorBody']).toBeDefined();
    expect(document.components.schemas['ConflictBody']).toBeDefined();
    expect(document.components.securitySchemes['sessionCookie']).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents the answers a client must handle beyond success', () => {
    const login = document.paths['/api/auth/login']?.['post'] as { responses: Record<string, unknown> };
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '413', '429', '500']));
    expect(resolve('#/components/responses/TooManyRequests')).toMatchObject({ headers: { 'Retry-After': expect.any(Object) } });
    const health = document.paths['/api/health']?.['get'] as { responses: Record<string, unknown> };
    expect(health.responses['503']).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } } });
  });

  it.each(listEndpoints())('documents $method $path', (endpoint) => {
    const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Record<string, unknown> | undefined;
    expect(operation).toBeDefined();
    expect(operation).toMatchObject({ operationId: endpoint.id, tags: [endpoint.tag] });
    const responses = operation?.['responses'] as Record<string, unknown>;
    expect(Object.keys(responses).sort()).toEqual(Object.keys(endpoint.responses).sort());
    expect(responses[String(successOf(endpoint).status)]).toBeDefined();
    if (endpoint.access === 'session') expect(responses['401']).toBeDefined();
    if (endpoint.params) expect(responses['404']).toBeDefined();
    if (endpoint.body) {
      expect(responses['400']).toBeDefined();
      expect(operation?.['requestBody']).toBeDefined();
    }
  });

  it('documents nothing the catalogue does not hold', () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(listEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort());
  });

  it('resolves every $ref', () => {
    const unresolved = [...new Set(refs(document))].filter((pointer) => resolve(pointer) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('answers 409 with the conflict body where a write sends a version', () => {
    const rhythm = document.paths['/api/rhythm']?.['put'] as { responses: Record<string, unknown> };
    expect(rhythm.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(resolve('#/components/responses/Conflict')).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ConflictBody' } } },
    });
  });

  it('answers 409 with the conflict or the closed year where a write changes an item of a V2MOM', () => {
    const values = document.paths['/api/values/{id}']?.['put'] as { responses: Record<string, unknown> };
    expect(values.responses['409']).toEqual({ $ref: '#/components/responses/ItemConflict' });
    expect(resolve('#/components/responses/ItemConflict')).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ItemConflictBody' } } },
    });
  });

  it("answers 409 with the conflict, the closed year or the reviewed quarter where a write may change a quarter's goal", () => {
    const method = document.paths['/api/methods/{id}']?.['put'] as { responses: Record<string, unknown> };
    expect(method.responses['409']).toEqual({ $ref: '#/components/responses/GoalWriteConflict' });
    expect(resolve('#/components/responses/GoalWriteConflict')).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/GoalWriteConflictBody' } } },
    });
  });

  it('answers a V2MOM document save that would give its department or the company a second V2MOM of the year with a plain 409 too', () => {
    const save = document.paths['/api/v2moms/{id}/complete']?.['put'] as { responses: Record<string, { content: { 'application/json': { schema: { $ref: string } } } }> };
    expect(resolve(save.responses['409']!.content['application/json'].schema.$ref)).toEqual({
      anyOf: [{ $ref: '#/components/schemas/GoalWriteConflictBody' }, { $ref: '#/components/schemas/ErrorBody' }],
    });
  });
});

describe('GET /api/docs', () => {
  it('is the Scalar reference viewer, loaded from our own origin and pointed at the document', async () => {
    const response = await app.http().get('/api/docs').expect(200).expect('content-type', /text\/html/);
    const html = response.text;
    expect(html).toContain(`data-url="${API_ENDPOINTS.getOpenApiDocument.path}"`);
    expect(html).toContain(`<script src="${API_ENDPOINTS.getApiReferenceScript.path}"></script>`);
    // The CSP allows no inline or foreign script: every script is empty or comes from this origin.
    expect([...html.matchAll(/<script[^>]*>([^<]*)<\/script>/g)].map((match) => match[1])).toEqual(['', '']);
    expect(html).not.toMatch(/(src|href|data-url)="https?:/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('serves the viewer script itself', async () => {
    const response = await app.http().get('/api/docs/reference.js').expect(200).expect('content-type', /javascript/);
    expect(response.text.length).toBeGreaterThan(100_000);
    expect(response.text).toContain('api-reference');
  });
});

describe('caching', () => {
  it.each(['/api/openapi.json', '/api/docs', '/api/docs/reference.js'])('%s carries an ETag of its body and answers 304 to it', async (path) => {
    const first = await app.http().get(path).expect(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    await app.http().get(path).set('If-None-Match', etag).expect(304);
    await app.http().get(path).set('If-None-Match', '"another"').expect(200);
  });

  it('gives the answers no cache keeps no ETag', async () => {
    const health = await app.http().get('/api/health').expect(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.etag).toBeUndefined();
  });
});
