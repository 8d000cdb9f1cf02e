import { defineEntity, p } from '@mikro-orm/core';
import { THREAD_SUBJECTS } from '@v2mom/contracts';
import { Method } from '../methods/method.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';

/**
 * The conversation about one V2MOM, method or obstacle (docs/PRODUCT.md#comments), made with its
 * first comment. `subject` and `subjectId` name it once; the foreign keys delete it with its item.
 */
export const ThreadSchema = defineEntity({
  name: 'Thread',
  uniques: [{ properties: ['subject', 'subjectId'] }],
  properties: {
    id: p.integer().primary(),
    subject: p.enum(THREAD_SUBJECTS),
    subjectId: p.integer(),
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    method: () => p.manyToOne(Method).ref().nullable().deleteRule('cascade').index(),
    obstacle: () => p.manyToOne(Obstacle).ref().nullable().deleteRule('cascade').index(),
    /** An obstacle's thread only: marked resolved, by whom. */
    resolvedAt: p.datetime().nullable(),
    resolvedBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
  },
});

export class Thread extends ThreadSchema.class {}
ThreadSchema.setClass(Thread);
