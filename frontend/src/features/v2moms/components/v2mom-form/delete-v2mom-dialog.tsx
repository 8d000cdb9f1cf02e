import type { TAlignedChoice, TV2mom } from '@v2mom/contracts';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { AlignedChoice, defaultAlignedChoice } from '../aligned-choice';

const NONE_ALIGNED = { alignedCount: 0, parent: null };

/** The form's confirmation before the whole V2MOM is deleted. */
export function DeleteV2momDialog({
  open,
  onOpenChange,
  onConfirm,
  aligned = NONE_ALIGNED,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: (aligned: TAlignedChoice | undefined) => void;
  /** The V2MOM as saved: who is aligned to it, and its parent. */
  aligned?: Pick<TV2mom, 'alignedCount' | 'parent'>;
}) {
  const [choice, setChoice] = useState(() => defaultAlignedChoice(aligned));
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      role="alertdialog"
      size="sm"
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete the V2MOM and all its associated data."
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            variant="danger"
            onClick={() => {
              onOpenChange(false);
              onConfirm(choice);
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      {aligned.alignedCount > 0 ? <AlignedChoice v2mom={aligned} value={choice} onChange={setChoice} /> : null}
    </Dialog>
  );
}
