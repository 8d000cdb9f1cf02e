import { L2_OWNERS, type TL2Owner } from '@v2mom/contracts';
import styled from 'styled-components';
import { Field, fieldDescriptionId, Input, Select, Textarea } from '../../../../components/ui/field';
import { FieldGrid } from './field-layout';
import { canEditMethodUpdate, type FormMethod } from './form-state';
import type { MethodBinding } from './method-binding';
import { Group, GroupTitle } from './method-field-group';

const Checkbox = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;

  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const ReadOnlyUpdate = styled(Textarea)`
  min-height: 72px;
  border-style: dashed;
  background: ${({ theme }) => theme.colors.bg};
  cursor: default;
`;

/** The method's progress report: the owner's update, current measure, L2 owner, activities, COO tracking. */
export function MethodProgressGroup({ method, viewerId, binding: { id, set, text } }: { method: FormMethod; viewerId: number; binding: MethodBinding }) {
  const ownsUpdate = canEditMethodUpdate(method, viewerId);
  return (
    <Group>
      <GroupTitle>Progress reporting</GroupTitle>
      {ownsUpdate ? (
        <Field htmlFor={`${id}-update`} label="Update">
          <Textarea id={`${id}-update`} rows={3} placeholder="What happened since the last update?" {...text('update')} />
        </Field>
      ) : (
        <Field htmlFor={`${id}-update`} label="Update" hint="Only the method owner can add updates to this method.">
          <ReadOnlyUpdate
            id={`${id}-update`}
            readOnly
            rows={3}
            value={method.update}
            placeholder="No update yet"
            aria-describedby={fieldDescriptionId(`${id}-update`)}
          />
        </Field>
      )}
      <FieldGrid>
        <Field htmlFor={`${id}-current`} label="Current measure">
          <Input id={`${id}-current`} {...text('currentMeasure')} />
        </Field>
        <Field htmlFor={`${id}-l2`} label="L2 owner">
          <Select
            id={`${id}-l2`}
            value={method.l2Owner ?? ''}
            onChange={(event) => set({ l2Owner: event.target.value === '' ? null : (event.target.value as TL2Owner) })}
          >
            <option value="">None</option>
            {L2_OWNERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      </FieldGrid>
      <Field htmlFor={`${id}-activities`} label="Activities">
        <Textarea id={`${id}-activities`} rows={3} {...text('activities')} />
      </Field>
      <Checkbox>
        <input type="checkbox" checked={method.forCooTracking} onChange={(event) => set({ forCooTracking: event.target.checked })} />
        Track for COO (key metrics and slides)
      </Checkbox>
    </Group>
  );
}
