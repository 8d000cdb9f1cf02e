import type { EntityManager } from '@mikro-orm/core';
import {
  canReopenReview,
  canReviewMethod,
  fiscalYearOf,
  lastFinishedQuarter,
  quarterEnd,
  quarterLabel,
  quarterUnderReview,
  reviewWindow,
  type TCurrentQuarterReview,
  type TFiscalQuarter,
  type TQuarter,
  type TQuarterMethodResult,
  type TQuarterResults,
  type TQuarterResultsRequest,
  type TQuarterReview,
  type TQuarterScorecard,
  type TSaveQuarterReview,
  type TScorecardCounts,
} from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../admin/audit.service.js';
import { methodsAt } from '../checkins/values-at.js';
import { Method } from '../methods/method.entity.js';
import { readRhythmTimes } from '../rhythm/rhythm.service.js';
import { changeSet, deletedChange, rowChange, type ChangeSet, type Written } from '../shared/change-set.js';
import { actorOf, assertVersion, authorize, found } from '../shared/guards.js';
import { lockedRow } from '../shared/merge.js';
import type { User } from '../users/user.entity.js';
import { QuarterReview } from './quarter-review.entity.js';
import { quarterColumns, reviewOf, reviewRows } from './quarter-review.read.js';

/** A review's rows are what the reviewed-goals guard of ../write-effects.ts reads when a method's goal or measure is saved. */

/** 403 texts (docs/PRODUCT.md#forbidden-messages). */
const REVIEW_FORBIDDEN = {
  review: "Only the method's owner can review its quarter",
  reopen: 'Only someone who manages the structure can reopen a quarter review',
} as const;

/** How messages name a quarter of a fiscal year: 'Q2 FY2026'. */
function quarterName({ year, quarter }: TFiscalQuarter): string {
  return `${quarterLabel(quarter)} FY${year}`;
}

/** The company's time zone, which quarters end by (docs/PRODUCT.md#quarter-review). */
async function companyZone(em: EntityManager): Promise<string> {
  return (await readRhythmTimes(em)).timeZone;
}

/** GET /api/quarter-reviews/current: the quarter open for review at the server's `now`. */
export async function currentQuarterReview(em: EntityManager, now: Date): Promise<TCurrentQuarterReview> {
  const zone = await companyZone(em);
  const open = quarterUnderReview(now, zone);
  if (!open) return { open: null, now: now.toISOString() };
  const { opensAt, endsAt, closesAt } = reviewWindow(open, zone);
  return { open: { ...open, opensAt: opensAt.toISOString(), endsAt: endsAt.toISOString(), closesAt: closesAt.toISOString() }, now: now.toISOString() };
}

/** The methods' values at the quarter's end, or now before it ends, with their goal, measure and review of it. */
async function resultRows(em: EntityManager, quarter: TFiscalQuarter, methodIds: number[], at: Date) {
  const columns = quarterColumns(quarter.quarter);
  return selectRows(em, (db) =>
    methodsAt(db, at)
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .leftJoin(reviewRows(db).where('r.year', '=', quarter.year).where('r.quarter', '=', quarter.quarter).as('rv'), 'rv.review_method_id', 'm.id')
      .selectAll('rv')
      .select([columns.goal.as('goal'), columns.measure.as('measure'), 'v.id as v2mom_id'])
      .where('m.id', 'in', methodIds)
      .where('v.year', '=', quarter.year),
  );
}

/**
 * POST /api/quarter-results (docs/PRODUCT.md#quarter-review): for each named method of the
 * quarter's fiscal year, its goal and measure now, its values at the quarter's end (the trends'
 * rule, at the end or at `now` before it) and its review, in one statement.
 */
export async function quarterResults(em: EntityManager, { year, quarter, methodIds }: TQuarterResultsRequest, now: Date): Promise<TQuarterResults> {
  const endsAt = quarterEnd({ year, quarter }, await companyZone(em));
  const ended = endsAt <= now;
  const ids = [...new Set(methodIds)];
  const rows = ids.length === 0 ? [] : await resultRows(em, { year, quarter }, ids, ended ? endsAt : now);
  return {
    year,
    quarter,
    endsAt: endsAt.toISOString(),
    ended,
    methods: rows.map((row) => ({
      methodId: row.id,
      goal: row.goal,
      measure: row.measure,
      atEnd: { progress: row.progress, status: row.status, currentMeasure: row.current_measure },
      review: reviewOf(row),
    })),
  };
}

