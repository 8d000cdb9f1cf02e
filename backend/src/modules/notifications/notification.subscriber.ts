import type { EntityManager, EventArgs, EventSubscriber } from '@mikro-orm/core';
import { changedFields } from '../change-log/change-log.subscriber.js';
import { writeScope } from '../shared/write-scope.js';
import { selectRows } from '../read-db.js';
import type { Method } from '../methods/method.entity.js';
import type { Obstacle } from '../obstacles/obstacle.entity.js';
import type { Task } from '../tasks/task.entity.js';
import type { V2mom } from '../v2moms/v2mom.entity.js';
import { notify } from './notify.js';
import { notifyParentChanged } from './parent-changed.js';

type Watched = Method | Obstacle | Task | V2mom;

/** A method's fields whose change its supporters' owners hear of (docs/PRODUCT.md#parent-changes). */
const SUPPORTED_FIELDS = ['description', 'measure'] as const;

const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Link lists travel in the change log as JSON text of ids (`linkValue`). */
const linkIds = (value: unknown): number[] => (typeof value === 'string' ? (JSON.parse(value) as number[]) : []);

async function ownersOf(em: EntityManager, methodIds: readonly number[]): Promise<number[]> {
  if (methodIds.length === 0) return [];
  const rows = await selectRows(em, (db) => db.selectFrom('method').select('owner_id').where('id', 'in', methodIds).where('owner_id', 'is not', null));
  return rows.flatMap((row) => (row.owner_id === null ? [] : [row.owner_id]));
}

async function v2momOfMethod(em: EntityManager, methodId: number | undefined): Promise<number | null> {
  if (methodId === undefined) return null;
  const [row] = await selectRows(em, (db) => db.selectFrom('method').select('v2mom_id').where('id', '=', methodId));
  return row?.v2mom_id ?? null;
}

/**
 * Tells people of what others did to their work (docs/PRODUCT.md#notifications), from the flush
 * itself and in its transaction, whichever call made the write (a method's PUT, the document save,
 * a socket command): a method's status or owner changed, an obstacle linked to their method, a
 * task given to them. Writes outside a signed-in call (the demo's seeding) tell nobody, and
 * neither do the copies a call makes of existing rows (next year's carried obstacles and methods).
 */
export class NotificationSubscriber implements EventSubscriber<Watched> {
  async afterCreate(args: EventArgs<Watched>): Promise<void> {
    await this.changed(args, true);
  }

  async afterUpdate(args: EventArgs<Watched>): Promise<void> {
    await this.changed(args, false);
  }

  private async changed({ em, entity, meta, changeSet }: EventArgs<Watched>, created: boolean): Promise<void> {
    const scope = writeScope.getStore();
    if (!scope || !changeSet || (created && scope.isCopy(entity))) return;
    const actorId = scope.userId;
    const fields = created ? {} : changedFields(changeSet);
    switch (meta.className) {
      case 'Method': {
        const method = entity as Method;
        const base = { kind: 'method_changed', actorId, v2momId: method.v2mom.id, methodId: method.id } as const;
        const status = fields['status'];
        if (status && method.owner) {
          await notify(em, { ...base, recipientIds: [method.owner.id], detail: { field: 'status', from: status.old as string, to: status.new as string } });
        }
        const owner = fields['owner'];
        if (owner) {
          const people = [owner.old, owner.new].filter((id): id is number => typeof id === 'number');
          await notify(em, { ...base, recipientIds: people, detail: { field: 'owner', from: owner.old as number | null, to: owner.new as number | null } });
        }
        for (const changed of SUPPORTED_FIELDS) {
          const change = fields[changed];
          if (!change) continue;
          const parent = { kind: 'method' as const, id: method.id, title: method.description };
          await notifyParentChanged(em, { changed, parent, from: textOf(change.old), to: textOf(change.new), actorId });
        }
        return;
      }
      case 'V2mom': {
        const v2mom = entity as V2mom;
        const vision = fields['vision'];
        if (!vision) return;
        const parent = { kind: 'v2mom' as const, id: v2mom.id, title: v2mom.title };
        await notifyParentChanged(em, { changed: 'vision', parent, from: textOf(vision.old), to: textOf(vision.new), actorId });
        return;
      }
      case 'Obstacle': {
        const obstacle = entity as Obstacle;
        const links = fields['linkedMethods'];
        const added = created
          ? obstacle.linkedMethods.getItems(false).map((method) => method.id)
          : links
            ? linkIds(links.new).filter((id) => !linkIds(links.old).includes(id))
            : [];
        const recipientIds = await ownersOf(em, added);
        await notify(em, { kind: 'obstacle_added', actorId, recipientIds, v2momId: obstacle.v2mom.id, obstacleId: obstacle.id });
        return;
      }
      case 'Task': {
        const task = entity as Task;
        if (!created && !fields['owner']) return;
        const v2momId = await v2momOfMethod(em, task.method?.id);
        await notify(em, { kind: 'task_assigned', actorId, recipientIds: [task.owner.id], v2momId, taskId: task.id });
        return;
      }
    }
  }
}
