import { defineEntity, p } from '@mikro-orm/core';
import { PROGRESS_SOURCES, WORK_STATUSES, YEAR_ENDS } from '@v2mom/contracts';
import { textSortIndex } from '../../db/keyset.js';
import { trigramIndex } from '../../db/search.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { User } from '../users/user.entity.js';
import { V2mom } from '../v2moms/v2mom.entity.js';
import { Value } from '../values/value.entity.js';
import { MethodLinkedValue } from './method-linked-value.entity.js';
import { methodTallyTriggers } from './method-tally.triggers.js';
import { methodDayTallyMethodTriggers } from './method-day-tally.triggers.js';
import { branchTallyMethodTriggers } from '../v2moms/branch-tally.triggers.js';
import { scorecardTallyMethodTriggers } from '../quarter-reviews/scorecard-tally.triggers.js';
import { HAS_MEASURE_SQL, METHOD_MEASURE_COLUMNS } from './method-measures.js';

/** A method's own text a search looks in (docs/PRODUCT.md#paged-lists), by column: what `method_text_search_index` holds. */
export const METHOD_SEARCH_COLUMNS = ['description', ...METHOD_MEASURE_COLUMNS] as const;

const STALE_INDEX = 'method_stale_index';
const MEASURED_INDEX = 'method_measured_index';
const STALE_MEASURED_INDEX = 'method_stale_measured_index';
/** What the stale rule reads (rhythm/stale-methods.ts), carried in the index so a count of stale methods of a year reads it alone. */
const STALE_KEY_SQL = `(coalesce("last_check_in_at", "created_at"))`;
const STALE_COLUMNS_SQL = `include ("last_check_in_at", "created_at", "v2mom_id") where "status" <> 'completed'`;
const METHOD_COUNT_INDEXES_SQL = {
  [STALE_INDEX]: `create index "${STALE_INDEX}" on "method" (${STALE_KEY_SQL}, "id") ${STALE_COLUMNS_SQL}`,
  [MEASURED_INDEX]: `create index "${MEASURED_INDEX}" on "method" ("id") where (${HAS_MEASURE_SQL})`,
  [STALE_MEASURED_INDEX]: `create index "${STALE_MEASURED_INDEX}" on "method" (${STALE_KEY_SQL}) ${STALE_COLUMNS_SQL} and (${HAS_MEASURE_SQL})`,
};

const COO_TRACKED_INDEX = 'method_coo_tracked_updated_at_index';
const COO_TRACKED_INDEX_SQL = `create index "${COO_TRACKED_INDEX}" on "method" ("updated_at", "id") where "for_coo_tracking"`;

