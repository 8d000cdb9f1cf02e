import { userOptionLabel, type TPickedPerson, type TUserListItem } from '@v2mom/contracts';
import type { ComboboxResults } from '../../../components/ui/combobox-results';
import { SearchCombobox, type PickerSlotProps } from '../../../components/ui/search-combobox';
import { useActiveUserSearch, useUserSearch } from '../api/search-users';

/** People found by name, username or department as one types, a page from the server (docs/PRODUCT.md#paged-lists). */
function PeopleCombobox({
  placeholder = 'Search people by name',
  useResults,
  ...props
}: PickerSlotProps<TPickedPerson> & { useResults: (q: string, open: boolean) => ComboboxResults<TUserListItem> }) {
  return <SearchCombobox<TPickedPerson> {...props} placeholder={placeholder} listLabel="People" useResults={useResults} label={userOptionLabel} emptyText="No one matches" />;
}

/**
 * Owner selects and filters: only active people are offered, as nobody new is given to a
 * deactivated person (docs/PRODUCT.md#people-api).
 */
export function PersonPicker(props: PickerSlotProps<TPickedPerson>) {
  return <PeopleCombobox {...props} useResults={useActiveUserSearch} />;
}

/** Filters of what happened, such as the audit log's: anyone, deactivated people too (their label says so). */
export function AnyPersonPicker(props: PickerSlotProps<TPickedPerson>) {
  return <PeopleCombobox {...props} useResults={useUserSearch} />;
}
