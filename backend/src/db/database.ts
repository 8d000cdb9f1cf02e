import { MikroORM } from '@mikro-orm/postgresql';
import type { DatabaseLocation } from './location.js';
import { ormOptions, type OrmModel } from './orm.config.js';
import { ReplicaReads } from './replica-reads.js';

type DatabaseDriver = 'postgresql' | 'embedded';

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
    return { orm, driver: 'postgresql', ...(replica ? { replica } : {}), close: () => orm.close() };
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
