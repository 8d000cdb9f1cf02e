import express from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger, requestLogger } from './logger.js';

/** Every line the logger writes, parsed. */
function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines, text: () => JSON.stringify(lines) };
}

const SECRETS = { cookie: 'v2mom-session=sealed-secret', authorization: 'Bearer token-secret', password: 'hunter2-secret', passwordHash: '$argon2id$hash-secret' };

describe('the log', () => {
  it('writes one line per request with method, path without query, status and duration, and no header or body', async () => {
    const { logger, lines, text } = capturedLogger();
    const app = express().use(requestLogger(logger)).use(express.json());
    app.post('/api/auth/login', (_req, res) => void res.cookie('v2mom-session', 'set-cookie-secret').status(401).json({ message: 'Invalid' }));

    await supertest(app)
      .post('/api/auth/login?next=%2Fsecret-query')
      .set('Cookie', SECRETS.cookie)
      .set('Authorization', SECRETS.authorization)
      .send({ username: 'admin', password: SECRETS.password })
      .expect(401);

    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, req: { method: 'POST', url: '/api/auth/login' }, res: { statusCode: 401 }, responseTime: expect.any(Number) });
    for (const secret of ['sealed-secret', 'token-secret', 'hunter2-secret', 'set-cookie-secret', 'secret-query']) expect(text()).not.toContain(secret);
  });

  it('redacts cookies, authorization, set-cookie and passwords that a careless call logs', () => {
    const { logger, text } = capturedLogger();
    logger.info({
      req: { headers: { cookie: SECRETS.cookie, authorization: SECRETS.authorization } },
      res: { headers: { 'set-cookie': 'v2mom-session=set-cookie-secret' } },
      body: { password: SECRETS.password },
      user: { passwordHash: SECRETS.passwordHash },
    });
    expect(text()).toContain('[Redacted]');
    for (const secret of ['sealed-secret', 'token-secret', 'hunter2-secret', 'set-cookie-secret', 'hash-secret']) expect(text()).not.toContain(secret);
  });
});
