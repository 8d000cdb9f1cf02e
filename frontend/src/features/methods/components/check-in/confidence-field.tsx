import { CONFIDENCE_RANGE } from '@v2mom/contracts';
import styled from 'styled-components';
import { fieldDescriptionId } from '../../../../components/ui/field';

const SCALE = Array.from({ length: CONFIDENCE_RANGE.max - CONFIDENCE_RANGE.min + 1 }, (_, index) => CONFIDENCE_RANGE.min + index);

const Row = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0;
  min-width: 0;

  legend {
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
`;

/** Each choice a 32 px square whose native radio sits under its number: the arrow keys move as in any radio group. */
const Choice = styled.label`
  position: relative;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 32px;
  min-height: 32px;
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }

  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }

  &:has(input:focus-visible) {
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.focusRing};
  }
`;

const Scale = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface ConfidenceFieldProps {
  id: string;
  value: number | null;
  onChange: (confidence: number) => void;
}

/**
 * The owner's confidence, 1 to 10, as a row of radios (docs/PRODUCT.md#confidence): one tab stop,
 * the arrow keys move and choose, each choice read as `{n} of 10`.
 */
export function ConfidenceField({ id, value, onChange }: ConfidenceFieldProps) {
  return (
    <Row aria-describedby={fieldDescriptionId(id)}>
      <legend>Confidence</legend>
      <Choices>
        {SCALE.map((choice) => (
          <Choice key={choice}>
            <input
              type="radio"
              name={id}
              value={choice}
              checked={value === choice}
              aria-label={`${choice} of ${CONFIDENCE_RANGE.max}`}
              onChange={() => onChange(choice)}
            />
            <span aria-hidden="true">{choice}</span>
          </Choice>
        ))}
      </Choices>
      <Scale id={fieldDescriptionId(id)}>1 not confident · 10 sure it lands</Scale>
    </Row>
  );
}
