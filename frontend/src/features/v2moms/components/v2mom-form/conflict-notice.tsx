import { conflictSentence, type TConflict } from '@v2mom/contracts';
import styled from 'styled-components';
import { Notice } from '../../../../components/ui/notice';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { PersonName, Sentence } from '../../../../components/ui/user-text';

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * A save answered 409: someone saved this V2MOM first. Nothing was written, and nothing of the
 * user's is lost: their document is merged into the form, where a field both changed waits for
 * a choice, and the user saves again (docs/PRODUCT.md#editing-together).
 */
export function ConflictNotice({ conflict, onSave, saving }: { conflict: TConflict; onSave: () => void; saving: boolean }) {
  return (
    <Notice
      tone="warning"
      title={
        <>
          <PersonName person={conflict.updatedBy} missing="Someone else" /> changed this V2MOM <RelativeTime value={conflict.updatedAt} />
        </>
      }
      actionLabel="Save again"
      onAction={onSave}
      acting={saving}
    >
      <Text>
        <Sentence sentence={conflictSentence(conflict)} /> Your changes were not saved yet: their changes are now in the form alongside yours.
        Where you both changed a field, choose Keep mine or Take theirs, then save again.
      </Text>
    </Notice>
  );
}
