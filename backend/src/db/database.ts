import { setTimeout as delay } from 'node:timers/promises';
import { MikroORM } from '@mikro-orm/postgresql';
import type { DatabaseLocation } from './location.js';
import { ormOptions, type OrmModel } from './orm.config.js';
import { ReplicaReads } from './replica-reads.js';

type DatabaseDriver = 'postgresql' | 'embedded';

/**
 * How long closing waits for the pool to get its connections back. A connection `pg-pool` finished
 * opening after its time-out (a machine too busy to answer within CONNECTION_TIMEOUT_MS) can stay
 * checked out for good, and the pool's end waits for every one: a server told to stop never did.
 * Past this bound the rest is left to the process's end, which closes every socket.
 */
const POOL_END_WITHIN_MS = 10_000;

async function closeWithin(orm: MikroORM, withinMs: number): Promise<void> {
  const closing = orm.close();
  const late = Symbol('late');
  // The timer does not keep a process that has nothing else to do alive.
  if ((await Promise.race([closing, delay(withinMs, late, { ref: false })])) === late) closing.catch(() => undefined);
}

export interface Database {
  orm: MikroORM;
  driver: DatabaseDriver;
  /** Set when DATABASE_READ_URL names a replica: where each request's reads go. */
  replica?: ReplicaReads;
  close(): Promise<void>;
}

export async function openDatabase(location: DatabaseLocation, model: OrmModel): Promise<Database> {
  if (location.kind === 'postgresql') {
    const orm = await MikroORM.init(ormOptions(location, model));
    const replica = location.readClientUrl ? new ReplicaReads(orm) : undefined;
    return { orm, driver: 'postgresql', ...(replica ? { replica } : {}), close: () => closeWithin(orm, POOL_END_WITHIN_MS) };
  }
  const embedded = await location.server;
  try {
    const orm = await MikroORM.init(ormOptions({ clientUrl: embedded.clientUrl, singleConnection: true }, model));
    return {
      orm,
      driver: 'embedded',
      async close() {
        await orm.close();
        await embedded.stop();
      },
    };
  } catch (error) {
    await embedded.stop();
    throw error;
  }
}
