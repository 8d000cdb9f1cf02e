import type { TUser, TUserListItem } from '@v2mom/contracts';
import { userOptionLabel } from '@v2mom/contracts';
import type { InputHTMLAttributes, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/field';
import type { V2momFormMode, V2momFormState } from './form-state';
import { PlusIcon, TrashIcon } from '../../../../components/ui/icons';

export type RemovableKind = 'value' | 'method' | 'obstacle';

/** What every tab needs to read and change the form. */
export interface FormEditor {
  form: V2momFormState;
  update: (change: (state: V2momFormState) => V2momFormState) => void;
  mode: V2momFormMode;
  viewer: TUser;
  /** manage_structure: add and remove values, methods and obstacles. */
  canChangeStructure: boolean;
  users: TUserListItem[];
  /** Unsaved items go at once; saved ones after the typed DELETE confirmation. */
  requestRemoval: (kind: RemovableKind, key: string) => void;
}

export const ItemList = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const ItemCard = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

export const ItemHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

/** h2: the page's h1 is the form's title and each tab's items are its sections. */
export const ItemHeading = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

export const NewTag = styled.span`
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.infoText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

export const FieldGrid = styled.div<{ $columns?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, ${({ $columns = 2 }) => ($columns >= 4 ? 160 : 220)}px), 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

export const Fieldset = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

export const CheckList = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const CheckLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 100%;
  min-height: 32px;
  padding: ${({ theme }) => `${theme.space[1]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.full};
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  &:has(input:checked) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.primarySoft};
    color: ${({ theme }) => theme.colors.primaryText};
  }

  input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

export function CheckChip({ label, title, ...input }: { label: ReactNode; title?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <CheckLabel title={title}>
      <input type="checkbox" {...input} />
      <span>{label}</span>
    </CheckLabel>
  );
}

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export const EmptyList = styled.div`
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.lg};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const TabIntro = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[4]};
`;

export function AddButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" leadingIcon={<PlusIcon />} onClick={onClick}>
      {children}
    </Button>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="ghost" size="sm" iconOnly aria-label={label} title={label} onClick={onClick}>
      <TrashIcon />
    </Button>
  );
}

/** An owner select: everyone by name and department, or nobody. */
export function OwnerSelect({
  id,
  users,
  value,
  onChange,
}: {
  id: string;
  users: TUserListItem[];
  value: number | null;
  onChange: (ownerId: number | null) => void;
}) {
  const known = value === null || users.some((user) => user.id === value);
  return (
    <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}>
      <option value="">Unassigned</option>
      {!known ? <option value={value ?? ''}>Current owner</option> : null}
      {users.map((user) => (
        <option key={user.id} value={user.id}>
          {userOptionLabel(user)}
        </option>
      ))}
    </Select>
  );
}
