import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints } from '@v2mom/contracts';
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
  });

  it.each(listEndpoints())('documents $method $path', (endpoint) => {
    const operation = document.paths[endpoint.path]?.[endpoint.method.toLowerCase()] as Record<string, unknown> | undefined;
    expect(operation).toBeDefined();
    expect(operation).toMatchObject({ operationId: endpoint.id, tags: [endpoint.tag] });
    const responses = operation?.['responses'] as Record<string, unknown>;
    expect(responses[String(endpoint.response.status)]).toBeDefined();
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
    const put = document.paths['/api/v2moms/{id}/complete']?.['put'] as { responses: Record<string, unknown> };
    expect(put.responses['409']).toEqual({ $ref: '#/components/responses/Conflict' });
    expect(resolve('#/components/responses/Conflict')).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ConflictBody' } } },
    });
  });
});

describe('GET /api/docs', () => {
  it('is a self-contained HTML page listing every endpoint', async () => {
    const response = await app.http().get('/api/docs').expect(200).expect('content-type', /text\/html/);
    const html = response.text;
    for (const endpoint of listEndpoints()) {
      expect(html).toContain(`id="op-${endpoint.id}"`);
      expect(html).toContain(`<code>${endpoint.path}</code>`);
    }
    // The CSP allows no inline or foreign script and no foreign style.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="https?:/i);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
