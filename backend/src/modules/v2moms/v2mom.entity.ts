import { defineEntity, p } from '@mikro-orm/core';
import { APPROVAL_STATES, DEFAULT_V2MOM_LEVEL, QUARTERS, V2MOM_LEVELS, V2MOM_STATUSES } from '@v2mom/contracts';
import { Department } from '../departments/department.entity.js';
import { textSortIndex } from '../../db/keyset.js';
import { trigramIndex } from '../../db/search.js';
import { auditProperties } from '../shared/audit.properties.js';
import { Measure } from '../measures/measure.entity.js';
import { Method } from '../methods/method.entity.js';
import { Obstacle } from '../obstacles/obstacle.entity.js';
import { User } from '../users/user.entity.js';
import { Value } from '../values/value.entity.js';
import { branchTallyV2momTriggers } from './branch-tally.triggers.js';
import { scorecardTallyV2momTriggers } from '../quarter-reviews/scorecard-tally.triggers.js';
import { methodDayTallyV2momTriggers } from '../methods/method-day-tally.triggers.js';

export const V2momSchema = defineEntity({
  name: 'V2mom',
  indexes: [
    { properties: ['year', 'quarter'] },
    // Lists page V2MOMs by title, the first order, and by year (docs/PRODUCT.md#paged-lists): index ranges on the very keys they compare (db/keyset.ts).
    textSortIndex('v2mom', 'title'),
    // It carries the owner, whose department a year's methods with none of their own count in: the quarter scorecard's tally was counted from it.
    { name: 'v2mom_year_id_index', expression: 'create index "v2mom_year_id_index" on "v2mom" ("year", "id") include ("owner_id")' },
    // A few methods' V2MOM years, by key, without the V2MOM rows: the COO tracking counts' stale methods (docs/PERFORMANCE.md#paged-list-plans).
    { name: 'v2mom_id_year_index', expression: 'create index "v2mom_id_year_index" on "v2mom" ("id") include ("year")' },
    // A search of V2MOMs, methods or obstacles looks in V2MOM titles.
    trigramIndex('v2mom', ['title']),
    // A department or team has one V2MOM a year, the company one (docs/PRODUCT.md#alignment).
    {
      name: 'v2mom_department_year_unique',
      expression: 'create unique index "v2mom_department_year_unique" on "v2mom" ("department_id", "year") where "department_id" is not null',
    },
    // What awaits a manager's approval is read by their people's V2MOMs, the longest waiting first (docs/PRODUCT.md#approval).
    {
      name: 'v2mom_awaiting_approval_index',
      expression: `create index "v2mom_awaiting_approval_index" on "v2mom" ("owner_id", "approval_submitted_at", "id") where "approval" = 'submitted'`,
    },
    // The never-approved V2MOMs, a few: those whose methods and obstacles are taken off the company's figures for whoever does not read them.
    {
      name: 'v2mom_unpublished_index',
      expression: `create index "v2mom_unpublished_index" on "v2mom" ("id") where "approval" is not null and "approved_at" is null`,
    },
    { name: 'v2mom_company_year_unique', expression: `create unique index "v2mom_company_year_unique" on "v2mom" ("year") where "level" = 'company'` },
  ],
  // Each V2MOM's branch roll-up follows its realignment and deletion (branch-tally.entity.ts), the
  // quarter scorecard its year, owner, approval and deletion (quarter-reviews/scorecard-tally.entity.ts),
  // the open methods by day its year and deletion (methods/method-day-tally.entity.ts).
  triggers: [...branchTallyV2momTriggers, ...scorecardTallyV2momTriggers, ...methodDayTallyV2momTriggers],
  properties: {
    ...auditProperties,
    title: p.string().length(300),
    year: p.integer(),
    quarter: p.enum(QUARTERS),
    status: p.enum(V2MOM_STATUSES).default('draft').index(),
    vision: p.text().default(''),
    overallProgress: p.integer().default(0),
    owner: () => p.manyToOne(User).ref().index(),
    /**
     * The V2MOM of the year before that this one was started from (docs/PRODUCT.md#next-year);
     * unique, so one year is carried into one next year however often it is asked. Having a
     * successor is what closes a V2MOM.
     */
    startedFrom: () => p.manyToOne(V2mom).ref().nullable().unique().deleteRule('set null'),
    /** What the rollover that started it asked, hashed: a retry asking the same gets the same answer. */
    startedFromRequest: p.string().length(64).nullable(),
    /** Where it sits in the cascade (docs/PRODUCT.md#alignment). */
    level: p.enum(V2MOM_LEVELS).default(DEFAULT_V2MOM_LEVEL),
    /** The department or team whose V2MOM it is: set for those levels only. */
    department: () => p.manyToOne(Department).ref().nullable().deleteRule('set null'),
    /** The V2MOM it is aligned to, of the same year and a higher level; its children are read by it, hence the index. */
    parent: () => p.manyToOne(V2mom).ref().nullable().deleteRule('set null').index(),
    /** Where its approval stands: a person's V2MOM aligned to another only, null for every other (docs/PRODUCT.md#approval). */
    approval: p.enum(APPROVAL_STATES).nullable(),
    approvalSubmittedAt: p.datetime().nullable(),
    /** Approved once: everyone reads it from then on. */
    approvedAt: p.datetime().nullable(),
    changedSinceApproved: p.boolean().default(false),
    /** What the last request for changes said, until it is approved. */
    approvalComment: p.text().nullable(),
    values: () => p.oneToMany(Value).mappedBy('v2mom').orderBy({ position: 'asc', id: 'asc' }),
    methods: () => p.oneToMany(Method).mappedBy('v2mom').orderBy({ position: 'asc', id: 'asc' }),
    obstacles: () => p.oneToMany(Obstacle).mappedBy('v2mom').orderBy({ position: 'asc', id: 'asc' }),
    measures: () => p.oneToMany(Measure).mappedBy('v2mom').orderBy({ position: 'asc', id: 'asc' }),
  },
});

export class V2mom extends V2momSchema.class {}
V2momSchema.setClass(V2mom);
