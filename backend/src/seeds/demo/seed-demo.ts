import type { MikroORM } from '@mikro-orm/core';
import type { StartSeed } from '../../db/migrate-and-seed.js';
import { User } from '../../modules/users/user.entity.js';
import { DemoSeeder } from './DemoSeeder.js';

/** Seeds the demo organisation as of `today` in one transaction: a failed seed leaves the database as it was. */
export async function seedDemo(orm: MikroORM, password: string, today: Date): Promise<void> {
  await orm.em.fork().transactional((em) => new DemoSeeder({ password, today }).run(em));
}

/** A start's seed: the demo organisation as of `today` (the server's clock), when nobody exists yet. */
export function seedDemoIfEmpty(password: string, today: Date): StartSeed {
  return async (em) => {
    if ((await em.count(User)) > 0) return false;
    await new DemoSeeder({ password, today }).run(em);
    return true;
  };
}
