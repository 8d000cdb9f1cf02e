import { loadEnv } from '../env.js';
import { openDatabase } from './database.js';
import { configuredLocation } from './location.js';
import { ormModel } from '../modules/orm-model.js';

/** `npm run migrate -w backend`: applies pending migrations (stop the server first when using the embedded database). */
const env = loadEnv();
const database = await openDatabase(configuredLocation(env), ormModel);
try {
  const { orm } = database;
  // On PostgreSQL in a transaction outside any request, which waits for the locks it needs however
  // long (db/lock-wait.ts); the embedded database's one connection has no one else to wait for.
  const applied =
    database.driver === 'embedded' ? await orm.migrator.up() : await orm.em.fork().transactional((em) => orm.migrator.up({ transaction: em.getTransactionContext() }));
  console.log(applied.length ? `Applied ${applied.map((migration) => migration.name).join(', ')}` : 'No pending migrations');
} finally {
  await database.close();
}
