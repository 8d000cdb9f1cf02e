import type { TMethodListItem } from '@v2mom/contracts';
import { SearchCombobox, type PickerSlotProps } from '../../../components/ui/search-combobox';
import { useMethodSearch, type MethodPickerScope } from '../api/search-methods';

const description = (method: TMethodListItem) => method.description;

/**
 * Method selects (Add Method's linked method, a task's method): methods found by description,
 * V2MOM, owner or status as one types, the first page from the server (docs/PRODUCT.md#paged-lists)
 * instead of every method; an empty search offers the first by description. `v2momId` keeps to
 * one V2MOM's methods.
 */
export function MethodPicker({ v2momId, placeholder = 'Search methods', ...props }: PickerSlotProps<TMethodListItem> & MethodPickerScope) {
  return (
    <SearchCombobox<TMethodListItem, MethodPickerScope>
      {...props}
      placeholder={placeholder}
      listLabel="Methods"
      useResults={useMethodSearch}
      scope={{ v2momId }}
      label={description}
      emptyText="No method matches"
    />
  );
}
