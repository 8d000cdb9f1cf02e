import { WORK_STATUSES, workStatusLabel, type TTask, type TWorkStatus } from '@v2mom/contracts';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Field, Select, Textarea } from '../../../../components/ui/field';
import { InlineEditForm } from '../../../../components/ui/inline-edit-form';
import { changedUnderneath } from '../../../../lib/inline-edit';
import { useUpdateTask } from '../../api/update-task';
import { taskChanges, taskDraftOf, type TaskDraft } from './task-draft';

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export interface MyTaskEditorProps {
  task: TTask;
  onDone: () => void;
  /** Refetches the user's tasks and answers this task as the server has it now. */
  onReload: () => Promise<TTask | undefined>;
}

/** A task's updates and status in place; a live change never replaces what the user typed. */
export function MyTaskEditor({ task, onDone, onReload }: MyTaskEditorProps) {
  const [draft, setDraft] = useState<TaskDraft>(() => taskDraftOf(task));
  const [base, setBase] = useState(task);
  const [reloading, setReloading] = useState(false);
  const save = useUpdateTask();
  const id = useId();

  const submit = () => {
    const changes = taskChanges(base, draft);
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    save.mutate({ taskId: task.id, body: { version: base.version, ...changes } }, { onSuccess: onDone });
  };

  const reload = async () => {
    setReloading(true);
    try {
      const fresh = await onReload();
      if (!fresh) {
        onDone();
        return;
      }
      save.reset();
      setBase(fresh);
      setDraft(taskDraftOf(fresh));
    } finally {
      setReloading(false);
    }
  };

  const changed = save.isPending || save.isSuccess ? null : changedUnderneath(save.error, base.version, task);

  return (
    <InlineEditForm
      label={`Edit task ${task.title}`}
      onSave={submit}
      onCancel={onDone}
      saving={save.isPending}
      changed={changed ? { entity: 'task', by: changed, onReload: () => void reload(), reloading } : null}
    >
      <Fields>
        <Field htmlFor={`${id}-updates`} label="Updates">
          <Textarea
            id={`${id}-updates`}
            rows={4}
            value={draft.updates}
            onChange={(event) => setDraft((held) => ({ ...held, updates: event.target.value }))}
          />
        </Field>
        <Field htmlFor={`${id}-status`} label="Status">
          <Select
            id={`${id}-status`}
            value={draft.status}
            onChange={(event) => setDraft((held) => ({ ...held, status: event.target.value as TWorkStatus }))}
          >
            {WORK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {workStatusLabel(status)}
              </option>
            ))}
          </Select>
        </Field>
      </Fields>
    </InlineEditForm>
  );
}
