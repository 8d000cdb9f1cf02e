import { conflictSentence, type TEntityName } from '@v2mom/contracts';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { inlineEditKeyAction, type ChangedUnderneath } from '../../lib/inline-edit';
import { Button } from './button';
import { Notice } from './notice';
import { RelativeTime } from './relative-time';
import { PersonName, Sentence } from './user-text';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space[2]};
`;

const KeyHint = styled.p`
  margin-right: auto;
  font-size: ${({ theme }) => theme.fontSize.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const NoticeText = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

export interface InlineEditFormProps {
  /** The form's accessible name, e.g. 'Edit method Launch the playbook'. */
  label: string;
  onSave: () => void;
  onCancel: () => void;
  saving: boolean;
  /** Someone saved the item after the edit began: said above the buttons, with a reload. */
  changed?: { entity: TEntityName; by: ChangedUnderneath; onReload: () => void; reloading: boolean } | null;
  children: ReactNode;
}

/**
 * An item edited in place (docs/PRODUCT.md#my-methods-and-tasks): its fields, then Cancel and
 * Save. Esc cancels and Ctrl/Cmd+Enter saves from any field; the first field takes the focus.
 */
export function InlineEditForm({ label, onSave, onCancel, saving, changed, children }: InlineEditFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const wasSaving = useRef(saving);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('textarea:not([readonly]), input, select')?.focus();
  }, []);

  useEffect(() => {
    // Save is disabled while it runs, which takes the focus from it: a save that leaves the form
    // open (refused, or a conflict) gives it back, so Esc and Ctrl/Cmd+Enter still act.
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (wasSaving.current && !saving && focusLost) saveRef.current?.focus();
    wasSaving.current = saving;
  }, [saving]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!saving) onSave();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const action = inlineEditKeyAction(event.nativeEvent);
    if (!action) return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'cancel') onCancel();
    else if (!saving) onSave();
  };

  return (
    <Form ref={formRef} aria-label={label} onSubmit={submit} onKeyDown={onKeyDown}>
      {children}
      {changed ? (
        <Notice
          tone="warning"
          title={
            <>
              <PersonName person={changed.by.updatedBy} missing="Someone else" /> changed this {changed.entity} <RelativeTime value={changed.by.updatedAt} />
            </>
          }
          actionLabel="Reload"
          onAction={changed.onReload}
          acting={changed.reloading}
        >
          <NoticeText>
            <Sentence sentence={conflictSentence({ entity: changed.entity, updatedBy: changed.by.updatedBy })} /> What you typed is kept until you reload.
          </NoticeText>
        </Notice>
      ) : null}
      <Footer>
        <KeyHint>Ctrl+Enter (⌘+Enter) saves, Esc cancels.</KeyHint>
        <Button onClick={onCancel}>Cancel</Button>
        <Button ref={saveRef} variant="primary" type="submit" loading={saving}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Footer>
    </Form>
  );
}
