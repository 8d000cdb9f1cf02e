import { QUARTERS, quarterLabel } from '@v2mom/contracts';
import { Field, Input } from '../../../../components/ui/field';
import { FieldGrid } from './field-layout';
import type { QuarterTextField } from './form-state';
import type { MethodBinding } from './method-binding';
import { Group, GroupTitle } from './method-field-group';

const QUARTER_FIELDS = QUARTERS.map((quarter) => ({
  quarter,
  measure: `${quarter}Measure` as QuarterTextField,
  goal: `${quarter}Goal` as QuarterTextField,
}));

/** The method's measure and its measure and goal for each quarter. */
export function MethodMeasuresGroup({ binding: { id, text } }: { binding: MethodBinding }) {
  return (
    <Group>
      <GroupTitle>Measures</GroupTitle>
      <Field htmlFor={`${id}-measure`} label="Measure">
        <Input id={`${id}-measure`} placeholder="How success is measured" {...text('measure')} />
      </Field>
      <FieldGrid $columns={4}>
        {QUARTER_FIELDS.map(({ quarter, measure }) => (
          <Field key={measure} htmlFor={`${id}-${measure}`} label={`${quarterLabel(quarter)} measure`}>
            <Input id={`${id}-${measure}`} {...text(measure)} />
          </Field>
        ))}
      </FieldGrid>
      <FieldGrid $columns={4}>
        {QUARTER_FIELDS.map(({ quarter, goal }) => (
          <Field key={goal} htmlFor={`${id}-${goal}`} label={`${quarterLabel(quarter)} goal`}>
            <Input id={`${id}-${goal}`} {...text(goal)} />
          </Field>
        ))}
      </FieldGrid>
    </Group>
  );
}
