import { FieldError, Input, invalidProps } from '../../../../components/ui/field';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import styled from 'styled-components';
import { EditingMarker, presenceItem } from '../presence/form-presence';
import { itemFieldAddress } from './field-errors';
import { isSaved, newValue } from './form-state';
import type { FormEditor } from './form-editor';
import { AddButton, RemoveButton } from './item-buttons';
import { ItemList, NewTag } from './item-list';
import { EmptyList, Muted, TabIntro } from './tab-text';
import { SyncedField } from './synced-field';
import { UnseenMark } from '../unseen/unseen-mark';

const Row = styled.li`
  display: grid;
  grid-template-columns: 28px 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

const Number = styled.span`
  display: inline-grid;
  place-items: center;
  width: 26px;
  height: 26px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/** Under the value's text, so a phone's narrow row keeps its input wide. */
const BelowLine = styled.div`
  grid-column: 2 / -1;
  display: flex;

  &:empty {
    display: none;
  }
`;

const Cell = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

export function ValuesTab({ form, update, canChangeStructure, requestRemoval, fieldErrors }: FormEditor) {
  return (
    <div>
      <TabIntro>
        <Muted>What matters most while pursuing the vision, in priority order.</Muted>
        {canChangeStructure ? (
          <AddButton onClick={() => update((state) => ({ ...state, values: [...state.values, newValue()] }))}>Add Value</AddButton>
        ) : null}
      </TabIntro>
      {form.values.length === 0 ? (
        <EmptyList>No values yet.</EmptyList>
      ) : (
        <ItemList>
          {form.values.map((value, index) => {
            const inputId = `value-${value.key}`;
            const error = fieldErrors.get(itemFieldAddress('values', value.key, 'description'));
            return (
              <Row key={value.key} {...presenceItem('value', value.key)}>
                <Number aria-hidden="true">{index + 1}</Number>
                <SyncedField itemKey={value.key} field="description" label="Value">
                  <Cell>
                    <VisuallyHidden as="label" htmlFor={inputId}>
                      Value {index + 1}
                    </VisuallyHidden>
                    <Input
                      id={inputId}
                      value={value.description}
                      placeholder="Describe the value"
                      {...invalidProps(inputId, error)}
                      onChange={(event) =>
                        update((state) => ({
                          ...state,
                          values: state.values.map((item) => (item.key === value.key ? { ...item, description: event.target.value } : item)),
                        }))
                      }
                    />
                    {!isSaved(value) ? <NewTag>New</NewTag> : null}
                    <UnseenMark entity="value" rowId={value.id} fields={['description']} created />
                  </Cell>
                </SyncedField>
                {canChangeStructure ? (
                  <RemoveButton label={`Delete value ${index + 1}`} onClick={() => requestRemoval('value', value.key)} />
                ) : (
                  <span />
                )}
                {error ? (
                  <BelowLine>
                    <FieldError controlId={inputId}>{error}</FieldError>
                  </BelowLine>
                ) : null}
                <BelowLine>
                  <EditingMarker entity="value" itemKey={value.key} />
                </BelowLine>
              </Row>
            );
          })}
        </ItemList>
      )}
    </div>
  );
}
