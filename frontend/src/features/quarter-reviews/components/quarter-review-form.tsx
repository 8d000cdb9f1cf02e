import { QUARTER_RESULT_LABELS, QUARTER_RESULTS, type TFiscalQuarter, type TQuarterResult } from '@v2mom/contracts';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescriptionId, invalidProps, Textarea } from '../../../components/ui/field';
import { useSaveQuarterReview } from '../api/save-quarter-review';

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  border: 0;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space[3]};

  legend {
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
    margin-bottom: ${({ theme }) => theme.space[1]};
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    min-height: 32px;
  }
`;

const RESULT_REQUIRED = 'Choose Met, Partly met or Missed';

type ReflectionCheck = (reflection: string) => string | undefined;

/** The owner's review of one method's quarter: a result and a short reflection (docs/PRODUCT.md#quarter-review). */
export function QuarterReviewForm({ methodId, quarter }: { methodId: number; quarter: TFiscalQuarter }) {
  const id = useId();
  const save = useSaveQuarterReview();
  const [result, setResult] = useState<TQuarterResult | null>(null);
  const [reflection, setReflection] = useState('');
  const [tried, setTried] = useState(false);
  // The reflection's check, loaded with the first submit (reflection-check.ts).
  const [reflectionProblem, setReflectionProblem] = useState<ReflectionCheck | null>(null);
  const errors = {
    result: tried && !result ? RESULT_REQUIRED : undefined,
    reflection: reflectionProblem?.(reflection),
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    const check = (await import('./reflection-check')).reflectionProblem;
    setReflectionProblem(() => check);
    if (!result || check(reflection)) return;
    save.mutate({ methodId, year: quarter.year, quarter: quarter.quarter, result, reflection });
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Quarter review">
      <Choices aria-describedby={errors.result ? fieldDescriptionId(`${id}-result`) : undefined}>
        <legend>Result</legend>
        {QUARTER_RESULTS.map((value) => (
          <label key={value}>
            <input type="radio" name={`${id}-result`} value={value} checked={result === value} onChange={() => setResult(value)} />
            {QUARTER_RESULT_LABELS[value]}
          </label>
        ))}
        {errors.result ? (
          <span id={fieldDescriptionId(`${id}-result`)} role="alert">
            {errors.result}
          </span>
        ) : null}
      </Choices>
      <Field htmlFor={`${id}-reflection`} label="Reflection" error={errors.reflection}>
        <Textarea
          id={`${id}-reflection`}
          rows={3}
          maxLength={2000}
          value={reflection}
          onChange={(event) => setReflection(event.target.value)}
          {...invalidProps(`${id}-reflection`, errors.reflection)}
        />
      </Field>
      <Button type="submit" variant="primary" loading={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save review'}
      </Button>
    </form>
  );
}
