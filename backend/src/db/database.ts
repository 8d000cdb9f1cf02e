import { MikroORM } from '@mikro-orm/postgresql';
import type { DatabaseLocation } from './location.js';
import { ormOptions, type OrmModel } from './orm.config.js';

type DatabaseDriver = 'postgresql' | 'embedded';

export interface Database {
  orm: MikroORM;
  driver: DatabaseDriver;
  close(): Promise<void>;
}

export async function openDatabase(location: DatabaseLocation, model: OrmModel): Promise<Database> {
  if (location.kind === 'postgresql') {
    const orm = await MikroORM.init(ormOptions(location, model));
    return { orm, driver: 'postgresql', close: () => orm.close() };
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
