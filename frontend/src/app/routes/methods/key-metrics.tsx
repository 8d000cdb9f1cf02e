import { StaleMarksContext } from '../../../components/stale-marks';
import { PageHeader } from '../../../components/ui/page-header';
import { KeyMetricsGrid } from '../../../features/methods/components/key-metrics/key-metrics-grid';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';

/** The COO-tracked methods with a measure, live, stale ones marked once the rhythm is here (docs/PRODUCT.md#key-metrics). */
export default function KeyMetricsPage() {
  const staleMarks = useRhythmStaleMarks();
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <PageHeader title="Key Metrics" subtitle="Measures of the methods tracked by the COO" />
      <KeyMetricsGrid />
    </StaleMarksContext.Provider>
  );
}
