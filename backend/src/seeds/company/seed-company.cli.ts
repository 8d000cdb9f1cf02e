import { parseArgs } from 'node:util';
import { loadEnv } from '../../env.js';
import { openDatabase } from '../../db/database.js';
import { configuredLocation } from '../../db/location.js';
import { ormModel } from '../../modules/orm-model.js';
import { now } from '../../server-clock.js';
import { CompanySizeSchema, FULL_COMPANY } from './company-size.js';
import { CompanyNotEmptyError, seedCompany } from './seed-company.js';

/**
 * `make seed-company`: migrates the database DATABASE_URL names, then seeds a company-sized
 * organisation into it if nobody is there yet (`--people`, `--departments`; the full size by default).
 */
const { values } = parseArgs({ options: { people: { type: 'string' }, departments: { type: 'string' } } });
const parsed = CompanySizeSchema.safeParse({ people: values.people ?? FULL_COMPANY.people, departments: values.departments ?? FULL_COMPANY.departments });
if (!parsed.success) {
  console.error(`Cannot seed that company: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'size'}: ${issue.message}`).join('; ')}`);
  process.exit(2);
}
const env = loadEnv();
const database = await openDatabase(configuredLocation(env), ormModel);
try {
  await database.orm.migrator.up();
  const started = performance.now();
  // As of the server's clock: CLOCK_START, where a server started now would begin, else the system's.
  await seedCompany(database.orm, { size: parsed.data, password: env.DEMO_PASSWORD, today: env.CLOCK_START ?? now() });
  console.log(`Seeded ${parsed.data.people} people in ${parsed.data.departments} departments in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (!(error instanceof CompanyNotEmptyError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
