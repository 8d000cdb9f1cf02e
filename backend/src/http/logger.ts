import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Env } from '../env.js';

export function createLogger(level: Env['LOG_LEVEL']): Logger {
  return pino({
    level,
    // Belt and braces: nothing below ever logs headers or bodies, but a careless `log.info({ req })` must not leak them.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.passwordHash'],
  });
}

/** One structured line per request: method, path, status, duration; never headers, cookies or bodies. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    serializers: {
      req: (req: IncomingMessage & { id?: unknown }) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
      res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
  });
}
