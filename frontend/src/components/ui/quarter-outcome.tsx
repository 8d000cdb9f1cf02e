import { quarterLabel, type TQuarter, type TQuarterMethodResult } from '@v2mom/contracts';
import { WorkStatusBadge } from './badge';
import { QuarterResultBadge } from './quarter-result-badge';
import { TextOr } from './text-or';
import { CardFact, CardFacts, CardProgress } from './work-card';

/**
 * A method's quarter as it ended (docs/PRODUCT.md#quarter-review): its goal and measure (as
 * reviewed, once reviewed), progress, status and current measure at the quarter's end, the result
 * and the reflection.
 */
export function QuarterOutcome({ quarter, outcome, of }: { quarter: TQuarter; outcome: TQuarterMethodResult; of: string }) {
  const { review } = outcome;
  const atEnd = review ?? outcome.atEnd;
  const label = quarterLabel(quarter);
  return (
    <>
      <CardFacts $min="160px" $gap={3}>
        <CardFact>
          <dt>{label} Goal</dt>
          <dd>
            <TextOr value={review ? review.goal : outcome.goal} empty="No goal set" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>{label} Measure</dt>
          <dd>
            <TextOr value={review ? review.measure : outcome.measure} empty="No measure set" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>At the quarter&apos;s end</dt>
          <dd>
            <WorkStatusBadge status={atEnd.status} /> <TextOr value={atEnd.currentMeasure} empty="Not measured" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>Result</dt>
          <dd>
            <QuarterResultBadge result={review?.result ?? null} />
          </dd>
        </CardFact>
        {review ? (
          <CardFact $wide>
            <dt>Reflection</dt>
            <dd>{review.reflection}</dd>
          </CardFact>
        ) : null}
      </CardFacts>
      <CardProgress value={atEnd.progress} of={`${of} at the end of ${label}`} />
    </>
  );
}
