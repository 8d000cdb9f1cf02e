import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';

/** The form's confirmation before the whole V2MOM is deleted. */
export function DeleteV2momDialog({
  open,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
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
              onConfirm();
            }}
          >
            Delete
          </Button>
        </>
      }
    />
  );
}
