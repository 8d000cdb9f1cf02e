import styled from 'styled-components';

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  border: 0;
  padding: 0;
  margin: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
  }
`;

const ErrorText = styled.p`
  width: 100%;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

interface CheckboxChoicesProps<Option extends string> {
  legend: string;
  options: readonly Option[];
  labels: Record<Option, string>;
  value: readonly Option[];
  onChange: (chosen: Option[]) => void;
  error?: string;
}

/** Some of a fixed list of options, one box each, kept in the list's order. */
export function CheckboxChoices<Option extends string>({ legend, options, labels, value, onChange, error }: CheckboxChoicesProps<Option>) {
  const toggle = (option: Option, on: boolean) => onChange(options.filter((each) => (each === option ? on : value.includes(each))));
  return (
    <Choices aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input type="checkbox" checked={value.includes(option)} onChange={(change) => toggle(option, change.target.checked)} />
          {labels[option]}
        </label>
      ))}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Choices>
  );
}
