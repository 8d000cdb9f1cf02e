import type { TWorkStatus } from '@v2mom/contracts';
import type { DemoMethod } from './demo-v2moms.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** A check-in as the demo writes it, less the method and author the seeder knows. */
export interface DemoCheckIn {
  at: Date | null;
  progress: number | null;
  status: TWorkStatus | null;
  currentMeasure: string | null;
  update: string | null;
  prevProgress: number | null;
  prevStatus: TWorkStatus | null;
  prevCurrentMeasure: string | null;
  prevUpdate: string | null;
  confidence: number | null;
  prevConfidence: number | null;
  confidenceReason: string | null;
}

/** What the method row keeps of its history: its last update's time, its confidence and the one before its last change. */
export interface DemoHistory {
  checkIns: DemoCheckIn[];
  updateAt: Date | null;
  confidence: number | null;
  previousConfidence: number | null;
}

/** How many of a method's last check-ins gave a confidence. */
const CONFIDENT_WEEKS = 6;

/** Why an at-risk method's confidence fell at its last check-in. */
const DROP_REASONS = ['A key dependency slipped by a month.', 'Budget for the next phase is not confirmed.', 'The team lost a senior engineer.'];

/**
 * The confidence a method's check-in of `week` gives (docs/PRODUCT.md#confidence), or null: two in
 * three methods give one in their last `CONFIDENT_WEEKS` check-ins, rising a point near the end;
 * one at risk now falls three at its last, with a reason. Deterministic, by the method's position.
 */
function demoConfidence(final: TWorkStatus, week: number, last: number, index: number): { confidence: number; reason: string | null } | null {
  if (index % 3 === 2 || week <= last - CONFIDENT_WEEKS) return null;
  const base = 5 + (index % 4);
  if (final === 'at_risk' && week === last) return { confidence: base - 3, reason: DROP_REASONS[index % DROP_REASONS.length] ?? null };
  return { confidence: week >= last - 1 && final !== 'at_risk' ? base + 1 : base, reason: null };
}

/** How far back a past reaches at least, so that a demo seeded early in a fiscal year has one too. */
const SHORTEST_PAST_WEEKS = 12;

/** Words of the reports written before the latest one, in turn. */
const EARLIER_REPORTS = [
  'Kick-off done; owners and milestones agreed.',
  'First milestone reached on schedule.',
  'Waiting on a dependency from another team.',
  'Back on track after the review.',
  'Early numbers look promising.',
];

/**
 * One method's past (docs/PRODUCT.md#demo-organisation): a check-in a week from the start of the
 * fiscal year, or 12 weeks back when it began less than that ago (its own weekday, by its position `index` among the demo's methods), progress rising
 * to today's value and the last check-in at the method's current values, so the history ends where
 * the row is. Every seventh method stopped checking in weeks ago, every fourth has not checked in
 * this week yet, and methods not started have no past. Most give a confidence in their last
 * weeks (`demoConfidence`). The legacy `updates` text of the demo data
 * becomes an undated check-in, as the migration makes of a real one. Deterministic: the same
 * `today` gives the same past.
 */
export function demoHistory(
  demo: Pick<DemoMethod, 'status' | 'progress' | 'currentMeasure' | 'update' | 'updates'>,
  index: number,
  fiscalYearStart: Date,
  today: Date,
): DemoHistory {
  const legacy: DemoCheckIn[] = demo.updates ? [{ ...UNKNOWN, update: demo.updates }] : [];
  if (demo.status === 'not_started') return { checkIns: legacy, updateAt: null, confidence: null, previousConfidence: null };
  const offset = (index % 5) * DAY_MS + 10 * 3_600_000 + index * 60_000;
  const quietWeeks = index % 7 === 3 ? 4 + (index % 5) : index % 4 === 1 ? 1 : 0;
  const until = today.getTime() - quietWeeks * WEEK_MS;
  const times: Date[] = [];
  const first = Math.min(fiscalYearStart.getTime(), today.getTime() - SHORTEST_PAST_WEEKS * WEEK_MS) + offset;
  for (let at = first; at <= until; at += WEEK_MS) times.push(new Date(at));
  const last = times.length - 1;
  const start = Math.round(demo.progress * 0.15);
  let previous: DemoCheckIn = { ...UNKNOWN, progress: 0, status: 'not_started' };
  let previousConfidence: number | null = null;
  const checkIns = times.map((at, week): DemoCheckIn => {
    const final = week === last;
    const given = demoConfidence(demo.status, week, last, index);
    const confidence = given?.confidence ?? previous.confidence;
    if (confidence !== previous.confidence) previousConfidence = previous.confidence;
    const report = final ? (demo.update ?? null) : demo.update && week % 4 === 0 ? (EARLIER_REPORTS[(week / 4 + index) % EARLIER_REPORTS.length] ?? null) : previous.update;
    const checkIn: DemoCheckIn = {
      at,
      progress: final ? demo.progress : Math.round(start + ((demo.progress - start) * (week + 1)) / times.length),
      status: final ? demo.status : statusInWeek(demo.status, week, last, index),
      currentMeasure: demo.currentMeasure ?? null,
      update: report,
      prevProgress: previous.progress,
      prevStatus: previous.status,
      prevCurrentMeasure: week === 0 ? null : previous.currentMeasure,
      prevUpdate: previous.update,
      confidence,
      prevConfidence: previous.confidence,
      confidenceReason: given?.reason ?? null,
    };
    previous = checkIn;
    return checkIn;
  });
  const lastReport = checkIns.findLast((checkIn) => checkIn.update !== checkIn.prevUpdate);
  return {
    checkIns: [...legacy, ...checkIns],
    updateAt: demo.update && lastReport?.update === demo.update ? lastReport.at : null,
    confidence: previous.confidence,
    previousConfidence,
  };
}

const UNKNOWN: DemoCheckIn = {
  at: null,
  progress: null,
  status: null,
  currentMeasure: null,
  update: null,
  prevProgress: null,
  prevStatus: null,
  prevCurrentMeasure: null,
  prevUpdate: null,
  confidence: null,
  prevConfidence: null,
  confidenceReason: null,
};

/** At risk for the last weeks of a method at risk now, and for a week now and then for the others. */
function statusInWeek(final: TWorkStatus, week: number, last: number, index: number): TWorkStatus {
  if (final === 'at_risk' && week >= last - 3) return 'at_risk';
  return (week + index) % 11 === 5 ? 'at_risk' : 'in_progress';
}
