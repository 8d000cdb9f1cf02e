import { truncate } from '@v2mom/contracts';
import styled from 'styled-components';
import { Notice } from '../../../../components/ui/notice';
import { RelativeTime } from '../../../../components/ui/relative-time';
import { Button } from '../../../../components/ui/button';
import { UserText } from '../../../../components/ui/user-text';
import type { FormDraft } from './form-draft';
import type { RemovedWhileEditing } from './form-sync';

const Text = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Lines = styled.ul`
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;
`;

const Discard = styled.div`
  margin-top: ${({ theme }) => theme.space[2]};
`;

/** 'Restore your unsaved changes?' when the form opens on a draft left by an earlier visit. */
export function RestoreDraftNotice({ draft, onRestore, onDiscard }: { draft: FormDraft; onRestore: () => void; onDiscard: () => void }) {
  return (
    <Notice tone="info" title="Restore your unsaved changes?" actionLabel="Restore" onAction={onRestore} acting={false}>
      <Text>
        You changed this V2MOM <RelativeTime value={draft.savedAt} /> and did not save. Restoring puts your changes back; what
        others saved since stays, and where you both changed a field you choose.
      </Text>
      <Discard>
        <Button size="sm" variant="secondary" onClick={onDiscard}>
          Discard
        </Button>
      </Discard>
    </Notice>
  );
}

const LIST_NOUNS = { values: 'value', methods: 'method', obstacles: 'obstacle' } as const;

/** Items others deleted while the user was changing them: said before they leave the form, with the user's text. */
export function RemovedWhileEditingNotice({ removed, onDismiss }: { removed: readonly RemovedWhileEditing[]; onDismiss: () => void }) {
  return (
    <Notice tone="warning" title="Something you were editing was deleted" actionLabel="OK" onAction={onDismiss} acting={false}>
      <Lines>
        {removed.map((item, index) => (
          <li key={index}>
            <UserText>{item.name}</UserText> deleted the {LIST_NOUNS[item.list]} you were editing: “<UserText>{truncate(item.text, 120)}</UserText>”
          </li>
        ))}
      </Lines>
      <Text>What you were editing stays in the form, with your text, until you press OK.</Text>
    </Notice>
  );
}
