import type { TEntityName, TPresenceMember } from '@v2mom/contracts';
import { createContext, useContext, type FocusEvent } from 'react';
import styled from 'styled-components';
import { Avatar } from '../../../../components/ui/avatar';

/** The others editing this V2MOM, for the markers on the items they are in. */
export const FormPresenceContext = createContext<TPresenceMember[]>([]);

/** Marks an element as one presence item: focus inside it tells the others who is editing what. */
export const presenceItem = (entity: TEntityName, key: string) => ({
  'data-presence-entity': entity,
  'data-presence-key': key,
});

/** The presence item around a focused element, read from `presenceItem`'s attributes. */
export function presenceItemOf(event: FocusEvent<HTMLElement>): { entity: TEntityName; key: string } | null {
  const element = (event.target as HTMLElement).closest<HTMLElement>('[data-presence-key]');
  const entity = element?.dataset.presenceEntity as TEntityName | undefined;
  const key = element?.dataset.presenceKey;
  return entity && key ? { entity, key } : null;
}

const Chip = styled.span`
  display: inline-flex;
  justify-self: start;
  width: fit-content;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-width: 0;
  max-width: 100%;
  padding: 2px ${({ theme }) => theme.space[2]} 2px 2px;
  border: 1px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};

  span:last-child {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

/** 'Morgan Diaz is editing this' on the item another person has focused in their form. */
export function EditingMarker({ entity, itemKey }: { entity: TEntityName; itemKey: string }) {
  const editors = useContext(FormPresenceContext).filter((member) => member.item?.entity === entity && member.item.key === itemKey);
  const [first] = editors;
  if (!first) return null;
  const names = editors.map((member) => member.name).join(', ');
  return (
    <Chip title={`${names} ${editors.length === 1 ? 'is' : 'are'} editing this`}>
      <Avatar name={first.name} src={first.avatarUrl} size={18} />
      <span>{`${names} ${editors.length === 1 ? 'is' : 'are'} editing this`}</span>
    </Chip>
  );
}
