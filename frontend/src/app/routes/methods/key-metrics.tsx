import { PageHeader } from '../../../components/ui/page-header';
import { KeyMetricsGrid } from '../../../features/methods/components/key-metrics/key-metrics-grid';

/** The COO-tracked methods with a measure, live (docs/PRODUCT.md#key-metrics). */
export default function KeyMetricsPage() {
  return (
    <>
      <PageHeader title="Key Metrics" subtitle="Measures of the methods tracked by the COO" />
      <KeyMetricsGrid />
    </>
  );
}