/** A quarter of the current fiscal year that has ended, with the outcomes of the methods of that year it was asked for. */
export interface PastQuarter extends TFiscalQuarter {
  endsAt: Date;
  methods: ReadonlyMap<number, TQuarterMethodResult>;
}

/**
 * `quarter` of the fiscal year at `now` as it ended, for those of `methodIds` of that year: what the
 * COO View's past-quarter cards show (through POST /api/quarter-results), so the meeting-room
 * screen and the deck read it here (docs/PRODUCT.md#quarter-review). Null while that quarter has
 * not ended: then they show today's values.
 */
export async function pastQuarterOf(em: EntityManager, quarter: TQuarter, methodIds: number[], now: Date): Promise<PastQuarter | null> {
  const results = await quarterResults(em, { year: fiscalYearOf(now), quarter, methodIds }, now);
  if (!results.ended) return null;
  return { year: results.year, quarter, endsAt: new Date(results.endsAt), methods: new Map(results.methods.map((method) => [method.methodId, method])) };
}

/** A review's read shape and the departments whose screens show its method. */
async function writtenReview(em: EntityManager, id: number): Promise<{ review: TQuarterReview; departments: string[]; v2momId: number }> {
  const [row] = await selectRows(em, (db) =>
    reviewRows(db)
      .innerJoin('method as m', 'm.id', 'r.method_id')
      .innerJoin('v2mom as v', 'v.id', 'm.v2mom_id')
      .innerJoin('user as vo', 'vo.id', 'v.owner_id')
      .innerJoin('department as vod', 'vod.id', 'vo.department_id')
      .leftJoin('user as mo', 'mo.id', 'm.owner_id')
      .leftJoin('department as mod', 'mod.id', 'mo.department_id')
      .select(['v.id as v2mom_id', 'vod.name as v2mom_owner_department', 'mod.name as owner_department'])
      .where('r.id', '=', id),
  );
  const { v2mom_id, v2mom_owner_department, owner_department, ...columns } = found(row, 'Quarter review');
  return { review: found(reviewOf(columns), 'Quarter review'), departments: [v2mom_owner_department, ...(owner_department ? [owner_department] : [])], v2momId: v2mom_id };
}

/**
 * POST /api/quarter-reviews (docs/PRODUCT.md#quarter-review): the method's owner (or a
 * manage_structure holder) reviews its quarter while that quarter's window is open, once; the
 * review keeps the quarter's goal and measure and the method's values at its end as they are now.
 */
export function saveQuarterReview(em: EntityManager, actor: User, body: TSaveQuarterReview, now: Date): Promise<Written<TQuarterReview>> {
  return em.transactional(async (tx) => {
    const method = await lockedRow(tx, Method, body.methodId, 'Method');
    authorize(canReviewMethod(actorOf(actor), { ownerId: method.owner?.id ?? null }), REVIEW_FORBIDDEN.review);
    const zone = await companyZone(tx);
    const open = quarterUnderReview(now, zone);
    const asked = { year: body.year, quarter: body.quarter };
    if (!open || open.year !== asked.year || open.quarter !== asked.quarter) {
      const which = open ? `Only ${quarterName(open)} is open for review now` : 'No quarter is open for review now';
      throw new AppError('bad_request', `${quarterName(asked)} is not open for review. ${which}: a quarter opens two weeks before it ends and closes four weeks after.`);
    }
    const v2mom = await method.v2mom.load();
    if (v2mom?.year !== asked.year) {
      throw new AppError('bad_request', `This method's V2MOM is of fiscal year ${v2mom?.year ?? '?'}: it has no goal for ${quarterName(asked)}`);
    }
    const existing = await tx.findOne(QuarterReview, { method: method.id, year: asked.year, quarter: asked.quarter });
    if (existing) throw new AppError('conflict', `${quarterName(asked)} of this method is already reviewed. Someone who manages the structure can reopen it.`);
    const endsAt = quarterEnd(asked, zone);
    const [row] = await selectRows(tx, (db) => methodsAt(db, endsAt <= now ? endsAt : now).where('m.id', '=', method.id));
    const atEnd = found(row, 'Method');
    const review = tx.create(QuarterReview, {
      method,
      ...asked,
      result: body.result,
      reflection: body.reflection,
      goal: method[`${asked.quarter}Goal`] ?? null,
      measure: method[`${asked.quarter}Measure`] ?? null,
      progress: atEnd.progress,
      status: atEnd.status,
      currentMeasure: atEnd.current_measure,
      reviewedBy: actor,
      reviewedAt: now,
      updatedBy: actor,
    });
    await tx.flush();
    const { review: result, departments, v2momId } = await writtenReview(tx, review.id);
    return { result, changeSet: changeSet([rowChange('quarterReview', result, 'created', v2momId)], departments) };
  });
}

