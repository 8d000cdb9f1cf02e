import { quarterLabel, type TMethodListItem, type TQuarter, type TQuarterMethodResult } from '@v2mom/contracts';
import { memo } from 'react';
import { QuarterOutcome } from '../../../../components/ui/quarter-outcome';
import { CardMeta, CardTitle, WorkCard } from '../../../../components/ui/work-card';
import { personName } from '../../../../lib/person-name';
import { methodCardId } from '../../../../components/method-cards';

/** A COO-tracked method's card for a quarter that has ended: what was true at its end (docs/PRODUCT.md#coo-view). */
export const PastQuarterCard = memo(function PastQuarterCard({ method, quarter, outcome }: { method: TMethodListItem; quarter: TQuarter; outcome: TQuarterMethodResult }) {
  const titleId = `${methodCardId(method.id)}-title`;
  return (
    <WorkCard id={methodCardId(method.id)} aria-labelledby={titleId} tabIndex={-1}>
      <CardTitle id={titleId}>{method.description}</CardTitle>
      <CardMeta>
        {personName(method.owner)} · {method.v2mom.title} · {quarterLabel(quarter)} as it ended
      </CardMeta>
      <QuarterOutcome quarter={quarter} outcome={outcome} of={method.description} />
    </WorkCard>
  );
});
