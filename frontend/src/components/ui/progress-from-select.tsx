import { PROGRESS_FROM_LABELS, PROGRESS_SOURCES, type TProgressFrom } from '@v2mom/contracts';
import type { ComponentProps } from 'react';
import { Select } from './field';

export type ProgressFromSelectProps = Omit<ComponentProps<typeof Select>, 'value' | 'onChange'> & {
  value: TProgressFrom;
  onChange: (progressFrom: TProgressFrom) => void;
};

/** Where a method's progress comes from (docs/PRODUCT.md#roll-up), chosen among the sources by their labels. */
export function ProgressFromSelect({ value, onChange, ...select }: ProgressFromSelectProps) {
  return (
    <Select {...select} value={value} onChange={(event) => onChange(event.target.value as TProgressFrom)}>
      {PROGRESS_SOURCES.map((source) => (
        <option key={source} value={source}>
          {PROGRESS_FROM_LABELS[source]}
        </option>
      ))}
    </Select>
  );
}