/**
 * DELETE /api/quarter-reviews/{id} (docs/PRODUCT.md#quarter-review): a manage_structure holder
 * reopens a review, which deletes it: the quarter's goal and measure can change again and the
 * owner can review it again while its window is open. The audit log keeps what it said.
 */
export function reopenQuarterReview(em: EntityManager, actor: User, id: number, expectedVersion: number | undefined): Promise<ChangeSet> {
  return em.transactional(async (tx) => {
    authorize(canReopenReview(actorOf(actor)), REVIEW_FORBIDDEN.reopen);
    const row = await lockedRow(tx, QuarterReview, id, 'Quarter review');
    await assertVersion('quarterReview', row, expectedVersion);
    const { review, departments, v2momId } = await writtenReview(tx, id);
    const method = await row.method.load();
    recordAudit(tx, {
      action: 'quarter_review.reopened',
      actor,
      subject: `${quarterName(review)} of “${method?.description ?? ''}”`,
      before: {
        result: review.result,
        reflection: review.reflection,
        goal: review.goal,
        measure: review.measure,
        reviewedBy: review.reviewedBy?.name ?? null,
        reviewedAt: review.reviewedAt,
      },
    });
    tx.remove(row);
    await tx.flush();
    return changeSet([deletedChange('quarterReview', review, v2momId)], departments);
  });
}

const NO_COUNTS: TScorecardCounts = { met: 0, partlyMet: 0, missed: 0, notReviewed: 0 };
/** The tally's columns (scorecard-tally.entity.ts). */
const COUNTED = ['met', 'partly_met', 'missed', 'not_reviewed'] as const;

/**
 * GET /api/quarter-scorecard (docs/PRODUCT.md#quarter-review): the last quarter that has ended at
 * `now` in the company's time zone, and per department (the method owner's, else its V2MOM
 * owner's) how many methods of that fiscal year met, partly met or missed their goal, and how many
 * nobody reviewed. Read from the tally the writes keep (scorecard-tally.entity.ts): that quarter's
 * few rows a department along its key, named as the departments are named now, so it is read
 * afresh at every ask and kept in no cache (docs/PERFORMANCE.md#paged-list-plans).
 */
export async function quarterScorecard(em: EntityManager, now: Date): Promise<TQuarterScorecard> {
  const zone = await companyZone(em);
  const last = lastFinishedQuarter(now, zone);
  const rows = await selectRows(em, (db) =>
    db
      .selectFrom('scorecard_tally as t')
      .innerJoin('department as d', 'd.id', 't.department_id')
      .select((eb) => ['d.name as department', ...COUNTED.map((column) => eb.cast<number>(eb.fn.sum(`t.${column}`), 'integer').as(column))])
      .where('t.year', '=', last.year)
      .where('t.quarter', '=', last.quarter)
      .groupBy('d.name')
      // A department whose methods all moved elsewhere keeps rows of zeros: it has none of the year.
      .having((eb) => eb.or(COUNTED.map((column) => eb(eb.fn.sum(`t.${column}`), '<>', 0))))
      .orderBy('d.name'),
  );
  const total = { ...NO_COUNTS };
  const departments = rows.map(({ department, ...counted }) => {
    const counts = { met: counted.met, partlyMet: counted.partly_met, missed: counted.missed, notReviewed: counted.not_reviewed };
    for (const key of Object.keys(total) as (keyof TScorecardCounts)[]) total[key] += counts[key];
    return { department, ...counts };
  });
  return { ...last, endsAt: quarterEnd(last, zone).toISOString(), departments, total };
}
