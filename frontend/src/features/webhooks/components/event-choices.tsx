import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, type TWebhookEvent } from '@v2mom/contracts';
import { CheckboxChoices } from '../../../components/ui/checkbox-choices';

/** The events a webhook wants, one box each. */
export function EventChoices({ value, onChange, error }: { value: readonly TWebhookEvent[]; onChange: (events: TWebhookEvent[]) => void; error?: string }) {
  return <CheckboxChoices legend="Events" options={WEBHOOK_EVENTS} labels={WEBHOOK_EVENT_LABELS} value={value} onChange={onChange} error={error} />;
}
