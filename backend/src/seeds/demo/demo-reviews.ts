import type { TQuarterResult, TWorkStatus } from '@v2mom/contracts';

const DAY_MS = 86_400_000;

/** Short reflections, in turn, for each result. */
const REFLECTIONS: Record<TQuarterResult, readonly string[]> = {
  met: [
    'Landed as planned; the weekly check-ins kept it honest.',
    'Goal met a week early, so we pulled the next milestone in.',
    'Met: the team owned the target from the first week.',
  ],
  partly_met: [
    'Most of the goal landed; the last part slipped into this quarter.',
    'Good progress, but a dependency held back the final step.',
    'Partly there: the pilot ran, the rollout waits on sign-off.',
  ],
  missed: [
    'Missed: we underestimated the integration work. Replanned with smaller steps.',
    'Blocked for most of the quarter; escalated and now unblocked.',
  ],
};

/**
 * A demo method's review of the last finished quarter (docs/PRODUCT.md#demo-organisation), from
 * its values at the quarter's end and its position `index` among the demo's methods: at risk at the
 * end is `Missed`, at least half done `Met`, otherwise `Partly met`; every fifth method (from the
 * third) is left not reviewed (null). Reviewed by the owner a few days after the end, never after
 * `today`. Deterministic: the same values and dates give the same review.
 */
export function demoReview(
  index: number,
  atEnd: { progress: number; status: TWorkStatus },
  { endsAt, today }: { endsAt: Date; today: Date },
): { result: TQuarterResult; reflection: string; reviewedAt: Date } | null {
  if (index % 5 === 2) return null;
  const result: TQuarterResult = atEnd.status === 'at_risk' ? 'missed' : atEnd.progress >= 50 ? 'met' : 'partly_met';
  const reflections = REFLECTIONS[result];
  const reviewedAt = new Date(Math.min(endsAt.getTime() + (1 + (index % 9)) * DAY_MS + 10 * 3_600_000, today.getTime()));
  return { result, reflection: reflections[index % reflections.length] ?? '', reviewedAt };
}
