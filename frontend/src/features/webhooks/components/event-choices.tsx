import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type TWebhookEvent } from '@v2mom/contracts';
import styled from 'styled-components';

const Choices = styled.fieldset`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[4]};
  border: 0;
  padding: 0;
  margin: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.fontSize.sm};
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }

  label {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
  }
`;

const ErrorText = styled.p`
  width: 100%;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/** The events a webhook wants, one box each. */
export function EventChoices({ value, onChange, error }: { value: readonly TWebhookEvent[]; onChange: (events: TWebhookEvent[]) => void; error?: string }) {
  const toggle = (event: TWebhookEvent, on: boolean) => onChange(WEBHOOK_EVENTS.filter((each) => (each === event ? on : value.includes(each))));
  return (
    <Choices aria-invalid={error ? true : undefined}>
      <legend>Events</legend>
      {WEBHOOK_EVENTS.map((event) => (
        <label key={event}>
          <input type="checkbox" checked={value.includes(event)} onChange={(change) => toggle(event, change.target.checked)} />
          {WEBHOOK_EVENT_LABELS[event]}
        </label>
      ))}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Choices>
  );
}
