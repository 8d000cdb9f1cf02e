import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { Dialog } from './dialog';

const Shown = styled.code`
  display: block;
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  overflow-wrap: anywhere;
`;

interface ShownOnceDialogProps {
  title: string;
  /** What it is for, and that it is shown only now. */
  description: ReactNode;
  /** The text shown once: a secret or a link. */
  value: string;
  /** The shown text's accessible name, e.g. "The secret". */
  valueLabel: string;
  /** The copy button's words, e.g. "Copy secret"; "Copied" once copied. */
  copyLabel: string;
  onClose: () => void;
}

/** A secret or a link the server answers only once, to copy before the dialog closes: API tokens, webhooks' secrets, meeting-room links. */
export function ShownOnceDialog({ title, description, value, valueLabel, copyLabel, onClose }: ShownOnceDialogProps) {
  const [copied, setCopied] = useState(false);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={description}
      footer={
        <>
          <Button onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(true))}>{copied ? 'Copied' : copyLabel}</Button>
          <Button variant="primary" onClick={onClose}>
            Done
          </Button>
        </>
      }
    >
      <Shown aria-label={valueLabel}>{value}</Shown>
    </Dialog>
  );
}
