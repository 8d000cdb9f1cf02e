import type { TV2mom, TV2momComplete, TV2momWithWork } from '@v2mom/contracts';
import { toMeasure } from '../measures/measure.serializer.js';
import { toMethodListItem } from '../methods/method.serializer.js';
import { toObstacle } from '../obstacles/obstacle.serializer.js';
import { auditFields, toUserSummary } from '../shared/audit.serializer.js';
import { toValue } from '../values/value.serializer.js';
import type { V2mom } from './v2mom.entity.js';

/**
 * The relations each read shape needs, loaded with `populate` so a read runs the same number
 * of statements for 10 or 100 V2MOMs. The `methods.*` and `obstacles.*` paths mirror
 * METHOD_READ_POPULATE and OBSTACLE_READ_POPULATE under the parent (a method's `v2mom` is the
 * parent itself).
 */
export const V2MOM_POPULATE = ['owner.department', 'updatedBy'] as const;

export const V2MOM_WITH_WORK_POPULATE = [
  ...V2MOM_POPULATE,
  'methods.owner.department',
  'methods.linkedMethod',
  'methods.linkedValues',
  'methods.obstacles',
  'methods.updatedBy',
  'obstacles.owner',
  'obstacles.linkedMethods',
  'obstacles.updatedBy',
] as const;

export const V2MOM_COMPLETE_POPULATE = [...V2MOM_WITH_WORK_POPULATE, 'values.updatedBy', 'measures.updatedBy'] as const;

/** A V2MOM without children (ZV2momSchema); needs V2MOM_POPULATE. */
export function toV2mom(v2mom: V2mom): TV2mom {
  const owner = v2mom.owner.getEntity();
  const { version, updatedAt, updatedBy } = auditFields(v2mom);
  const summary = toUserSummary(owner);
  return {
    id: v2mom.id,
    version,
    title: v2mom.title,
    year: v2mom.year,
    quarter: v2mom.quarter,
    status: v2mom.status,
    vision: v2mom.vision,
    overallProgress: v2mom.overallProgress,
    lastUpdated: updatedAt,
    updatedBy,
    userId: owner.id,
    user: summary,
    owner: { ...summary, avatarUrl: owner.avatarUrl ?? null },
  };
}

/** With methods and obstacles in order (ZV2momWithWorkSchema); needs V2MOM_WITH_WORK_POPULATE. */
export function toV2momWithWork(v2mom: V2mom, now: Date = new Date()): TV2momWithWork {
  return {
    ...toV2mom(v2mom),
    methods: v2mom.methods.getItems().map((method) => toMethodListItem(method, now)),
    obstacles: v2mom.obstacles.getItems().map(toObstacle),
  };
}

/** The whole document (ZV2momCompleteSchema); needs V2MOM_COMPLETE_POPULATE. */
export function toV2momComplete(v2mom: V2mom, now: Date = new Date()): TV2momComplete {
  return {
    ...toV2momWithWork(v2mom, now),
    values: v2mom.values.getItems().map(toValue),
    measures: v2mom.measures.getItems().map(toMeasure),
  };
}
