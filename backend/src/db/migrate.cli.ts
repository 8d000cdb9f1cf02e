import { loadEnv } from '../env.js';
import { openDatabase } from './database.js';
import { configuredLocation } from './location.js';
import { ormModel } from '../modules/orm-model.js';

/** `npm run migrate -w backend`: applies pending migrations (stop the server first when using the embedded database). */
const env = loadEnv();
const database = await openDatabase(configuredLocation(env), ormModel);
try {
  const applied = await database.orm.migrator.up();
  console.log(applied.length ? `Applied ${applied.map((migration) => migration.name).join(', ')}` : 'No pending migrations');
} finally {
  await database.close();
}
