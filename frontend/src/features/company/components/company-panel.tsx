import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { ZCompanyFieldsSchema, type TCompany, type TCompanyFields } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldDescriptionId, Input } from '../../../components/ui/field';
import { fieldErrorsOf, type TFieldErrors } from '../../../lib/field-issues';
import { useUpdateCompany } from '../api/update-company';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 640px;
`;

const Colours = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

/** The deck's title band as it will look: the name on the primary colour, an accent rule below. */
const Swatch = styled.div<{ $primary: string; $accent: string }>`
  border-radius: ${({ theme }) => theme.radius.md};
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};

  strong {
    display: block;
    padding: ${({ theme }) => theme.space[4]};
    background: ${({ $primary }) => $primary};
    color: #ffffff;
    font-size: 1.25rem;
    overflow-wrap: anywhere;
  }

  span {
    display: block;
    height: 10px;
    background: ${({ $accent }) => $accent};
  }
`;

const COLOUR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

function fieldsOf(company: TCompany): TCompanyFields {
  return { name: company.name, primaryColour: company.primaryColour, accentColour: company.accentColour };
}

/**
 * The Company tab of /settings (docs/PRODUCT.md#company): the name and colours exported decks
 * wear, with a preview. Another settings holder's change arrives live; saving over it is a 409.
 */
export function CompanyPanel({ company }: { company: TCompany }) {
  const update = useUpdateCompany();
  const [draft, setDraft] = useState<TCompanyFields>(() => fieldsOf(company));
  const [errors, setErrors] = useState<TFieldErrors<TCompanyFields>>({});
  const set = (field: keyof TCompanyFields, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCompanyFieldsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrorsOf<TCompanyFields>(parsed.error.issues));
    update.mutate({ ...parsed.data, version: company.version });
  };
  const saved = fieldsOf(company);
  const changed = (Object.keys(saved) as Array<keyof TCompanyFields>).some((field) => saved[field] !== draft[field]);
  const described = (field: keyof TCompanyFields) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': fieldDescriptionId(`company-${field}`) } : {});
  // The preview keeps the saved colour while the typed one is not a colour yet.
  const shown = (field: 'primaryColour' | 'accentColour') => (COLOUR_PATTERN.test(draft[field]) ? draft[field] : saved[field]);

  return (
    <Card $padded>
      <Form noValidate onSubmit={onSubmit} aria-label="Company">
        <Field htmlFor="company-name" label="Company name" hint="On the title slide of every exported deck." error={errors.name}>
          <Input id="company-name" value={draft.name} onChange={(event) => set('name', event.target.value)} {...described('name')} />
        </Field>
        <Colours>
          <Field htmlFor="company-primaryColour" label="Primary colour" hint="#RRGGBB: title bands and headings." error={errors.primaryColour}>
            <Input id="company-primaryColour" value={draft.primaryColour} onChange={(event) => set('primaryColour', event.target.value)} {...described('primaryColour')} />
          </Field>
          <Field htmlFor="company-accentColour" label="Accent colour" hint="#RRGGBB: rules and progress bars." error={errors.accentColour}>
            <Input id="company-accentColour" value={draft.accentColour} onChange={(event) => set('accentColour', event.target.value)} {...described('accentColour')} />
          </Field>
        </Colours>
        <Swatch role="img" aria-label={`Preview: ${draft.name} on ${shown('primaryColour')}, accent ${shown('accentColour')}`} $primary={shown('primaryColour')} $accent={shown('accentColour')}>
          <strong>{draft.name || saved.name}</strong>
          <span />
        </Swatch>
        <div>
          <Button type="submit" variant="primary" loading={update.isPending} disabled={!changed}>
            Save company
          </Button>
        </div>
      </Form>
    </Card>
  );
}
