import { AsOfContext } from '../../../components/as-of/as-of-view';
import { QuarterOutcomesContext } from '../../../components/quarter-outcomes';
import { StaleMarksContext } from '../../../components/stale-marks';
import { PageHeader } from '../../../components/ui/page-header';
import { KeyMetricsGrid } from '../../../features/methods/components/key-metrics/key-metrics-grid';
import { useQuarterOutcomes } from '../../../features/quarter-reviews/api/use-quarter-outcomes';
import { useAsOfView } from '../../../features/as-of/hooks/use-as-of-view';
import { useRhythm } from '../../../features/rhythm/api/get-rhythm';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../../features/sheets/components/export-menu';

/**
 * The COO-tracked methods with a measure, live, stale ones marked once the rhythm is here; a past
 * quarter's outcomes come from the quarter reviews, as on the COO View (docs/PRODUCT.md#key-metrics);
 * the day shown, if not today, from the address (docs/PRODUCT.md#as-of).
 */
export default function KeyMetricsPage() {
  const staleMarks = useRhythmStaleMarks();
  const asOf = useAsOfView(useRhythm().data?.timeZone ?? 'UTC');
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <AsOfContext.Provider value={asOf}>
        <QuarterOutcomesContext.Provider value={useQuarterOutcomes}>
          <PageHeader
            title="Key Metrics"
            subtitle="Measures of the methods tracked by the COO"
            actions={<ExportMenu download={{ route: SHEET_PATHS.exportKeyMetrics }} />}
          />
          <KeyMetricsGrid />
        </QuarterOutcomesContext.Provider>
      </AsOfContext.Provider>
    </StaleMarksContext.Provider>
  );
}
