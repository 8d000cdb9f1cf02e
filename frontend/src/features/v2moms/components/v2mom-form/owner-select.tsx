import type { TPickedPerson } from '@v2mom/contracts';
import type { ComponentType } from 'react';
import type { PickerSlotProps } from '../../../../components/ui/search-combobox';

/** The people the form names by id, and the picker that finds others (the page hands both over). */
export interface FormOwners {
  /** Owners the form can name: those it holds, loaded by id, and those picked here. */
  people: ReadonlyMap<number, TPickedPerson>;
  /** People found by name as one types (docs/PRODUCT.md#paged-lists), never the whole company. */
  Picker: ComponentType<PickerSlotProps<TPickedPerson>>;
  /** Keeps the name of someone just picked, so the form shows them before any read. */
  remember: (person: TPickedPerson) => void;
}

/**
 * An owner field: active people searched by name as one types, or nobody ('Unassigned'). A
 * deactivated current owner keeps showing by name; one not named yet reads 'Current owner'.
 */
export function OwnerSelect({
  id,
  owners,
  value,
  onChange,
  error,
}: {
  id: string;
  owners: FormOwners;
  value: number | null;
  onChange: (ownerId: number | null) => void;
  /** The owner's error, said by the Field around the picker. */
  error?: string;
}) {
  const { Picker, people, remember } = owners;
  return (
    <Picker
      id={id}
      value={value === null ? null : (people.get(value) ?? null)}
      placeholder={value === null ? 'Unassigned' : 'Current owner'}
      error={error}
      onChange={(person) => {
        remember(person);
        onChange(person.id);
      }}
      clearLabel="Unassigned"
      onClear={() => onChange(null)}
    />
  );
}
