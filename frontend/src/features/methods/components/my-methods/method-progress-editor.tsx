import type { TMethodListItem, TMethodProgressDraft } from '@v2mom/contracts';
import { useId } from 'react';
import styled from 'styled-components';
import { Field, Input, Textarea, fieldDescriptionId } from '../../../../components/ui/field';
import { InlineEditForm } from '../../../../components/ui/inline-edit-form';
import { L2OwnerSelect } from '../../../../components/ui/l2-owner-select';
import { WorkStatusSelect } from '../../../../components/ui/work-status-select';
import { useInlineDraft } from '../../../../lib/inline-draft';
import { useUpdateMethod } from '../../api/update-method';
import { progressChanges, progressDraftOf } from './method-draft';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

/** The owner-only note (docs/PRODUCT.md#method-updates), to the letter. */
const OWNER_ONLY_UPDATE_NOTE = 'Only the method owner can add updates to this method.';

export interface MethodProgressEditorProps {
  method: TMethodListItem;
  /** Whether the viewer may write the update text (else it shows read-only with the note). */
  mayWriteUpdate: boolean;
  /** Leaves edit mode: after a save, or on Cancel. */
  onDone: () => void;
  /** Refetches the user's methods and answers this method as the server has it now. */
  onReload: () => Promise<TMethodListItem | undefined>;
}

/** The method's progress fields in place (docs/PRODUCT.md#my-methods-and-tasks); a live change never replaces what the user typed. */
export function MethodProgressEditor({ method, mayWriteUpdate, onDone, onReload }: MethodProgressEditorProps) {
  const { draft, setDraft, form } = useInlineDraft({
    entity: 'method',
    row: method,
    draftOf: progressDraftOf,
    changesOf: (base, held: TMethodProgressDraft) => progressChanges(base, held, mayWriteUpdate),
    mutation: useUpdateMethod(),
    variablesOf: (base, changes) => ({ id: method.id, body: { version: base.version, ...changes } }),
    onDone,
    onReload,
  });
  const id = useId();

  const set = <K extends keyof TMethodProgressDraft>(field: K, value: TMethodProgressDraft[K]) => setDraft((held) => ({ ...held, [field]: value }));

  return (
    <InlineEditForm label={`Edit method ${method.description}`} {...form}>
      <Fields>
        <Wide>
          <Field htmlFor={`${id}-update`} label="Update" hint={mayWriteUpdate ? undefined : OWNER_ONLY_UPDATE_NOTE}>
            <Textarea
              id={`${id}-update`}
              rows={4}
              value={draft.update}
              readOnly={!mayWriteUpdate}
              aria-describedby={mayWriteUpdate ? undefined : fieldDescriptionId(`${id}-update`)}
              onChange={(event) => set('update', event.target.value)}
            />
          </Field>
        </Wide>
        <Field htmlFor={`${id}-status`} label="Status">
          <WorkStatusSelect id={`${id}-status`} value={draft.status} onChange={(status) => set('status', status)} />
        </Field>
        <Field htmlFor={`${id}-l2`} label="L2 Owner">
          <L2OwnerSelect id={`${id}-l2`} value={draft.l2Owner} onChange={(owner) => set('l2Owner', owner)} />
        </Field>
        <Wide>
          <Field htmlFor={`${id}-current`} label="Current Measure">
            <Input id={`${id}-current`} value={draft.currentMeasure} onChange={(event) => set('currentMeasure', event.target.value)} />
          </Field>
        </Wide>
        <Wide>
          <Field htmlFor={`${id}-activities`} label="Activities">
            <Textarea id={`${id}-activities`} rows={3} value={draft.activities} onChange={(event) => set('activities', event.target.value)} />
          </Field>
        </Wide>
      </Fields>
    </InlineEditForm>
  );
}
