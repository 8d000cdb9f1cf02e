import { QUARTER_RESULT_LABELS, type TQuarterResult } from '@v2mom/contracts';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<TQuarterResult, BadgeTone> = {
  met: 'success',
  partly_met: 'warning',
  missed: 'danger',
};

/** How a quarter went against its goal (docs/PRODUCT.md#quarter-review): colour and words; `Not reviewed` without a review. */
export function QuarterResultBadge({ result }: { result: TQuarterResult | null }) {
  return result ? (
    <Badge tone={TONES[result]} dot>
      {QUARTER_RESULT_LABELS[result]}
    </Badge>
  ) : (
    <Badge tone="neutral">Not reviewed</Badge>
  );
}
