import { CooView } from '../../../features/methods/components/coo-view/coo-view';
import { UnseenSummaryCard } from '../../../features/unseen/components/unseen-summary-card';

/** The COO View (docs/PRODUCT.md#coo-view); the route guard admits admins only. */
export default function CooViewPage() {
  return <CooView summary={<UnseenSummaryCard />} />;
}
