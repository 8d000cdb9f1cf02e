import type { TMeasure } from '@v2mom/contracts';
import { SearchCombobox, type PickerSlotProps } from '../../../components/ui/search-combobox';
import { useMeasureSearch } from '../api/search-measures';

const description = (measure: TMeasure) => measure.description;

/**
 * Measure selects (a token limited to one measure, docs/PRODUCT.md#numbers-pushed-in): a V2MOM's
 * measure rows found by description or V2MOM title as one types, the first few from the server.
 */
export function MeasurePicker({ placeholder = 'Search measures', ...props }: PickerSlotProps<TMeasure>) {
  return <SearchCombobox<TMeasure> {...props} placeholder={placeholder} listLabel="Measures" useResults={useMeasureSearch} label={description} emptyText="No measure matches" />;
}
