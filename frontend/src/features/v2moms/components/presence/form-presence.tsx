import { sentenceText, written, type TEntityName, type TPresenceItem, type TPresenceMember, type TSentence } from '@v2mom/contracts';
import { createContext, useContext, type FocusEvent } from 'react';
import styled from 'styled-components';
import { Avatar } from '../../../../components/ui/avatar';
import { Sentence } from '../../../../components/ui/user-text';

/** The others editing this V2MOM, for the markers on the items they are in. */
export const FormPresenceContext = createContext<TPresenceMember[]>([]);

/** Marks an element as one presence item: focus inside it tells the others who is editing what. */
export const presenceItem = (entity: TEntityName, key: string) => ({
  'data-presence-entity': entity,
  'data-presence-key': key,
});

/**
 * The presence item around a focused element, read from `presenceItem`'s attributes, with the
 * field inside it (a `data-presence-field` between the element and the item) when there is one.
 */
export function presenceItemOf(event: FocusEvent<HTMLElement>): TPresenceItem | null {
  const target = event.target as HTMLElement;
  const element = target.closest<HTMLElement>('[data-presence-key]');
  const entity = element?.dataset.presenceEntity as TEntityName | undefined;
  const key = element?.dataset.presenceKey;
  if (!element || !entity || !key) return null;
  const field = target.closest<HTMLElement>('[data-presence-field]');
  return field && element.contains(field) && field.dataset.presenceField ? { entity, key, field: field.dataset.presenceField } : { entity, key };
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

/** The others whose focus is in this item of their form. */
export const editorsOf = (members: readonly TPresenceMember[], entity: TEntityName, itemKey: string) =>
  members.filter((member) => member.item?.entity === entity && member.item.key === itemKey);

/** 'Morgan Diaz, Jordan Lead': the names as their people wrote them, each a written part. */
const namesOf = (members: readonly Pick<TPresenceMember, 'name'>[]): TSentence =>
  members.flatMap((member, index) => (index === 0 ? [written(member.name)] : [', ', written(member.name)]));

/** 'Morgan Diaz is editing' / 'Morgan Diaz, Jordan Lead are editing'. */
export const editingWho = (editors: readonly TPresenceMember[]): TSentence => [...namesOf(editors), ` ${editors.length === 1 ? 'is' : 'are'} editing`];

/** 'Morgan Diaz is editing this' on the item another person has focused in their form. */
export function EditingMarker({ entity, itemKey }: { entity: TEntityName; itemKey: string }) {
  const editors = editorsOf(useContext(FormPresenceContext), entity, itemKey);
  const [first] = editors;
  if (!first) return null;
  const sentence = [...editingWho(editors), ' this'];
  return (
    <Chip title={sentenceText(sentence)}>
      <Avatar name={first.name} src={first.avatarUrl} size={18} />
      <span>
        <Sentence sentence={sentence} />
      </span>
    </Chip>
  );
}

const FieldNote = styled.p`
  margin: ${({ theme }) => `${theme.space[1]} 0 0`};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

/** 'Morgan Diaz is in this field' under the very field another person's cursor is in. */
export function FieldEditingMarker({ itemKey, field }: { itemKey: string; field: string }) {
  const members = useContext(FormPresenceContext).filter((member) => member.item?.key === itemKey && member.item.field === field);
  if (members.length === 0) return null;
  return (
    <FieldNote>
      <Sentence sentence={[...namesOf(members), ` ${members.length === 1 ? 'is' : 'are'} in this field`]} />
    </FieldNote>
  );
}
