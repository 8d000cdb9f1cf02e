import { DELIVERY_STATUS_LABELS, WEBHOOK_EVENT_LABELS, type TWebhook } from '@v2mom/contracts';
import { Button } from '../../../components/ui/button';
import { QueryTable } from '../../../components/ui/query-table';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { ActionsTd, Td, Tr } from '../../../components/ui/table';
import { UserText } from '../../../components/ui/user-text';
import { LogHeading } from '../../../components/ui/settings-panel';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';
import { useSendTestWebhook } from '../api/send-test-webhook';

const COLUMNS = ['Event', 'Status', 'Queued', 'Last attempt', 'Response', 'Attempts'];
const SKELETON_CELLS = [<Skeleton $width="90px" />, <Skeleton $width="70px" />, <Skeleton $width="80px" />, <Skeleton $width="80px" />, <Skeleton $width="40px" />, <Skeleton $width="20px" />];

/** A webhook's delivery log: its latest deliveries with their last answers, "Send test", and "Redeliver" for each. */
export function WebhookDeliveries({ webhook }: { webhook: TWebhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  const sendTest = useSendTestWebhook(webhook.id);
  const redeliver = useRedeliverWebhook(webhook.id);
  return (
    <section aria-label={`Deliveries to ${webhook.url}`}>
      <LogHeading>
        <h3>
          Deliveries to <UserText>{webhook.description || webhook.url}</UserText>
        </h3>
        <Button size="sm" disabled={sendTest.isPending} onClick={() => sendTest.mutate()}>
          {sendTest.isPending ? 'Sending...' : 'Send test'}
        </Button>
      </LogHeading>
      <QueryTable
        name={{ label: 'Deliveries' }}
        columns={COLUMNS}
        query={deliveries}
        skeletonCells={SKELETON_CELLS}
        errorTitle="Failed to load the deliveries"
        emptyMessage="Nothing delivered yet"
      >
        {(deliveries.data ?? []).map((delivery) => (
          <Tr key={delivery.id} aria-label={`${WEBHOOK_EVENT_LABELS[delivery.event]} ${delivery.messageId}`}>
            <Td data-primary>{WEBHOOK_EVENT_LABELS[delivery.event]}</Td>
            <Td data-label="Status" title={delivery.lastError ?? undefined}>
              {DELIVERY_STATUS_LABELS[delivery.status]}
            </Td>
            <Td data-label="Queued">
              <RelativeTime value={delivery.createdAt} />
            </Td>
            <Td data-label="Last attempt">{delivery.lastAttemptAt ? <RelativeTime value={delivery.lastAttemptAt} /> : 'Not yet'}</Td>
            <Td data-label="Response">{delivery.responseCode ?? (delivery.lastError ? 'No answer' : '—')}</Td>
            <Td data-label="Attempts">{delivery.attempts}</Td>
            <ActionsTd>
              {delivery.status === 'waiting' ? null : (
                <Button size="sm" disabled={redeliver.isPending} onClick={() => redeliver.mutate(delivery.id)} aria-label={`Redeliver ${delivery.messageId}`}>
                  Redeliver
                </Button>
              )}
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
    </section>
  );
}
