import { L2_OWNERS, type TL2Owner } from '@v2mom/contracts';
import type { SelectHTMLAttributes } from 'react';
import { Select } from './field';

export interface L2OwnerSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: TL2Owner | null;
  onChange: (owner: TL2Owner | null) => void;
}

/** A method's L2 owner: one of the fixed names, or None (docs/PRODUCT.md#l2-owners). */
export function L2OwnerSelect({ value, onChange, ...rest }: L2OwnerSelectProps) {
  return (
    <Select {...rest} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : (event.target.value as TL2Owner))}>
      <option value="">None</option>
      {L2_OWNERS.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </Select>
  );
}
