import { METHOD_PROSE_FIELDS, type TMethodListItem } from '@v2mom/contracts';
import styled from 'styled-components';
import { UpdateByline } from '../../../../components/ui/update-byline';
import { Field, fieldDescriptionId, Input, Textarea } from '../../../../components/ui/field';
import { L2OwnerSelect } from '../../../../components/ui/l2-owner-select';
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

interface MethodProgressGroupProps {
  method: FormMethod;
  viewerId: number;
  binding: MethodBinding;
  /** The method as saved: who wrote the update shown read-only. */
  saved: TMethodListItem | undefined;
}

/**
 * The method's progress report: the owner's update, current measure, L2 owner, the long texts of
 * METHOD_PROSE_FIELDS (activities…), COO tracking. Someone who may not write the update reads it
 * with who wrote it and when (docs/PRODUCT.md#method-updates).
 */
export function MethodProgressGroup({ method, viewerId, binding: { set, text, field }, saved }: MethodProgressGroupProps) {
  const ownsUpdate = canEditMethodUpdate(method, viewerId);
  const update = field('update');
  const current = field('currentMeasure', 'current');
  const l2Owner = field('l2Owner', 'l2');
  return (
    <Group>
      <GroupTitle>Progress reporting</GroupTitle>
      {ownsUpdate ? (
        <Field {...update.field} label="Update">
          <Textarea {...update.control} rows={3} placeholder="What happened since the last update?" {...text('update')} />
        </Field>
      ) : (
        <Field htmlFor={update.control.id} label="Update" hint="Only the method owner can add updates to this method.">
          <ReadOnlyUpdate
            id={update.control.id}
            readOnly
            rows={3}
            value={method.update}
            placeholder="No update yet"
            aria-describedby={fieldDescriptionId(update.control.id)}
          />
          {saved && saved.update === method.update ? <UpdateByline method={saved} /> : null}
        </Field>
      )}
      <FieldGrid>
        <Field {...current.field} label="Current measure">
          <Input {...current.control} {...text('currentMeasure')} />
        </Field>
        <Field {...l2Owner.field} label="L2 owner">
          <L2OwnerSelect {...l2Owner.control} value={method.l2Owner} onChange={(owner) => set({ l2Owner: owner })} />
        </Field>
      </FieldGrid>
      {METHOD_PROSE_FIELDS.map(({ field: prose, title }) => (
        <Field key={prose} {...field(prose).field} label={title}>
          <Textarea {...field(prose).control} rows={3} {...text(prose)} />
        </Field>
      ))}
      <Checkbox>
        <input type="checkbox" checked={method.forCooTracking} onChange={(event) => set({ forCooTracking: event.target.checked })} />
        Track for COO (key metrics and slides)
      </Checkbox>
    </Group>
  );
}
