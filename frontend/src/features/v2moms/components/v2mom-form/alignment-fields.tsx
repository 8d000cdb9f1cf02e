import { levelHasDepartment, V2MOM_LEVEL_LABELS, V2MOM_LEVELS, ZYearSchema, type TDepartment, type TV2mom, type TV2momLevel } from '@v2mom/contracts';
import styled from 'styled-components';
import { Card } from '../../../../components/ui/card';
import { Field, invalidProps, Select } from '../../../../components/ui/field';
import { media } from '../../../../lib/theme/tokens';
import { V2momPicker } from '../v2mom-picker';
import type { FormEditor } from './form-editor';
import { setLevel, setParent } from './form-state';
import { NamedOptions } from '../../../../components/ui/named-options';

const Fields = styled.div`
  display: grid;
  grid-template-columns: 160px 200px minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[4]};

  ${media.small} {
    grid-template-columns: 1fr;
  }
`;

interface AlignmentFieldsProps extends Pick<FormEditor, 'form' | 'update' | 'fieldErrors'> {
  /** The departments a department's or team's V2MOM may be of (the route reads them). */
  departments: readonly TDepartment[];
}

/**
 * Where the V2MOM sits in the cascade (docs/PRODUCT.md#alignment): its level, the department or team
 * whose it is, and the V2MOM it is aligned to, found as one types among those of its year and a
 * higher level.
 */
export function AlignmentFields({ form, update, fieldErrors, departments }: AlignmentFieldsProps) {
  const levelError = fieldErrors.get('level');
  const departmentError = fieldErrors.get('departmentId');
  const parentError = fieldErrors.get('parentId');
  const year = ZYearSchema.safeParse(Number(form.year));
  const picked = form.parent ? ({ ...form.parent } as unknown as TV2mom) : null;
  return (
    <Card>
      <Fields>
        <Field htmlFor="v2mom-level" label="Level" error={levelError}>
          <Select
            id="v2mom-level"
            value={form.level}
            {...invalidProps('v2mom-level', levelError)}
            onChange={(event) => update((state) => setLevel(state, event.target.value as TV2momLevel))}
          >
            {V2MOM_LEVELS.map((level) => (
              <option key={level} value={level}>
                {V2MOM_LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
        </Field>
        {levelHasDepartment(form.level) ? (
          <Field htmlFor="v2mom-department" label={V2MOM_LEVEL_LABELS[form.level]} error={departmentError}>
            <Select
              id="v2mom-department"
              value={form.departmentId ?? ''}
              {...invalidProps('v2mom-department', departmentError)}
              onChange={(event) => update((state) => ({ ...state, departmentId: event.target.value === '' ? null : Number(event.target.value) }))}
            >
              <option value="">Choose…</option>
              <NamedOptions rows={departments} />
            </Select>
          </Field>
        ) : null}
        {form.level === 'company' ? null : (
          <Field htmlFor="v2mom-parent" label="Aligned to" error={parentError}>
            <V2momPicker
              id="v2mom-parent"
              value={picked}
              error={parentError}
              year={year.success ? year.data : undefined}
              levelAbove={form.level}
              placeholder="Not aligned"
              clearLabel="Not aligned"
              onClear={() => update((state) => setParent(state, null))}
              onChange={(v2mom) => update((state) => setParent(state, { id: v2mom.id, title: v2mom.title }))}
            />
          </Field>
        )}
      </Fields>
    </Card>
  );
}
