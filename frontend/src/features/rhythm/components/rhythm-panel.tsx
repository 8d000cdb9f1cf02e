import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { meetingAfter, nextCheckInTime, nextDigestTime, ZRhythmFieldsSchema, type TRhythm, type TRhythmFields } from '@v2mom/contracts';
import { dateWords } from '../../../lib/dates';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, fieldDescriptionId, Input, Select } from '../../../components/ui/field';
import { fieldErrorsOf, type TFieldErrors } from '../../../lib/field-issues';
import { useUpdateRhythm } from '../api/update-rhythm';
import { clock } from '../../../lib/clock';

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/** Every zone the browser knows; a name it does not is still sent, and the server says why it refuses it. */
const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  max-width: 640px;
`;

const Group = styled.fieldset`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space[3]};
  border: 0;
  padding: 0;
  margin: 0;

  legend {
    font-weight: 600;
    margin-bottom: ${({ theme }) => theme.space[2]};
  }
`;

const Upcoming = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => theme.space[1]} ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
  }

  /* On a phone each figure goes under its name: two columns leave the values a sliver. */
  @media (max-width: 480px) {
    grid-template-columns: 1fr;

    dd + dt {
      margin-top: ${({ theme }) => theme.space[2]};
    }
  }
`;

type Errors = TFieldErrors<TRhythmFields>;

function fieldsOf(rhythm: TRhythm): TRhythmFields {
  const { timeZone, checkInDay, checkInTime, meetingDay, meetingTime } = rhythm;
  return { timeZone, checkInDay, checkInTime, meetingDay, meetingTime };
}

/** "Fri 4 Dec, 15:00" on the company's clock. */
function onCompanyClock(time: Date, zone: string): string {
  const { weekday, dayInYear, time: clockTime } = dateWords(time, zone);
  return `${weekday} ${dayInYear}, ${clockTime}`;
}

function DaySelect({ id, value, onChange }: { id: string; value: number; onChange: (day: number) => void }) {
  return (
    <Select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {WEEKDAYS.map((name, index) => (
        <option key={name} value={index + 1}>
          {name}
        </option>
      ))}
    </Select>
  );
}

/**
 * The Rhythm tab of /settings (docs/PRODUCT.md#rhythm): the check-in day and time, the company's
 * time zone and the COO meeting's day and time, with when the next check-in and digest fall.
 * Another settings holder's change arrives live; saving over it is a 409 that says who made it.
 */
export function RhythmPanel({ rhythm, now = clock.now() }: { rhythm: TRhythm; now?: Date }) {
  const update = useUpdateRhythm();
  const [draft, setDraft] = useState<TRhythmFields>(() => fieldsOf(rhythm));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof TRhythmFields>(field: K, value: TRhythmFields[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const parsed = ZRhythmFieldsSchema.safeParse(draft);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) return setErrors(fieldErrorsOf<TRhythmFields>(parsed.error.issues));
    update.mutate({ ...parsed.data, version: rhythm.version });
  };
  const saved = fieldsOf(rhythm);
  const changed = (Object.keys(saved) as Array<keyof TRhythmFields>).some((field) => saved[field] !== draft[field]);
  const nextCheckIn = parsed.success ? nextCheckInTime(parsed.data, now) : null;
  const nextDigest = parsed.success ? nextDigestTime(parsed.data, now) : null;
  const described = (field: keyof TRhythmFields) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': fieldDescriptionId(`rhythm-${field}`) } : {});

  return (
    <Card $padded>
      <Form noValidate onSubmit={onSubmit} aria-label="Company rhythm">
        <Field htmlFor="rhythm-timeZone" label="Time zone" hint="The company's clock: check-in and meeting times are read on it." error={errors.timeZone}>
          <Input id="rhythm-timeZone" list="rhythm-time-zones" value={draft.timeZone} onChange={(event) => set('timeZone', event.target.value)} {...described('timeZone')} />
        </Field>
        <datalist id="rhythm-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <Group>
          <legend>Weekly check-in</legend>
          <Field htmlFor="rhythm-checkInDay" label="Day" error={errors.checkInDay}>
            <DaySelect id="rhythm-checkInDay" value={draft.checkInDay} onChange={(day) => set('checkInDay', day)} />
          </Field>
          <Field htmlFor="rhythm-checkInTime" label="Time" error={errors.checkInTime}>
            <Input id="rhythm-checkInTime" type="time" value={draft.checkInTime} onChange={(event) => set('checkInTime', event.target.value)} {...described('checkInTime')} />
          </Field>
        </Group>
        <Group>
          <legend>COO meeting</legend>
          <Field htmlFor="rhythm-meetingDay" label="Day" error={errors.meetingDay}>
            <DaySelect id="rhythm-meetingDay" value={draft.meetingDay} onChange={(day) => set('meetingDay', day)} />
          </Field>
          <Field htmlFor="rhythm-meetingTime" label="Time" error={errors.meetingTime}>
            <Input id="rhythm-meetingTime" type="time" value={draft.meetingTime} onChange={(event) => set('meetingTime', event.target.value)} {...described('meetingTime')} />
          </Field>
        </Group>
        {parsed.success && nextCheckIn && nextDigest ? (
          <Upcoming aria-label="What comes next">
            <dt>Next check-in</dt>
            <dd>{onCompanyClock(nextCheckIn, parsed.data.timeZone)}: owners who have not checked in this week are reminded</dd>
            <dt>Next meeting digest</dt>
            <dd>
              {onCompanyClock(nextDigest, parsed.data.timeZone)}, the day before the meeting of {onCompanyClock(meetingAfter(parsed.data, nextDigest), parsed.data.timeZone)}
            </dd>
          </Upcoming>
        ) : null}
        <div>
          <Button type="submit" variant="primary" loading={update.isPending} disabled={!changed}>
            Save rhythm
          </Button>
        </div>
      </Form>
    </Card>
  );
}
