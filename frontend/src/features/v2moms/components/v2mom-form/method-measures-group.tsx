import { QUARTERS, quarterLabel } from '@v2mom/contracts';
import { Field, Input } from '../../../../components/ui/field';
import { FieldGrid } from './field-layout';
import { SyncedField } from './synced-field';
import type { MethodBinding } from './method-binding';
import { Group, GroupTitle } from './method-field-group';

const QUARTER_FIELDS = QUARTERS.map((quarter) => ({
  quarter,
  measure: `${quarter}Measure` as const,
  goal: `${quarter}Goal` as const,
}));

/** The method's measure and its measure and goal for each quarter. */
export function MethodMeasuresGroup({ binding: { key, text, field } }: { binding: MethodBinding }) {
  const measure = field('measure');
  return (
    <Group>
      <GroupTitle>Measures</GroupTitle>
      <SyncedField itemKey={key} field="measure" label="Measure">
        <Field {...measure.field} label="Measure">
          <Input {...measure.control} placeholder="How success is measured" {...text('measure')} />
        </Field>
      </SyncedField>
      <FieldGrid $columns={4}>
        {QUARTER_FIELDS.map(({ quarter, measure }) => (
          <Field key={measure} {...field(measure).field} label={`${quarterLabel(quarter)} measure`}>
            <Input {...field(measure).control} {...text(measure)} />
          </Field>
        ))}
      </FieldGrid>
      <FieldGrid $columns={4}>
        {QUARTER_FIELDS.map(({ quarter, goal }) => (
          <Field key={goal} {...field(goal).field} label={`${quarterLabel(quarter)} goal`}>
            <Input {...field(goal).control} {...text(goal)} />
          </Field>
        ))}
      </FieldGrid>
    </Group>
  );
}
