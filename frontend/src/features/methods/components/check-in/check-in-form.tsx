import { isRolledUp, type TMethodListItem } from '@v2mom/contracts';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { Field, Input, Textarea, fieldDescriptionId, invalidProps } from '../../../../components/ui/field';
import { InlineEditForm } from '../../../../components/ui/inline-edit-form';
import { L2OwnerSelect } from '../../../../components/ui/l2-owner-select';
import { WorkStatusSelect } from '../../../../components/ui/work-status-select';
import { useInlineDraft } from '../../../../lib/inline-draft';
import { useUpdateMethod } from '../../api/update-method';
import { asksConfidenceReason, checkInChanges, checkInDraftOf, confidenceReasonIssue, progressIssue, type TCheckInDraft } from './check-in-draft';
import { ConfidenceField } from './confidence-field';

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

const Percent = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-variant-numeric: tabular-nums;

  input {
    max-width: 7rem;
  }
`;

/** The owner-only note (docs/PRODUCT.md#method-updates), to the letter. */
const OWNER_ONLY_UPDATE_NOTE = 'Only the method owner can add updates to this method.';

export interface CheckInFormProps {
  method: TMethodListItem;
  /** The form's accessible name. */
  label: string;
  /** Whether the viewer may write the update text (else it shows read-only with the note). */
  mayWriteUpdate: boolean;
  /** Also the method's other progress fields, L2 Owner and Activities (My Methods' edit in place). */
  withOwnerFields?: boolean;
  /** Leaves the form: after a save, or on Cancel or Esc. */
  onDone: () => void;
  /** Reads the method again and answers it as the server has it now (undefined: it is gone). */
  onReload: () => Promise<TMethodListItem | undefined>;
}

/**
 * A check-in (docs/PRODUCT.md#check-ins): the method's progress in percent, status, confidence
 * (with why it fell, when it fell by two or more), current measure and the week's update, saved together; the progress field takes the focus.
 * A method that takes its progress from its supporters offers no progress (docs/PRODUCT.md#roll-up). A live change
 * never replaces what the user typed (docs/PRODUCT.md#conflicts). My Methods' edit in place and
 * the method detail's Check in both use it.
 */
export function CheckInForm({ method, label, mayWriteUpdate, withOwnerFields = false, onDone, onReload }: CheckInFormProps) {
  const { draft, setDraft, form } = useInlineDraft({
    entity: 'method',
    row: method,
    draftOf: checkInDraftOf,
    changesOf: (base, held: TCheckInDraft) => checkInChanges(base, held, mayWriteUpdate),
    mutation: useUpdateMethod(),
    variablesOf: (base, changes) => ({ id: method.id, body: { version: base.version, ...changes } }),
    onDone,
    onReload,
  });
  const id = useId();
  const progressInput = useRef<HTMLInputElement>(null);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  // A field's fault shows once a save was refused for it, and goes as it is put right.
  const [triedSaving, setTriedSaving] = useState(false);
  const ownProgress = !isRolledUp(method.progressFrom);
  const progressError = triedSaving && ownProgress ? progressIssue(draft.progress) : null;
  const reasonError = triedSaving ? confidenceReasonIssue(method, draft) : null;

  const set = <K extends keyof TCheckInDraft>(field: K, value: TCheckInDraft[K]) => setDraft((held) => ({ ...held, [field]: value }));

  const onSave = () => {
    if (ownProgress && progressIssue(draft.progress) !== null) {
      setTriedSaving(true);
      progressInput.current?.focus();
      return;
    }
    if (confidenceReasonIssue(method, draft) !== null) {
      setTriedSaving(true);
      reasonInput.current?.focus();
      return;
    }
    form.onSave();
  };

  return (
    <InlineEditForm label={label} {...form} onSave={onSave}>
      <Fields>
        {ownProgress ? (
          <Field htmlFor={`${id}-progress`} label="Progress" error={progressError}>
            <Percent>
              <Input
                ref={progressInput}
                id={`${id}-progress`}
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                value={draft.progress}
                onChange={(event) => set('progress', event.target.value)}
                {...invalidProps(`${id}-progress`, progressError)}
              />
              <span aria-hidden="true">%</span>
            </Percent>
          </Field>
        ) : null}
        <Field htmlFor={`${id}-status`} label="Status">
          <WorkStatusSelect id={`${id}-status`} value={draft.status} onChange={(status) => set('status', status)} />
        </Field>
        <Wide>
          <ConfidenceField id={`${id}-confidence`} value={draft.confidence} onChange={(confidence) => set('confidence', confidence)} />
        </Wide>
        {asksConfidenceReason(method, draft) ? (
          <Wide>
            <Field htmlFor={`${id}-reason`} label="Why did confidence fall?" error={reasonError}>
              <Textarea
                ref={reasonInput}
                id={`${id}-reason`}
                rows={2}
                value={draft.confidenceReason}
                onChange={(event) => set('confidenceReason', event.target.value)}
                {...invalidProps(`${id}-reason`, reasonError)}
              />
            </Field>
          </Wide>
        ) : null}
        <Wide>
          <Field htmlFor={`${id}-current`} label="Current Measure">
            <Input id={`${id}-current`} value={draft.currentMeasure} onChange={(event) => set('currentMeasure', event.target.value)} />
          </Field>
        </Wide>
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
        {withOwnerFields ? (
          <>
            <Field htmlFor={`${id}-l2`} label="L2 Owner">
              <L2OwnerSelect id={`${id}-l2`} value={draft.l2Owner} onChange={(owner) => set('l2Owner', owner)} />
            </Field>
            <Wide>
              <Field htmlFor={`${id}-activities`} label="Activities">
                <Textarea id={`${id}-activities`} rows={3} value={draft.activities} onChange={(event) => set('activities', event.target.value)} />
              </Field>
            </Wide>
          </>
        ) : null}
      </Fields>
    </InlineEditForm>
  );
}
