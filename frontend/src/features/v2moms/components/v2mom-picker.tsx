import { quarterLabel, type TV2mom } from '@v2mom/contracts';
import { SearchCombobox, type PickerSlotProps } from '../../../components/ui/search-combobox';
import { useV2momSearch, type V2momPickerScope } from '../api/get-v2mom-page';

/** A V2MOM as a picker names it: its title, quarter and year, and whose it is (many share a title). */
function v2momOptionLabel(v2mom: TV2mom): string {
  // The form's chosen parent is known by its title alone until the picker is opened.
  if (!(v2mom as Partial<TV2mom>).owner) return v2mom.title;
  return `${v2mom.title} (${quarterLabel(v2mom.quarter)} ${v2mom.year}) · ${v2mom.owner.name}`;
}

/**
 * V2MOM selects (Add Method, Add Obstacle, a meeting-room link's screen): V2MOMs found by title,
 * owner or department as one types, the first page from the server (docs/PRODUCT.md#paged-lists)
 * instead of every V2MOM; an empty search offers the first by title. `ownerId` keeps to one
 * owner's, for those who may pick only their own; `year` and `levelAbove` to those a V2MOM may be
 * aligned to (docs/PRODUCT.md#alignment).
 */
export function V2momPicker({ ownerId, year, levelAbove, placeholder = 'Search V2MOMs by title or owner', ...props }: PickerSlotProps<TV2mom> & V2momPickerScope) {
  return (
    <SearchCombobox<TV2mom, V2momPickerScope>
      {...props}
      placeholder={placeholder}
      listLabel="V2MOMs"
      useResults={useV2momSearch}
      scope={{ ownerId, year, levelAbove }}
      label={v2momOptionLabel}
      emptyText="No V2MOM matches"
    />
  );
}
