import { QUARTER_RESULT_LABELS, QUARTER_RESULTS, ZSaveQuarterReviewSchema, type TFiscalQuarter, type TQuarterResult } from '@v2mom/contracts';
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

/** What the server would say of the reflection, by its own schema: blank (nothing visible), too long, or holding what no text may. */
const reflectionProblem = (reflection: string) => ZSaveQuarterReviewSchema.shape.reflection.safeParse(reflection).error?.issues[0]?.message;

/** The owner's review of one method's quarter: a result and a short reflection (docs/PRODUCT.md#quarter-review). */
export function QuarterReviewForm({ methodId, quarter }: { methodId: number; quarter: TFiscalQuarter }) {
  const id = useId();
  const save = useSaveQuarterReview();
  const [result, setResult] = useState<TQuarterResult | null>(null);
  const [reflection, setReflection] = useState('');
  const [tried, setTried] = useState(false);
  const errors = {
    result: tried && !result ? RESULT_REQUIRED : undefined,
    reflection: tried ? reflectionProblem(reflection) : undefined,
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!result || reflectionProblem(reflection)) return;
    save.mutate({ methodId, year: quarter.year, quarter: quarter.quarter, result, reflection });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Quarter review">
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
