import { userOptionLabel, type TPickedPerson } from '@v2mom/contracts';
import { SearchCombobox, type PickerSlotProps } from '../../../components/ui/search-combobox';
import { useActiveUserSearch } from '../api/search-users';

/**
 * Owner selects and filters: people found by name, username or department as one types, a page
 * from the server (docs/PRODUCT.md#paged-lists) instead of the whole company. Only active people
 * are offered, as nobody new is given to a deactivated person (docs/PRODUCT.md#people-api).
 */
export function PersonPicker({ placeholder = 'Search people by name', ...props }: PickerSlotProps<TPickedPerson>) {
  return (
    <SearchCombobox<TPickedPerson>
      {...props}
      placeholder={placeholder}
      listLabel="People"
      useResults={useActiveUserSearch}
      label={userOptionLabel}
      emptyText="No one matches"
    />
  );
}
