import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../http/app-error.js';
import { selectRows } from '../read-db.js';
import { User } from '../users/user.entity.js';
import { Department } from './department.entity.js';

/**
 * A department's place in the organisation (docs/PRODUCT.md#departments): its parent is another
 * department that is not one of its own teams, directly or through others; its head is an active
 * person. Refusals are 400s naming `parentId` or `headId`, so the form says them beside the field.
 */

const refused = (field: 'parentId' | 'headId', message: string) => new AppError('bad_request', message, { fieldErrors: { [field]: [message] } });

const SELF_PARENT = 'A department cannot be a team of itself';
const cycleMessage = (parent: string, department: string) =>
  `${parent} is a team of ${department}, directly or through others: a department cannot be a team of one of its own teams`;
const inactiveHeadMessage = (head: string) => `${head} is deactivated: choose an active person as head`;

/** How far up a chain of parents is followed: deeper than any organisation, short of a cycle a database could hold. */
const MOST_LEVELS = 64;

/** `id` and the ids of every department above it along parents, nearest first. */
export async function departmentsUpward(em: EntityManager, id: number): Promise<number[]> {
  const rows = await selectRows(em, (db) =>
    db
      .withRecursive('chain(id, depth)', (chain) =>
        chain
          .selectFrom('department')
          .select((eb) => [eb.cast<number | null>('id', 'integer').as('id'), eb.cast<number>(eb.lit(0), 'integer').as('depth')])
          .where('id', '=', id)
          .unionAll((above) =>
            above
              .selectFrom('department')
              .innerJoin('chain', 'chain.id', 'department.id')
              .select(['department.parent_id as id', (eb) => eb('chain.depth', '+', 1).as('depth')])
              .where('department.parent_id', 'is not', null)
              .where('chain.depth', '<', MOST_LEVELS),
          ),
      )
      .selectFrom('chain')
      .select('chain.id')
      .orderBy('chain.depth'),
  );
  return [...new Set(rows.flatMap((row) => (row.id === null ? [] : [row.id])))];
}

/** The ids of every department above `id` along parents. */
const departmentsAbove = async (em: EntityManager, id: number) => (await departmentsUpward(em, id)).filter((above) => above !== id);

/** The parent `parentId` names for `department` (null for a new one), or a 400 saying why not. */
export async function referencedParent(em: EntityManager, parentId: number, department: Department | null): Promise<Department> {
  const parent = await em.findOne(Department, parentId);
  if (!parent) throw refused('parentId', 'No such department');
  if (department && parent.id === department.id) throw refused('parentId', SELF_PARENT);
  if (department && (await departmentsAbove(em, parent.id)).includes(department.id)) throw refused('parentId', cycleMessage(parent.name, department.name));
  return parent;
}

/** The head `headId` names, or a 400 saying why not. */
export async function referencedHead(em: EntityManager, headId: number): Promise<User> {
  const head = await em.findOne(User, headId, { populate: ['department'] });
  if (!head) throw refused('headId', 'No such user');
  if (!head.active) throw refused('headId', inactiveHeadMessage(head.name));
  return head;
}
