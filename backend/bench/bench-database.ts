import type { MikroORM } from '@mikro-orm/postgresql';
import { seedDemo } from '../src/seeds/demo/seed-demo.js';
import { now } from '../src/server-clock.js';
import { createScratchDatabase } from '../src/test/scratch-database.js';

export interface BenchDatabase {
  orm: MikroORM;
  /** What the app under test connects to. */
  clientUrl: string;
}

/**
 * A scratch database on the PostgreSQL server at `serverUrl`, migrated and seeded with the demo
 * organisation (passwords `demo1234`), for the length of `run`; dropped afterwards, whatever happened.
 */
export async function withBenchDatabase(serverUrl: string, run: (bench: BenchDatabase) => Promise<void>): Promise<void> {
  console.log(`Creating a scratch database on ${new URL(serverUrl).host}…`);
  const scratch = await createScratchDatabase(serverUrl);
  try {
    const { orm } = scratch.database;
    await orm.migrator.up();
    await seedDemo(orm, 'demo1234', now());
    await run({ orm, clientUrl: orm.config.get('clientUrl') as string });
  } finally {
    await scratch.database.close();
    await scratch.dispose();
  }
}
