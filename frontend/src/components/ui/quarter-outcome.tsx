import { quarterEndFigures, quarterLabel, type TQuarter, type TQuarterOutcome } from '@v2mom/contracts';
import { WorkStatusBadge } from './badge';
import { QuarterResultBadge } from './quarter-result-badge';
import { TextOr } from './text-or';
import { CardFact, CardFacts, CardProgress } from './work-card';

/**
 * A method's quarter as it ended (docs/PRODUCT.md#quarter-review): its goal and measure (as
 * reviewed, once reviewed), progress, status and current measure at the quarter's end, the result
 * and the reflection; the figures the deck and the meeting-room screen show too.
 */
export function QuarterOutcome({ quarter, outcome, of }: { quarter: TQuarter; outcome: TQuarterOutcome; of: string }) {
  const figures = quarterEndFigures(outcome);
  const label = quarterLabel(quarter);
  return (
    <>
      <CardFacts $min="160px" $gap={3}>
        <CardFact>
          <dt>{label} Goal</dt>
          <dd>
            <TextOr value={figures.goal} empty="No goal set" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>{label} Measure</dt>
          <dd>
            <TextOr value={figures.measure} empty="No measure set" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>At the quarter&apos;s end</dt>
          <dd>
            <WorkStatusBadge status={figures.status} /> <TextOr value={figures.currentMeasure} empty="Not measured" />
          </dd>
        </CardFact>
        <CardFact>
          <dt>Result</dt>
          <dd>
            <QuarterResultBadge result={figures.result} />
          </dd>
        </CardFact>
        {figures.reflection === null ? null : (
          <CardFact $wide>
            <dt>Reflection</dt>
            <dd>{figures.reflection}</dd>
          </CardFact>
        )}
      </CardFacts>
      <CardProgress value={figures.progress} of={`${of} at the end of ${label}`} />
    </>
  );
}
