import { describe, expect, it } from 'vitest';
import { DocumentedAnswers } from './documented-answers.js';

const json = { 'content-type': 'application/json; charset=utf-8' };
const error = { message: 'No', code: 'bad_request' };

function problemsOf(method: string, url: string, answer: { status: number; headers?: Record<string, string>; body?: unknown; text?: string }) {
  const answers = new DocumentedAnswers();
  answers.check(method, url, { headers: json, body: {}, text: JSON.stringify(answer.body ?? {}), ...answer });
  return answers.problems;
}

describe('answers checked against the OpenAPI document', () => {
  it('accepts a documented answer, with path params and a query string', () => {
    expect(problemsOf('get', '/api/health', { status: 200, body: { status: 'ok', database: { ok: true, driver: 'postgresql', latencyMs: 1 }, uptimeSeconds: 3 } })).toEqual([]);
    expect(problemsOf('delete', '/api/methods/7?version=2', { status: 404, body: error })).toEqual([]);
    expect(problemsOf('put', '/api/values/..', { status: 400, body: error })).toEqual([]);
    expect(problemsOf('get', '/api/methods/summary', { status: 304, headers: {}, body: {}, text: '' })).toEqual([]);
  });

  it('refuses a status the operation does not document', () => {
    expect(problemsOf('get', '/api/auth/session', { status: 409, body: error })).toEqual([expect.stringMatching(/status not documented/)]);
  });

  it('refuses a body that does not match the schema', () => {
    expect(problemsOf('post', '/api/auth/login', { status: 200, body: { message: 'Login successful' } })).toEqual([
      expect.stringMatching(/body does not match the documented schema.*user/),
    ]);
  });

  it('refuses another content type, and a missing documented header', () => {
    expect(problemsOf('get', '/api/docs', { status: 200, body: {} })).toEqual([expect.stringMatching(/answered application\/json, documented text\/html/)]);
    expect(problemsOf('post', '/api/auth/login', { status: 429, body: error })).toEqual([expect.stringMatching(/Retry-After is missing/)]);
    expect(problemsOf('post', '/api/auth/login', { status: 429, headers: { ...json, 'retry-after': '60' }, body: error })).toEqual([]);
  });

  it('lets only the catch-all statuses through for a path no operation holds, and ignores paths outside the API', () => {
    expect(problemsOf('get', '/api/nothing-here', { status: 404, body: error })).toEqual([]);
    expect(problemsOf('post', '/api/measures/1', { status: 401, body: error })).toEqual([]);
    expect(problemsOf('put', '/api/values/', { status: 400, body: error })).toEqual([]);
    expect(problemsOf('get', '/api/nothing-here', { status: 404, body: { found: false } })).toEqual([expect.stringMatching(/body does not match/)]);
    expect(problemsOf('get', '/api/nothing-here', { status: 200, body: {} })).toEqual([expect.stringMatching(/no operation documents this path/)]);
    expect(problemsOf('get', '/dashboard', { status: 200, headers: { 'content-type': 'text/html' } })).toEqual([]);
  });
});
