import { MethodPicker } from '../../features/methods/components/method-picker';
import { CreateTaskDialog } from '../../features/tasks/components/task-list/create-task-dialog';
import { PersonPicker } from '../../features/users/components/person-picker';

/** 'Create New Task' with its pickers: a module of its own, which Tasks loads when someone first adds a task. */
export default function NewTaskDialog({ onClose }: { onClose: () => void }) {
  return <CreateTaskDialog onClose={onClose} OwnerPicker={PersonPicker} MethodPicker={MethodPicker} />;
}
