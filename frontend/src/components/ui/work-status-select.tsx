import { WORK_STATUSES, workStatusLabel, type TWorkStatus } from '@v2mom/contracts';
import { Select } from './field';

export interface WorkStatusSelectProps {
  id: string;
  value: TWorkStatus;
  onChange: (status: TWorkStatus) => void;
  disabled?: boolean;
}

/** A method's or task's status, chosen among the four by their labels. */
export function WorkStatusSelect({ id, value, onChange, disabled }: WorkStatusSelectProps) {
  return (
    <Select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as TWorkStatus)}>
      {WORK_STATUSES.map((status) => (
        <option key={status} value={status}>
          {workStatusLabel(status)}
        </option>
      ))}
    </Select>
  );
}
