import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Env } from '../env.js';

/**
 * JSON lines to standard output (`destination` elsewhere, as tests read them), written in the
 * background: pino's default writes each line synchronously, a system call in every request's
 * path (0.65 ms of a write's 12 ms of server time, profiled on two busy cores). Lines still
 * buffered when the process exits are written then.
 */
export function createLogger(level: Env['LOG_LEVEL'], destination: DestinationStream = pino.destination({ dest: 1, sync: false })): Logger {
  const options = {
    level,
    // Belt and braces: nothing below ever logs headers or bodies, but a careless `log.info({ req })` must not leak them.
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.passwordHash'],
  };
  return pino(options, destination);
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
