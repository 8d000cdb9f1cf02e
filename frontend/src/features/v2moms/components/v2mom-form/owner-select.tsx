import type { TUserListItem } from '@v2mom/contracts';
import { assignableUsers, userOptionLabel } from '@v2mom/contracts';
import { invalidProps, Select } from '../../../../components/ui/field';

/** An owner select: everyone by name and department, or nobody. */
export function OwnerSelect({
  id,
  users,
  value,
  onChange,
  error,
}: {
  id: string;
  users: TUserListItem[];
  value: number | null;
  onChange: (ownerId: number | null) => void;
  /** The owner's error, said by the Field around the select. */
  error?: string;
}) {
  const known = value === null || users.some((user) => user.id === value);
  return (
    <Select
      id={id}
      value={value ?? ''}
      {...invalidProps(id, error)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <option value="">Unassigned</option>
      {!known ? <option value={value ?? ''}>Current owner</option> : null}
      {assignableUsers(users, value).map((user) => (
        <option key={user.id} value={user.id}>
          {userOptionLabel(user)}
        </option>
      ))}
    </Select>
  );
}
