import type { MikroORM } from '@mikro-orm/core';
import { User } from '../../modules/users/user.entity.js';
import { DemoSeeder } from './DemoSeeder.js';

/** Seeds the demo organisation in one transaction: a failed seed leaves the database as it was. */
export async function seedDemo(orm: MikroORM, password: string): Promise<void> {
  await orm.em.fork().transactional((em) => new DemoSeeder({ password }).run(em));
}

export async function hasNoUsers(orm: MikroORM): Promise<boolean> {
  return (await orm.em.fork().count(User)) === 0;
}
