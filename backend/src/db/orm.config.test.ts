import { describe, expect, it } from 'vitest';
import { loadEnv, type EnvOverrides } from '../env.js';
import { configuredLocation } from './location.js';
import { ormOptions, type OrmModel } from './orm.config.js';

const DATABASE_URL = 'postgresql://postgres@db.example:5432/v2mom';
/** The pool does not depend on what the ORM maps. */
const NO_MODEL: OrmModel = { entities: [], subscribers: () => [] };

/** The pool a server started with `settings` opens to PostgreSQL. */
function poolOf(settings: EnvOverrides) {
  const location = configuredLocation(loadEnv({ NODE_ENV: 'test', DATABASE_URL, ...settings }));
  if (location.kind !== 'postgresql') throw new Error('DATABASE_URL names a PostgreSQL server');
  return ormOptions(location, NO_MODEL).pool;
}

describe('the PostgreSQL pool', () => {
  it('holds DATABASE_POOL_SIZE connections at most and closes one unused for DATABASE_IDLE_TIMEOUT_MS', () => {
    expect(poolOf({ DATABASE_POOL_SIZE: '25', DATABASE_IDLE_TIMEOUT_MS: '60000' })).toMatchObject({ max: 25, idleTimeoutMillis: 60_000 });
  });

  it('holds 10 connections, each open up to 5 minutes unused, when neither is set', () => {
    expect(poolOf({ DATABASE_POOL_SIZE: '', DATABASE_IDLE_TIMEOUT_MS: '' })).toMatchObject({ max: 10, idleTimeoutMillis: 300_000 });
  });

  it('refuses a size or idle timeout that is not a whole number above 0, naming the variable', () => {
    for (const name of ['DATABASE_POOL_SIZE', 'DATABASE_IDLE_TIMEOUT_MS'] as const) {
      for (const value of ['0', '-5', '2.5', 'ten']) {
        expect(() => loadEnv({ NODE_ENV: 'test', DATABASE_URL, [name]: value }), `${name}=${value}`).toThrow(
          new RegExp(`Must be a whole number above 0\\s+→ at ${name}`),
        );
      }
    }
  });

  it('leaves the embedded database its one connection', () => {
    expect(ormOptions({ clientUrl: DATABASE_URL, singleConnection: true, pool: { size: 25 } }, NO_MODEL).pool).toMatchObject({ max: 1 });
  });
});
