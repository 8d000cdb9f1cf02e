import { quarterAsItEnded, type TQuarter, type TQuarterOutcome, type TRoomMethod } from '@v2mom/contracts';
import { memo, useId, type ReactNode } from 'react';
import { QuarterOutcome } from '../../../components/ui/quarter-outcome';
import { CardMeta, CardTitle, WorkCard } from '../../../components/ui/work-card';
import { PersonName, UserText } from '../../../components/ui/user-text';

interface PastQuarterCardProps {
  /** A signed-in screen's method, or a meeting-room screen's (people by name only). */
  method: Pick<TRoomMethod, 'description' | 'owner' | 'v2mom'>;
  quarter: TQuarter;
  outcome: TQuarterOutcome;
  /** The card's element id, where a screen scrolls to its cards. */
  id?: string;
  /** Below the outcome: the screen's own links. */
  footer?: ReactNode;
}

/**
 * A COO-tracked method's card for a quarter that has ended: what was true at its end
 * (docs/PRODUCT.md#quarter-review), on the COO View, its meeting-room screen and Key Metrics alike.
 */
export const PastQuarterCard = memo(function PastQuarterCard({ method, quarter, outcome, id, footer }: PastQuarterCardProps) {
  const titleId = useId();
  return (
    <WorkCard id={id} aria-labelledby={titleId} tabIndex={id ? -1 : undefined}>
      <CardTitle id={titleId}>{method.description}</CardTitle>
      <CardMeta>
        <PersonName person={method.owner} /> · <UserText>{method.v2mom.title}</UserText> · {quarterAsItEnded(quarter)}
      </CardMeta>
      <QuarterOutcome quarter={quarter} outcome={outcome} of={method.description} />
      {footer}
    </WorkCard>
  );
});
