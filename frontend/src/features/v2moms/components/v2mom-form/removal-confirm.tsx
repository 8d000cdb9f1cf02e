import { useContext } from 'react';
import { TypedDeleteConfirm } from '../../../../components/ui/typed-delete-confirm';
import { editingWho, editorsOf, FormPresenceContext } from '../presence/form-presence';
import type { RemovableKind } from './form-editor';
import { Sentence } from '../../../../components/ui/user-text';

const REMOVAL_TEXT: Record<RemovableKind, { title: string; cancelled: string; noun: string }> = {
  value: { title: 'Delete this value?', cancelled: 'Value was not deleted', noun: 'value' },
  method: { title: 'Delete this method?', cancelled: 'Method was not deleted', noun: 'method' },
  obstacle: { title: 'Delete this obstacle?', cancelled: 'Obstacle was not deleted', noun: 'obstacle' },
};

export interface PendingRemoval {
  kind: RemovableKind;
  key: string;
}

/**
 * The typed DELETE confirmation before a saved value, method or obstacle leaves the form. When
 * others are editing the item (presence says so) the question names them, so nobody deletes
 * someone's work in progress unawares (docs/PRODUCT.md#confirmations).
 */
export function RemovalConfirm({
  removal,
  onClose,
  onConfirm,
}: {
  removal: PendingRemoval | null;
  onClose: () => void;
  onConfirm: (removal: PendingRemoval) => void;
}) {
  const text = removal ? REMOVAL_TEXT[removal.kind] : null;
  const others = useContext(FormPresenceContext);
  const editors = removal ? editorsOf(others, removal.kind, removal.key) : [];
  return (
    <TypedDeleteConfirm
      open={removal !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={editors.length > 0 ? <Sentence sentence={[...editingWho(editors), ` this ${text?.noun ?? 'item'}. Delete it anyway?`]} /> : (text?.title ?? '')}
      description={`The ${text?.noun ?? 'item'} is removed from this form now and deleted from the V2MOM when you save.`}
      cancelledMessage={text?.cancelled ?? ''}
      onConfirm={() => removal && onConfirm(removal)}
    />
  );
}
