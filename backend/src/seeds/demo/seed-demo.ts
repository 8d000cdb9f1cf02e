import type { MikroORM } from '@mikro-orm/core';
import { DemoSeeder } from './DemoSeeder.js';

/** Seeds the demo organisation as of `today` in one transaction: a failed seed leaves the database as it was. */
export async function seedDemo(orm: MikroORM, password: string, today: Date): Promise<void> {
  await orm.em.fork().transactional((em) => new DemoSeeder({ password, today }).run(em));
}
