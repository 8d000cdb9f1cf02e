import { YEAR_END_CHOICES, type TMethodListItem, type TPickedPerson, type TV2mom, type TV2momComplete, type TYearEndChoice } from '@v2mom/contracts';
import { useId, useState, type ComponentType, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { Field, fieldDescriptionId, Input, Textarea } from '../../../../components/ui/field';
import type { PickerSlotProps } from '../../../../components/ui/search-combobox';
import { PersonName, UserText } from '../../../../components/ui/user-text';
import { useStartNextYear } from '../../api/start-next-year';
import {
  chooseAll,
  initialChoices,
  initialValues,
  needsNewOwner,
  nextYearRequest,
  openMethods,
  type MethodChoice,
  type ValueDraft,
} from './next-year-choices';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Muted = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Methods = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MethodRow = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const MethodName = styled.legend`
  padding: 0;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  overflow-wrap: anywhere;
`;

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
  min-height: 32px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  cursor: pointer;

  input {
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Warning = styled.p`
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const ValueInput = styled(Input)`
  flex: 1 1 200px;
`;

const CHOICE_LABELS: Record<TYearEndChoice, string> = { carry: 'Carry forward', missed: 'Close as missed', drop: 'Drop' };
const ALL_LABELS: Record<TYearEndChoice, string> = { carry: 'Carry all', missed: 'Close all as missed', drop: 'Drop all' };
const FORM_ID = 'next-year-form';

interface MethodChoiceRowProps {
  method: TMethodListItem;
  row: MethodChoice;
  OwnerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  onChange: (row: MethodChoice) => void;
}

/** One method's choice: carry (keeping progress, with a new owner when its own is deactivated), missed or drop. */
function MethodChoiceRow({ method, row, OwnerPicker, onChange }: MethodChoiceRowProps) {
  const ownerId = useId();
  const [chosen, setChosen] = useState<TPickedPerson | null>(null);
  const ownerGone = method.owner !== null && !method.owner.active;
  return (
    <MethodRow>
      <Group>
        <MethodName>{method.description}</MethodName>
        <Muted>
          <PersonName person={method.owner} /> · {method.progress}%
        </Muted>
        <Row>
          {YEAR_END_CHOICES.map((choice) => (
            <Choice key={choice}>
              <input type="radio" name={`choice-${method.id}`} checked={row.choice === choice} onChange={() => onChange({ ...row, choice })} />
              {CHOICE_LABELS[choice]}
            </Choice>
          ))}
          <Choice>
            <input type="checkbox" checked={row.keepProgress} disabled={row.choice !== 'carry'} onChange={(event) => onChange({ ...row, keepProgress: event.target.checked })} />
            Keep progress
          </Choice>
        </Row>
        {ownerGone && row.choice === 'carry' ? (
          <Field htmlFor={ownerId} label="Owner next year">
            <OwnerPicker
              id={ownerId}
              value={chosen !== null && chosen.id === row.ownerId ? chosen : null}
              placeholder="Choose someone"
              error={needsNewOwner(method, row) ? 'Choose who owns it next year' : undefined}
              onChange={(person) => {
                setChosen(person);
                onChange({ ...row, ownerId: person.id });
              }}
            />
          </Field>
        ) : null}
        {needsNewOwner(method, row) && method.owner ? (
          <Warning id={fieldDescriptionId(ownerId)}>
            <PersonName person={method.owner} /> is deactivated: choose who owns it next year.
          </Warning>
        ) : null}
      </Group>
    </MethodRow>
  );
}

interface ValuesEditorProps {
  values: readonly ValueDraft[];
  onChange: (values: ValueDraft[]) => void;
}

function ValuesEditor({ values, onChange }: ValuesEditorProps) {
  const [added, setAdded] = useState(0);
  const update = (key: string, description: string) => onChange(values.map((value) => (value.key === key ? { ...value, description } : value)));
  return (
    <Group>
      <Legend>Values</Legend>
      {values.length === 0 ? <Muted>No values will be copied.</Muted> : null}
      {values.map((value, index) => (
        <Row key={value.key}>
          <ValueInput aria-label={`Value ${index + 1}`} value={value.description} onChange={(event) => update(value.key, event.target.value)} />
          <Button size="sm" variant="ghost" onClick={() => onChange(values.filter((other) => other.key !== value.key))} aria-label={`Remove value ${index + 1}`}>
            Remove
          </Button>
        </Row>
      ))}
      <div>
        <Button
          size="sm"
          onClick={() => {
            setAdded(added + 1);
            onChange([...values, { key: `new-${added}`, fromId: undefined, description: '' }]);
          }}
        >
          Add value
        </Button>
      </div>
    </Group>
  );
}

export interface NextYearDialogProps {
  document: TV2momComplete;
  /** The owner's V2MOMs, once loaded: one of next year made by hand takes the methods. */
  ownerV2moms: readonly TV2mom[] | undefined;
  /** Finds an active person, as one types, to own a method whose owner is deactivated. */
  OwnerPicker: ComponentType<PickerSlotProps<TPickedPerson>>;
  onOpenChange: (open: boolean) => void;
  onStarted: (started: TV2momComplete) => void;
}

/**
 * `Start {year}` (docs/PRODUCT.md#next-year): vision and values to copy, and a choice for every
 * method not completed. Mounted only while open, so closing it starts afresh.
 */
export function NextYearDialog({ document, ownerV2moms, OwnerPicker, onOpenChange, onStarted }: NextYearDialogProps) {
  const year = document.year + 1;
  const methods = openMethods(document);
  const completed = document.methods.length - methods.length;
  const into = ownerV2moms?.find((v2mom) => v2mom.year === year && v2mom.startedFromId === null && v2mom.id !== document.id);
  const [vision, setVision] = useState(document.vision);
  const [values, setValues] = useState(() => initialValues(document));
  const [choices, setChoices] = useState(() => initialChoices(methods));
  const start = useStartNextYear();
  const visionId = useId();
  const blocked = methods.some((method) => needsNewOwner(method, choices[method.id]));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || start.isPending) return;
    const body = nextYearRequest(document, { vision, values, choices, intoV2momId: into?.id });
    start.mutate({ id: document.id, body }, { onSuccess: onStarted });
  };

  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="lg"
      title={`Start ${year}`}
      description={`Carry this V2MOM into ${year}. ${document.year} then closes: nothing in it can change but its quarter reviews.`}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button type="submit" form={FORM_ID} variant="primary" disabled={blocked} loading={start.isPending}>
            {into ? (
              // One flex item of the button: the title's isolate stays in the label's line.
              <span>
                Carry into “<UserText>{into.title}</UserText>”
              </span>
            ) : (
              `Start ${year}`
            )}
          </Button>
        </>
      }
    >
      <Form id={FORM_ID} noValidate onSubmit={submit}>
        {into ? (
          <Muted>
            <PersonName person={document.user} /> already has a {year} V2MOM, “<UserText>{into.title}</UserText>”: the carried methods, their obstacles and
            the values join it, and its vision stays.
          </Muted>
        ) : (
          <Field htmlFor={visionId} label="Vision">
            <Textarea id={visionId} value={vision} rows={3} onChange={(event) => setVision(event.target.value)} />
          </Field>
        )}
        <ValuesEditor values={values} onChange={setValues} />
        <Group>
          <Legend>Methods</Legend>
          {methods.length === 0 ? (
            <Muted>Every method is completed: nothing to carry.</Muted>
          ) : (
            <>
              <Row role="group" aria-label="Choose for every method">
                {YEAR_END_CHOICES.map((choice) => (
                  <Button key={choice} size="sm" onClick={() => setChoices(chooseAll(choices, choice))}>
                    {ALL_LABELS[choice]}
                  </Button>
                ))}
              </Row>
              <Methods aria-label="Methods to carry, close or drop">
                {methods.map((method) => (
                  <MethodChoiceRow
                    key={method.id}
                    method={method}
                    OwnerPicker={OwnerPicker}
                    row={choices[method.id] ?? { choice: 'carry', keepProgress: false, ownerId: undefined }}
                    onChange={(row) => setChoices({ ...choices, [method.id]: row })}
                  />
                ))}
              </Methods>
            </>
          )}
          {completed > 0 ? <Muted>{completed === 1 ? '1 completed method stays' : `${completed} completed methods stay`} in {document.year}.</Muted> : null}
        </Group>
      </Form>
    </Dialog>
  );
}
