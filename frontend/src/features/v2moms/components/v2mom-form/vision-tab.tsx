import styled from 'styled-components';
import { Field, fieldDescriptionId, invalidProps, Textarea } from '../../../../components/ui/field';
import { EditingMarker, presenceItem } from '../presence/form-presence';
import type { FormEditor } from './form-editor';
import { HEADER_KEY } from './form-sync';
import { SyncedField } from './synced-field';
import { UnseenMark } from '../unseen/unseen-mark';

const VisionItem = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The V2MOM's vision. */
export function VisionTab({ form, update, fieldErrors, saved }: Pick<FormEditor, 'form' | 'update' | 'fieldErrors' | 'saved'>) {
  const error = fieldErrors.get('vision');
  return (
    <VisionItem {...presenceItem('v2mom', 'vision')}>
      <EditingMarker entity="v2mom" itemKey="vision" />
      <SyncedField itemKey={HEADER_KEY} field="vision" presenceKey="vision" label="Vision">
        <Field
          htmlFor="v2mom-vision"
          label="Vision"
          aside={<UnseenMark entity="v2mom" rowId={saved?.id} fields={['vision']} />}
          hint="What do you want to achieve? Describe the future you are working towards."
          error={error}
        >
          <Textarea
            id="v2mom-vision"
            rows={6}
            value={form.vision}
            aria-describedby={fieldDescriptionId('v2mom-vision')}
            {...invalidProps('v2mom-vision', error)}
            onChange={(event) => update((state) => ({ ...state, vision: event.target.value }))}
          />
        </Field>
      </SyncedField>
    </VisionItem>
  );
}
