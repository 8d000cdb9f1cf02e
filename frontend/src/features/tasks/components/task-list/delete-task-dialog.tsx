import type { TTask } from '@v2mom/contracts';
import { useRef } from 'react';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { useDeleteTask } from '../../api/delete-task';
import { UserText } from '../../../../components/ui/user-text';

export interface DeleteTaskDialogProps {
  task: TTask;
  onClose: () => void;
}

/** 'Delete Task' asks first (docs/PRODUCT.md#confirmations); Cancel has the focus. */
export function DeleteTaskDialog({ task, onClose }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask();
  const cancelRef = useRef<HTMLButtonElement>(null);

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !deleteTask.isPending) onClose();
      }}
      role="alertdialog"
      size="sm"
      title="Delete Task"
      description={
        <>
          Are you sure you want to delete task &quot;<UserText>{task.title}</UserText>&quot;? This action cannot be undone.
        </>
      }
      initialFocus={cancelRef}
      footer={
        <>
          <Button ref={cancelRef} onClick={onClose} disabled={deleteTask.isPending}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={deleteTask.isPending}
            onClick={() => deleteTask.mutate(task, { onSettled: onClose })}
          >
            {deleteTask.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}
