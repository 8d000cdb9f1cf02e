import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from '@v2mom/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { notify } from '../../lib/toast';
import { Button } from './button';
import { Dialog } from './dialog';
import { Input, Label } from './field';

const Hint = styled.p`
  margin-top: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Word = styled.strong`
  font-family: ${({ theme }) => theme.font.mono};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface TypedDeleteConfirmProps {
  open: boolean;
  /** Called with false when the flow ends, whichever way. */
  onOpenChange: (open: boolean) => void;
  /** First step: the question ('Delete this V2MOM?'). */
  title: ReactNode;
  /** First step: what deleting does. */
  description: ReactNode;
  /** The second line of the 'Deletion cancelled' toast, e.g. 'V2MOM was not deleted'. */
  cancelledMessage: string;
  /** Runs only when DELETE was typed in capitals. */
  onConfirm: () => void;
}

/**
 * The destructive-delete flow (docs/PRODUCT.md#deletion): a confirm dialog, then a second step where the
 * user types DELETE in capitals. Anything else (another word, Cancel, Escape) cancels with the
 * toast 'Deletion cancelled' and the caller's message; declining the first step just closes.
 */
export function TypedDeleteConfirm({ open, onOpenChange, title, description, cancelledMessage, onConfirm }: TypedDeleteConfirmProps) {
  const [step, setStep] = useState<'confirm' | 'type'>('confirm');
  const [typed, setTyped] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const finish = () => {
    setStep('confirm');
    setTyped('');
    onOpenChange(false);
  };

  const cancelTyping = () => {
    notify({ title: 'Deletion cancelled', message: cancelledMessage });
    finish();
  };

  const submitTyped = (event?: FormEvent) => {
    event?.preventDefault();
    // React bubbles submit through the portal: keep it from reaching a form this dialog sits in.
    event?.stopPropagation();
    if (!isDeleteConfirmed(typed)) {
      cancelTyping();
      return;
    }
    finish();
    onConfirm();
  };

  useEffect(() => {
    if (open && step === 'type') inputRef.current?.focus();
  }, [open, step]);

  // One dialog for both steps, so focus stays trapped inside while the content changes.
  const typing = step === 'type';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else if (typing) cancelTyping();
        else finish();
      }}
      role="alertdialog"
      size="sm"
      title={typing ? 'Type DELETE to confirm' : title}
      description={
        typing ? (
          <>
            This cannot be undone. Type <Word>{DELETE_CONFIRMATION_WORD}</Word> in capitals to confirm.
          </>
        ) : (
          description
        )
      }
      footer={
        typing ? (
          <>
            <Button key="cancel-typing" onClick={cancelTyping}>
              Cancel
            </Button>
            {/* Distinct keys: reusing Continue's element would let its click submit this form. */}
            <Button key="delete" variant="danger" type="submit" form={`${inputId}-form`}>
              Delete
            </Button>
          </>
        ) : (
          <>
            <Button key="cancel" onClick={finish}>
              Cancel
            </Button>
            <Button key="continue" variant="danger" onClick={() => setStep('type')}>
              Continue
            </Button>
          </>
        )
      }
    >
      {typing ? (
        <form id={`${inputId}-form`} onSubmit={submitTyped}>
          <Stack>
            <Label htmlFor={inputId}>Confirmation</Label>
            <Input
              id={inputId}
              ref={inputRef}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={DELETE_CONFIRMATION_WORD}
            />
          </Stack>
          <Hint>Anything else cancels the deletion.</Hint>
        </form>
      ) : null}
    </Dialog>
  );
}
