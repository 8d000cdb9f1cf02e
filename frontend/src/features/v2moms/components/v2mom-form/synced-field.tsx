import { useContext, type ReactNode } from 'react';
import styled from 'styled-components';
import { ChangedField, changedFieldProps } from '../../../../components/live/changed-fields';
import { Button } from '../../../../components/ui/button';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { UserText } from '../../../../components/ui/user-text';
import { FieldEditingMarker } from '../presence/form-presence';
import { theirValueText, type ConflictNames } from './conflict-value';
import { FormSyncContext } from './form-sync-context';
import { fieldAddress, type FieldConflict } from './form-sync';

const Root = styled(ChangedField)`
  min-width: 0;
`;

const Note = styled.p`
  margin: ${({ theme }) => `${theme.space[1]} 0 0`};
  color: ${({ theme }) => theme.colors.infoText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const ConflictBox = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin-top: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Theirs = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[3]};
  border-left: 3px solid ${({ theme }) => theme.colors.warning};
  overflow-wrap: anywhere;
  white-space: pre-wrap;
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/**
 * Someone else changed the field the user is changing: their value, who and when, and the choice.
 * `names` lets owner and link values show as names rather than ids.
 */
export function InlineConflict({ conflict, label, names }: { conflict: FieldConflict; label: string; names?: ConflictNames }) {
  const { keepMine, takeTheirs } = useContext(FormSyncContext);
  return (
    <ConflictBox role="group" aria-label={`Conflict on ${label}`}>
      <span>
        <strong>
          <UserText>{conflict.name}</UserText>
        </strong>{' '}
        changed {label.toLowerCase()} <RelativeTime value={conflict.at} /> while you were editing it:
      </span>
      <Theirs>{theirValueText(conflict, names)}</Theirs>
      <Choices>
        <Button size="sm" variant="secondary" onClick={() => keepMine(conflict)}>
          Keep mine
        </Button>
        <Button size="sm" variant="secondary" onClick={() => takeTheirs(conflict)}>
          Take theirs
        </Button>
      </Choices>
    </ConflictBox>
  );
}

export interface SyncedFieldProps {
  /** The form item's key (`v2mom` for the header fields) and the field's name, as form-sync.ts addresses them. */
  itemKey: string;
  field: string;
  /** The presence item around the field, when not `itemKey` (the header's 'details', 'vision'). */
  presenceKey?: string;
  /** How the field is named in the conflict ('Vision', 'Description'). */
  label: string;
  children: ReactNode;
}

/**
 * One field of the form as others change it (docs/PRODUCT.md#editing-together): a highlight and
 * who for a moment after their value landed, the inline conflict when the user had changed it too,
 * and who else is in this very field.
 */
export function SyncedField({ itemKey, field, presenceKey = itemKey, label, children }: SyncedFieldProps) {
  const { conflicts, landed } = useContext(FormSyncContext);
  const address = fieldAddress({ itemKey, field });
  const conflict = conflicts.find((open) => fieldAddress(open) === address);
  const change = landed.find((entry) => fieldAddress(entry) === address);
  return (
    <Root {...changedFieldProps(change?.serial)} data-presence-field={field}>
      {children}
      <FieldEditingMarker itemKey={presenceKey} field={field} />
      {change ? (
        <Note role="status">
          Updated by <UserText>{change.name}</UserText> · just now
        </Note>
      ) : null}
      {conflict ? <InlineConflict conflict={conflict} label={label} /> : null}
    </Root>
  );
}
