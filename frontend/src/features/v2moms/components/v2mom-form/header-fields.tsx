import { UNTITLED_V2MOM, V2MOM_YEAR_RANGE } from '@v2mom/contracts';
import type { RefObject } from 'react';
import styled from 'styled-components';
import { Card } from '../../../../components/ui/card';
import { Field, Input, invalidProps } from '../../../../components/ui/field';
import { media } from '../../../../lib/theme/tokens';
import { EditingMarker, presenceItem } from '../presence/form-presence';
import type { FormEditor } from './form-editor';
import { HEADER_KEY } from './form-sync';
import { SyncedField } from './synced-field';
import { UnseenMark } from '../unseen/unseen-mark';

const Fields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 160px;
  gap: ${({ theme }) => theme.space[4]};

  ${media.small} {
    grid-template-columns: 1fr;
  }
`;

interface HeaderFieldsProps extends Pick<FormEditor, 'form' | 'update' | 'mode' | 'fieldErrors' | 'saved'> {
  titleRef: RefObject<HTMLInputElement | null>;
  yearRef: RefObject<HTMLInputElement | null>;
}

/** The V2MOM's title and year. */
export function HeaderFields({ form, update, mode, fieldErrors, saved, titleRef, yearRef }: HeaderFieldsProps) {
  const titleError = fieldErrors.get('title');
  const yearError = fieldErrors.get('year');
  return (
    <Card {...presenceItem('v2mom', 'details')}>
      <EditingMarker entity="v2mom" itemKey="details" />
      <Fields>
        <SyncedField itemKey={HEADER_KEY} field="title" presenceKey="details" label="Title">
          <Field htmlFor="v2mom-title" label="Title" error={titleError} aside={<UnseenMark entity="v2mom" rowId={saved?.id} fields={['title']} />}>
            <Input
              id="v2mom-title"
              ref={titleRef}
              value={form.title}
              maxLength={200}
              placeholder={mode === 'create' ? UNTITLED_V2MOM : undefined}
              {...invalidProps('v2mom-title', titleError)}
              onChange={(event) => update((state) => ({ ...state, title: event.target.value }))}
            />
          </Field>
        </SyncedField>
        <Field htmlFor="v2mom-year" label="Year" error={yearError}>
          <Input
            id="v2mom-year"
            ref={yearRef}
            type="number"
            inputMode="numeric"
            min={V2MOM_YEAR_RANGE.min}
            max={V2MOM_YEAR_RANGE.max}
            step={1}
            value={form.year}
            {...invalidProps('v2mom-year', yearError)}
            onChange={(event) => update((state) => ({ ...state, year: event.target.value }))}
          />
        </Field>
      </Fields>
    </Card>
  );
}
