import { describe, expect, it } from 'vitest';
import { API_ENDPOINTS, endpointUrl, listEndpoints } from './endpoints.js';

describe('the endpoint catalogue', () => {
  const endpoints = listEndpoints();

  it('names each method and path once', () => {
    const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
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

  it('fills path params', () => {
    expect(endpointUrl(API_ENDPOINTS.updateTask, { taskId: 7 })).toBe('/api/tasks/7');
    expect(() => endpointUrl(API_ENDPOINTS.updateTask)).toThrow(/taskId/);
  });
});
