import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

export const Label = styled.label`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  color: ${({ theme }) => theme.colors.text};
`;

const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-width: 0;
  height: 38px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.borderStrong)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.md};
  transition: border-color ${({ theme }) => theme.motion.fast}, box-shadow ${({ theme }) => theme.motion.fast};

  &::placeholder {
    color: ${({ theme }) => theme.colors.textSubtle};
  }

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.textSubtle};
  }

  &:focus-visible {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focusRing};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.primarySoft};
  }

  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;

export const Textarea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  height: auto;
  min-height: 100px;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  line-height: ${({ theme }) => theme.lineHeight.normal};
  resize: vertical;
`;

export const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: ${({ theme }) => theme.space[8]};
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%),
    linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 16px) 50%, calc(100% - 11px) 50%;
  background-size: 5px 5px, 5px 5px;
  background-repeat: no-repeat;
  cursor: pointer;
`;

const FieldRoot = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
`;

const LabelRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const Hint = styled.p<{ $error?: boolean }>`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.dangerText : theme.colors.textMuted)};
`;

export interface FieldProps {
  /** The id of the control inside, so the label names it. */
  htmlFor: string;
  label: ReactNode;
  /** Beside the label and outside it, so a control there is not part of the label. */
  aside?: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  children: ReactNode;
}

/**
 * Label, control, hint and error in one column. Give the control
 * `aria-describedby={fieldDescriptionId(id)}` when it has a hint or error.
 */
export function Field({ htmlFor, label, aside, hint, error, children }: FieldProps) {
  return (
    <FieldRoot>
      {aside ? (
        <LabelRow>
          <Label htmlFor={htmlFor}>{label}</Label>
          {aside}
        </LabelRow>
      ) : (
        <Label htmlFor={htmlFor}>{label}</Label>
      )}
      {children}
      {error ? (
        <FieldError controlId={htmlFor}>{error}</FieldError>
      ) : hint ? (
        <Hint id={fieldDescriptionId(htmlFor)}>{hint}</Hint>
      ) : null}
    </FieldRoot>
  );
}

export function fieldDescriptionId(controlId: string): string {
  return `${controlId}-description`;
}

/** The message beside a control at fault, for a control laid out without a Field. */
export function FieldError({ controlId, children }: { controlId: string; children: ReactNode }) {
  return (
    <Hint id={fieldDescriptionId(controlId)} $error role="alert">
      {children}
    </Hint>
  );
}

/** A control's props while its field is at fault: marked invalid and described by the message. */
export function invalidProps(controlId: string, error: ReactNode | undefined) {
  return error ? ({ 'aria-invalid': true, 'aria-describedby': fieldDescriptionId(controlId), $invalid: true } as const) : {};
}
