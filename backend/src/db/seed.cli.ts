import { loadEnv } from '../env.js';
import { openDatabase } from './database.js';
import { configuredLocation } from './location.js';
import { seedDemo } from './seeders/seed-demo.js';

/** `npm run seed -w backend`: migrates, then adds whatever part of the demo organisation is missing. */
const env = loadEnv();
const database = await openDatabase(configuredLocation(env));
try {
  await database.orm.migrator.up();
  await seedDemo(database.orm, env.DEMO_PASSWORD);
  console.log('Demo organisation seeded');
} finally {
  await database.close();
}
