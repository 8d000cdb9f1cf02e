import { bootstrap, type AppInstance } from './app.js';
import type { DatabaseLocation } from './db/location.js';
import { migrateAndSeed } from './db/migrate-and-seed.js';
import { DEMO_ACCOUNTS } from './seeds/demo/demo-people.js';
import { seedDemoIfEmpty } from './seeds/demo/seed-demo.js';
import type { Env } from './env.js';
import { assertAutoCreateReady } from './modules/auth/sso/sso-accounts.service.js';
import { ssoSettingsFrom } from './modules/auth/sso/sso-settings.js';

function printBanner(env: Env, port: number): void {
  const lines = [``, `  V2MOM Tracker is ready at http://localhost:${port}`];
  if (env.SEED_DEMO) {
    lines.push(``, `  Demo accounts (password: ${env.DEMO_PASSWORD})`);
    for (const account of DEMO_ACCOUNTS) {
      lines.push(`    ${account.username.padEnd(8)} ${account.name} (${account.department}, ${account.role})`);
    }
  }
  // Plain stdout on purpose: people read this line, log collectors get the JSON lines.
  console.log(`${lines.join('\n')}\n`);
}

/** Listens on PORT; a port already taken ends the process with one clear line, not a stack trace. */
async function listen(instance: AppInstance, env: Env): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.server.listen(env.PORT, env.HOST, () => {
        instance.server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EADDRINUSE' && code !== 'EACCES') throw error;
    const reason = code === 'EADDRINUSE' ? 'is already in use' : 'needs privileges this process lacks';
    console.error(`\n  Port ${env.PORT} ${reason}. Stop what holds it, or start with another port: PORT=3001 make start\n`);
    await instance.close();
    process.exit(1);
  }
}

/** Migrates and seeds an empty database when allowed (one replica at a time), listens, and stops cleanly on SIGINT/SIGTERM. */
export async function startServer(env: Env, location: DatabaseLocation): Promise<void> {
  const instance = await bootstrap({ env, location });
  const { server, logger } = instance;

  if (await migrateAndSeed(instance.database, env.SEED_DEMO ? seedDemoIfEmpty(env.DEMO_PASSWORD, instance.now()) : null)) logger.info('Seeded the demo organisation');
  try {
    await assertAutoCreateReady(instance.orm.em.fork(), ssoSettingsFrom(env)?.autoCreate);
  } catch (error) {
    console.error(`\n  ${(error as Error).message}\n`);
    await instance.close();
    process.exit(1);
  }

  await instance.startJobs();
  await listen(instance, env);
  const address = server.address();
  printBanner(env, typeof address === 'object' && address ? address.port : env.PORT);
  logger.info({ host: env.HOST, port: env.PORT, database: instance.database.driver }, 'Listening');

  let stopping = false;
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'Shutting down');
    try {
      await instance.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGINT', (signal) => void shutdown(signal));
  process.once('SIGTERM', (signal) => void shutdown(signal));
}
