import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TMethod } from '../methods/method.schemas.js';
import { SUCCESS_STATUSES } from './endpoint.js';
import { API_ENDPOINTS, listEndpoints, type TApiRequest, type TApiResponse } from './endpoints.js';
import { API_PATHS } from './paths.js';
import { endpointUrl } from './route-table.js';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('the endpoint catalogue', () => {
  const endpoints = listEndpoints();

  it('names each method and path once', () => {
    const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds exactly the routes of the path tables', () => {
    expect(Object.keys(API_ENDPOINTS).sort()).toEqual(Object.keys(API_PATHS).sort());
    for (const endpoint of endpoints) expect(API_PATHS[endpoint.id]).toEqual({ id: endpoint.id, method: endpoint.method, path: endpoint.path });
  });

  it.each(endpoints)('$id: path params and the params schema agree', (endpoint) => {
    const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
    const inSchema = Object.keys(endpoint.params?.shape ?? {}).sort();
    expect(inSchema).toEqual(inPath);
  });

  it.each(endpoints)('$id: a GET sends no body and every path is under /api', (endpoint) => {
    expect(endpoint.path.startsWith('/api/')).toBe(true);
    if (endpoint.method === 'GET') expect(endpoint.body).toBeUndefined();
  });

  it.each(endpoints)('$id: answers exactly one success status, and 401 when it needs a session or a room link', (endpoint) => {
    const statuses = Object.keys(endpoint.responses).map(Number);
    expect(statuses.filter((status) => (SUCCESS_STATUSES as readonly number[]).includes(status))).toHaveLength(1);
    expect(statuses.includes(401)).toBe(endpoint.access !== 'public' || endpoint.id === 'login');
    if (endpoint.params) expect(statuses).toContain(404);
  });

  it('derives what a caller sends and gets back per operation id (checked by tsc)', () => {
    const update: TApiRequest<'updateTask'> = { params: { taskId: 7 }, body: { version: 1 } };
    const remove: TApiRequest<'deleteMethod'> = { params: { id: '7' }, query: { version: 2 } };
    // @ts-expect-error the path names `taskId`, not `id`
    const wrongParam: TApiRequest<'updateTask'> = { params: { id: 7 }, body: { version: 1 } };
    // @ts-expect-error a GET sends no body
    const readWithBody: TApiRequest<'getMethodsSummary'> = { body: {} };
    expectTypeOf<TApiResponse<'updateMethod'>>().toEqualTypeOf<TMethod>();
    expectTypeOf<TApiResponse<'getApiReference'>>().toEqualTypeOf<string>();
    expect([update, remove, wrongParam, readWithBody]).toHaveLength(4);
  });

  it('fills path params', () => {
    expect(endpointUrl(API_ENDPOINTS.updateTask, { taskId: 7 })).toBe('/api/tasks/7');
    expect(() => endpointUrl(API_ENDPOINTS.updateTask)).toThrow(/taskId/);
  });
});

/** Value imports of a module: `import type` lines take nothing at run time. */
function valueImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^(?:import|export)(?!\s+type\b)[^;]*?from\s+'([^']+)'/gm)].map((match) => match[1] as string);
}

describe('the zod-free entry @v2mom/contracts/paths', () => {
  it('reaches no module that loads zod', () => {
    const seen = new Set<string>();
    const queue = [join(SRC, 'paths.ts')];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        expect(specifier.startsWith('.'), `${relative(SRC, file)} imports ${specifier}`).toBe(true);
        queue.push(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      }
    }
    expect(seen.size).toBeGreaterThan(10);
  });
});
