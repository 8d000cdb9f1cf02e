import { QuarterOutcomesContext } from '../../../components/quarter-outcomes';
import { StaleMarksContext } from '../../../components/stale-marks';
import { PageHeader } from '../../../components/ui/page-header';
import { KeyMetricsGrid } from '../../../features/methods/components/key-metrics/key-metrics-grid';
import { useQuarterOutcomes } from '../../../features/quarter-reviews/api/use-quarter-outcomes';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { API_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../../features/sheets/components/export-menu';

/**
 * The COO-tracked methods with a measure, live, stale ones marked once the rhythm is here; a past
 * quarter's outcomes come from the quarter reviews, as on the COO View (docs/PRODUCT.md#key-metrics).
 */
export default function KeyMetricsPage() {
  const staleMarks = useRhythmStaleMarks();
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <QuarterOutcomesContext.Provider value={useQuarterOutcomes}>
        <PageHeader
          title="Key Metrics"
          subtitle="Measures of the methods tracked by the COO"
          actions={<ExportMenu download={{ route: API_PATHS.exportKeyMetrics }} />}
        />
        <KeyMetricsGrid />
      </QuarterOutcomesContext.Provider>
    </StaleMarksContext.Provider>
  );
}
