import { loadEnv } from '../env.js';
import { ormOptions } from './orm.config.js';
import { ormModel } from '../modules/orm-model.js';

/**
 * Configuration for the MikroORM CLI (`npm run migration:create -w backend`). Point
 * DATABASE_URL at a scratch database that `npm run migrate` has brought up to date.
 */
const { DATABASE_URL } = loadEnv();
if (!DATABASE_URL) {
  throw new Error('Set DATABASE_URL to a scratch PostgreSQL database to create migrations');
}

export default ormOptions({ clientUrl: DATABASE_URL }, ormModel);
