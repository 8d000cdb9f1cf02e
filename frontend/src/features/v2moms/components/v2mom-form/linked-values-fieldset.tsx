import { MAX_LINKED_VALUES, MAX_LINKED_VALUES_MESSAGE, MAX_LINKED_VALUES_TITLE, truncate, TRUNCATE_AT } from '@v2mom/contracts';
import styled from 'styled-components';
import { notify } from '../../../../lib/toast';
import { CheckChip, CheckList } from './check-chip';
import { Fieldset } from './field-layout';
import type { FormEditor } from './form-editor';
import { toggleLinkedValue, type FormMethod } from './form-state';
import { Muted } from './tab-text';

const Counter = styled.span`
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The values a method serves, up to MAX_LINKED_VALUES. */
export function LinkedValuesFieldset({ method, form, update }: { method: FormMethod } & Pick<FormEditor, 'form' | 'update'>) {
  const toggleValue = (valueKey: string) => {
    const result = toggleLinkedValue(form, method.key, valueKey);
    if (!result.ok) {
      notify({ title: MAX_LINKED_VALUES_TITLE, message: MAX_LINKED_VALUES_MESSAGE });
      return;
    }
    update((state) => {
      const next = toggleLinkedValue(state, method.key, valueKey);
      return next.ok ? next.state : state;
    });
  };

  return (
    <Fieldset>
      <legend>
        Linked values{' '}
        <Counter>
          ({method.linkedValueKeys.length} of {MAX_LINKED_VALUES})
        </Counter>
      </legend>
      {form.values.length === 0 ? (
        <Muted>Add values in the Values tab to link them here.</Muted>
      ) : (
        <CheckList>
          {form.values.map((value, valueIndex) => {
            const label = value.description.trim() || `Value ${valueIndex + 1}`;
            return (
              <CheckChip
                key={value.key}
                label={truncate(label, TRUNCATE_AT.badge)}
                title={label}
                aria-label={label}
                checked={method.linkedValueKeys.includes(value.key)}
                onChange={() => toggleValue(value.key)}
              />
            );
          })}
        </CheckList>
      )}
    </Fieldset>
  );
}
