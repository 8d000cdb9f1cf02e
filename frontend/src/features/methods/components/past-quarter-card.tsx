import { quarterLabel, type TMethodListItem, type TQuarter, type TQuarterMethodResult } from '@v2mom/contracts';
import { memo, useId, type ReactNode } from 'react';
import { QuarterOutcome } from '../../../components/ui/quarter-outcome';
import { CardMeta, CardTitle, WorkCard } from '../../../components/ui/work-card';
import { PersonName, UserText } from '../../../components/ui/user-text';

interface PastQuarterCardProps {
  method: TMethodListItem;
  quarter: TQuarter;
  outcome: TQuarterMethodResult;
  /** The card's element id, where a screen scrolls to its cards. */
  id?: string;
  /** Below the outcome: the screen's own links. */
  footer?: ReactNode;
}

/**
 * A COO-tracked method's card for a quarter that has ended: what was true at its end
 * (docs/PRODUCT.md#quarter-review), on the COO View and Key Metrics alike.
 */
export const PastQuarterCard = memo(function PastQuarterCard({ method, quarter, outcome, id, footer }: PastQuarterCardProps) {
  const titleId = useId();
  return (
    <WorkCard id={id} aria-labelledby={titleId} tabIndex={id ? -1 : undefined}>
      <CardTitle id={titleId}>{method.description}</CardTitle>
      <CardMeta>
        <PersonName person={method.owner} /> · <UserText>{method.v2mom.title}</UserText> · {quarterLabel(quarter)} as it ended
      </CardMeta>
      <QuarterOutcome quarter={quarter} outcome={outcome} of={method.description} />
      {footer}
    </WorkCard>
  );
});
