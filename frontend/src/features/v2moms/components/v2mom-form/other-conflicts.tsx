import { useContext } from 'react';
import styled from 'styled-components';
import { FormSyncContext } from './form-sync-context';
import { isShownInline, placeOf } from './form-sync';
import type { ConflictNames } from './conflict-value';
import { InlineConflict } from './synced-field';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Heading = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const LIST_LABELS = { header: 'V2MOM', values: 'Value', methods: 'Method', obstacles: 'Obstacle' } as const;

/** Fields that hold ids or keys, named as the form labels them. */
const FIELD_NAMES: Readonly<Record<string, string>> = {
  ownerId: 'owner',
  linkedValueKeys: 'linked values',
  linkedMethodKeys: 'linked methods',
  linkedMethodId: 'linked method',
  departmentId: 'department',
  parent: 'aligned to',
  supportsMethodId: 'supports',
};

/** 'dueDate' -> 'due date', 'q1Measure' -> 'q1 measure', 'ownerId' -> 'owner'. */
const fieldWords = (field: string) => FIELD_NAMES[field] ?? field.replace(/([A-Z])/g, ' $1').toLowerCase();

/**
 * Conflicts on fields that have no place of their own for one (status, owner, dates, links...),
 * listed together above the tabs so Save is never held by a choice the user cannot see.
 */
export function OtherConflicts({ form, people, departments }: ConflictNames) {
  const { conflicts } = useContext(FormSyncContext);
  const others = conflicts.filter((conflict) => !isShownInline(form, conflict));
  if (others.length === 0) return null;
  return (
    <Section aria-labelledby="other-conflicts">
      <Heading id="other-conflicts">Changed by someone else while you were editing</Heading>
      {others.map((conflict) => {
        const place = placeOf(form, conflict.itemKey);
        const item = place === null || place.list === 'header' ? 'V2MOM' : `${LIST_LABELS[place.list]} ${place.index + 1}`;
        return <InlineConflict key={`${conflict.itemKey}.${conflict.field}`} conflict={conflict} label={`${item} ${fieldWords(conflict.field)}`} names={{ form, people, departments }} />;
      })}
    </Section>
  );
}