/** A method of a V2MOM; the services cap `linkedValues` at 3 (docs/PRODUCT.md#links). */
export const MethodSchema = defineEntity({
  name: 'Method',
  // The methods list pages by description and searches the methods' text (docs/PRODUCT.md#paged-lists); its stale
  // filter compares the last check-in, or the creation, of the methods not completed (#stale-marks);
  // Team Status lists them latest change first (#team-status-screen), and so do Key Metrics and the
  // COO View the few marked for COO tracking (#key-metrics). The Items List's counts
  // (#items-list) read the stale and the measured methods from partial indexes alone. The quarter
  // scorecard's tally triggers (#quarter-review) find a V2MOM's methods by its key's index.
  indexes: [
    textSortIndex('method', 'description'),
    trigramIndex('method', METHOD_SEARCH_COLUMNS),
    ...Object.entries(METHOD_COUNT_INDEXES_SQL).map(([name, expression]) => ({ name, expression })),
    { name: 'method_updated_at_index', properties: ['updatedAt', 'id'] },
    { name: COO_TRACKED_INDEX, expression: COO_TRACKED_INDEX_SQL },
  ],
  // The dashboard's counts of every method, the Items List's stale methods, each V2MOM's branch
  // roll-up and the quarter scorecard are tallies its writes keep (method-tally.entity.ts,
  // method-day-tally.entity.ts, v2moms/branch-tally.entity.ts, quarter-reviews/scorecard-tally.entity.ts).
  triggers: [...methodTallyTriggers(HAS_MEASURE_SQL), ...methodDayTallyMethodTriggers, ...branchTallyMethodTriggers, ...scorecardTallyMethodTriggers],
  properties: {
    ...auditProperties,
    v2mom: () => p.manyToOne(V2mom).ref().deleteRule('cascade').index(),
    description: p.text(),
    dueDate: p.date().nullable(),
    owner: () => p.manyToOne(User).ref().nullable().deleteRule('set null').index(),
    progress: p.integer().default(0),
    status: p.enum(WORK_STATUSES).default('not_started').index(),
    /** The API calls it `order`, which SQL reserves. */
    position: p.integer().default(0),
    linkedMethod: () => p.manyToOne(Method).ref().nullable().deleteRule('set null').index(),
    /** The method of the parent V2MOM this one serves (docs/PRODUCT.md#alignment); the parent's detail reads them by it. */
    supports: () => p.manyToOne(Method).ref().nullable().deleteRule('set null').index(),
    /** Own, or derived from the methods that support it (docs/PRODUCT.md#roll-up): `methods/roll-up.ts` keeps it. */
    progressFrom: p.enum(PROGRESS_SOURCES).default('own'),
    linkedValues: () => p.manyToMany(Value).pivotEntity(() => MethodLinkedValue).owner(),
    measure: p.text().nullable(),
    // MikroORM's naming strategy does not split digits ('q1measure'); name those columns.
    q1Measure: p.text().nullable().fieldName('q1_measure'),
    q2Measure: p.text().nullable().fieldName('q2_measure'),
    q3Measure: p.text().nullable().fieldName('q3_measure'),
    q4Measure: p.text().nullable().fieldName('q4_measure'),
    q1Goal: p.text().nullable().fieldName('q1_goal'),
    q2Goal: p.text().nullable().fieldName('q2_goal'),
    q3Goal: p.text().nullable().fieldName('q3_goal'),
    q4Goal: p.text().nullable().fieldName('q4_goal'),
    update: p.text().nullable(),
    /** Who wrote `update` and when, and how many check-ins the method has: kept by `check-in.subscriber.ts`, so lists read them in their one query. */
    updateAuthor: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    updateAt: p.datetime().nullable(),
    updateCount: p.integer().default(0),
    /** When its last check-in was made; null for none. What the rhythm's reminders and stale marks count from (docs/PRODUCT.md#rhythm). */
    lastCheckInAt: p.datetime().nullable(),
    currentMeasure: p.text().nullable(),
    /** 1 to 10, null until given; its value before the check-in that last changed it, kept by `check-in.subscriber.ts` (docs/PRODUCT.md#confidence). */
    confidence: p.smallint().nullable(),
    previousConfidence: p.smallint().nullable(),
    /** Why the write under way lowers the confidence: never stored on the method, its check-in keeps it. */
    confidenceReason: p.text().nullable().persist(false),
    activities: p.text().nullable(),
    l2Owner: p.string().length(200).nullable().fieldName('l2_owner'),
    forCooTracking: p.boolean().default(false).index(),
    /** The old year's method this one was carried from; unique, so a method is carried once (docs/PRODUCT.md#next-year). */
    carriedFrom: () => p.manyToOne(Method).ref().nullable().unique().deleteRule('set null'),
    /** How the method's year ended when its V2MOM was carried into the next; null while the year is open. */
    yearEnd: p.enum(YEAR_ENDS).nullable(),
    /** Inverse side of `Obstacle.linkedMethods`: read sides list the obstacles naming a method. */
    obstacles: () => p.manyToMany(Obstacle).mappedBy('linkedMethods'),
  },
});

export class Method extends MethodSchema.class {}
MethodSchema.setClass(Method);
