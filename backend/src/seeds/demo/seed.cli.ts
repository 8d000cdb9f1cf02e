import { loadEnv } from '../../env.js';
import { openDatabase } from '../../db/database.js';
import { configuredLocation } from '../../db/location.js';
import { seedDemo } from './seed-demo.js';
import { now } from '../../server-clock.js';
import { ormModel } from '../../modules/orm-model.js';

/** `npm run seed -w backend`: migrates, then adds whatever part of the demo organisation is missing. */
const env = loadEnv();
const database = await openDatabase(configuredLocation(env), ormModel);
try {
  await database.orm.migrator.up();
  // As of the server's clock: CLOCK_START, where a server started now would begin, else the system's.
  await seedDemo(database.orm, env.DEMO_PASSWORD, env.CLOCK_START ?? now());
  console.log('Demo organisation seeded');
} finally {
  await database.close();
}
