import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../http/app-error.js';
import { selectRows } from '../read-db.js';
import { User } from '../users/user.entity.js';

/**
 * A person's manager (docs/PRODUCT.md#people-api): an active person of the organisation who is
 * neither the person nor anyone they manage, directly or through others. Refusals are 400s naming
 * `managerId`, so the form says them beside the field.
 */

const refused = (message: string) => new AppError('bad_request', message, { fieldErrors: { managerId: [message] } });

export const SELF_MANAGER = 'A person cannot be their own manager';
const cycleMessage = (manager: string, person: string) => `${manager} reports to ${person}, directly or through others: a person cannot be managed by someone they manage`;
export const inactiveManagerMessage = (manager: string) => `${manager} is deactivated: choose an active person as manager`;

/** The ids of everyone above `id` along managers; `union` stops at a cycle a database could hold. */
async function managersAbove(em: EntityManager, id: number): Promise<number[]> {
  const rows = await selectRows(em, (db) =>
    db
      .withRecursive('chain(id)', (chain) =>
        chain
          .selectFrom('user')
          .select('manager_id as id')
          .where('id', '=', id)
          .union((above) => above.selectFrom('user').innerJoin('chain', 'chain.id', 'user.id').select('user.manager_id as id')),
      )
      .selectFrom('chain')
      .select('chain.id')
      .where('chain.id', 'is not', null),
  );
  return rows.flatMap((row) => (row.id === null ? [] : [row.id]));
}

/** The manager `managerId` names for `person` (null for a new person), or a 400 saying why not. */
export async function referencedManager(em: EntityManager, managerId: number, person: User | null): Promise<User> {
  const manager = await em.findOne(User, managerId, { populate: ['department'] });
  if (!manager) throw refused('No such user');
  if (person && manager.id === person.id) throw refused(SELF_MANAGER);
  if (!manager.active) throw refused(inactiveManagerMessage(manager.name));
  if (person && (await managersAbove(em, manager.id)).includes(person.id)) throw refused(cycleMessage(manager.name, person.name));
  return manager;
}

/**
 * The people `managerOf` leads to from `start` when they come back to `start`, `start` first: a
 * cycle among people not written yet (a file's rows); empty when the line ends.
 */
export function managerCycle<Key>(start: Key, managerOf: (key: Key) => Key | undefined): Key[] {
  const seen = new Set<Key>([start]);
  for (let next = managerOf(start); next !== undefined; next = managerOf(next)) {
    if (next === start) return [...seen];
    if (seen.has(next)) return [];
    seen.add(next);
  }
  return [];
}
