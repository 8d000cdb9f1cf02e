import { TypedDeleteConfirm } from '../../../../components/ui/typed-delete-confirm';
import type { RemovableKind } from './form-editor';

const REMOVAL_TEXT: Record<RemovableKind, { title: string; cancelled: string; noun: string }> = {
  value: { title: 'Delete this value?', cancelled: 'Value was not deleted', noun: 'value' },
  method: { title: 'Delete this method?', cancelled: 'Method was not deleted', noun: 'method' },
  obstacle: { title: 'Delete this obstacle?', cancelled: 'Obstacle was not deleted', noun: 'obstacle' },
};

export interface PendingRemoval {
  kind: RemovableKind;
  key: string;
}

/** The typed DELETE confirmation before a saved value, method or obstacle leaves the form. */
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
  return (
    <TypedDeleteConfirm
      open={removal !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text?.title ?? ''}
      description={`The ${text?.noun ?? 'item'} is removed from this form now and deleted from the V2MOM when you save.`}
      cancelledMessage={text?.cancelled ?? ''}
      onConfirm={() => removal && onConfirm(removal)}
    />
  );
}
