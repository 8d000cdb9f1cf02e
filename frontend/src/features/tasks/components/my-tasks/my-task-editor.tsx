import type { TTask } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { Field, Textarea } from '../../../../components/ui/field';
import { InlineEditForm } from '../../../../components/ui/inline-edit-form';
import { WorkStatusSelect } from '../../../../components/ui/work-status-select';
import { useInlineDraft } from '../../../../lib/inline-draft';
import { useUpdateTask } from '../../api/update-task';
import { taskChanges, taskDraftOf } from './task-draft';

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
  const { draft, setDraft, form } = useInlineDraft({
    entity: 'task',
    row: task,
    draftOf: taskDraftOf,
    changesOf: taskChanges,
    mutation: useUpdateTask(),
    variablesOf: (base, changes) => ({ taskId: task.id, body: { version: base.version, ...changes } }),
    onDone,
    onReload,
  });
  const id = useId();

  return (
    <InlineEditForm label={`Edit task ${task.title}`} {...form}>
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
          <WorkStatusSelect id={`${id}-status`} value={draft.status} onChange={(status) => setDraft((held) => ({ ...held, status }))} />
        </Field>
      </Fields>
    </InlineEditForm>
  );
}
