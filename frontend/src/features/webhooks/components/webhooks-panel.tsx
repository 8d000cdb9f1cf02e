import { WEBHOOK_EVENT_LABELS, ZCreateWebhookSchema, type TCreatedWebhook, type TWebhook, type TWebhookEvent } from '@v2mom/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, invalidProps } from '../../../components/ui/field';
import { QueryTable } from '../../../components/ui/query-table';
import { ShownOnceDialog } from '../../../components/ui/shown-once-dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { ActionsTd, Td, Tr } from '../../../components/ui/table';
import { UserText } from '../../../components/ui/user-text';
import { PanelAbout, PanelFields, PanelForm, RowActions } from '../../../components/ui/settings-panel';
import { personName } from '../../../lib/person-name';
import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useUpdateWebhook } from '../api/update-webhook';
import { EventChoices } from './event-choices';
import { WebhookDeliveries } from './webhook-deliveries';

const COLUMNS = ['URL', 'Events', 'On', 'Made by'];
const SKELETON_CELLS = [<Skeleton $width="180px" />, <Skeleton $width="140px" />, <Skeleton $width="36px" />, <Skeleton $width="100px" />];

const eventNames = (events: readonly TWebhookEvent[]) => events.map((event) => WEBHOOK_EVENT_LABELS[event]).join(', ');

function SecretDialog({ webhook, onClose }: { webhook: TCreatedWebhook; onClose: () => void }) {
  return (
    <ShownOnceDialog
      title="Signing secret"
      description="Give it to the receiver to check each delivery's signature. It is shown only now."
      value={webhook.secret}
      valueLabel="The secret"
      copyLabel="Copy secret"
      onClose={onClose}
    />
  );
}

function EditEventsDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const update = useUpdateWebhook();
  const [events, setEvents] = useState<TWebhookEvent[]>(webhook.events);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Events"
      description={<UserText>{webhook.url}</UserText>}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={update.isPending || events.length === 0}
            onClick={() => update.mutate({ id: webhook.id, version: webhook.version, events }, { onSuccess: onClose })}
          >
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <EventChoices value={events} onChange={setEvents} error={events.length === 0 ? 'Choose at least one event' : undefined} />
    </Dialog>
  );
}

function DeleteDialog({ webhook, onClose }: { webhook: TWebhook; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <Dialog
      open
      role="alertdialog"
      onOpenChange={(open) => !open && onClose()}
      title="Delete this webhook?"
      description={
        <>
          <UserText>{webhook.url}</UserText> hears of nothing more, and its delivery log goes with it.
        </>
      }
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(webhook.id, { onSettled: onClose })}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </>
      }
    />
  );
}

/**
 * Signed webhooks (docs/PRODUCT.md#webhooks): make one with a URL and the events it wants (its
 * secret shown once), turn it on or off, change its events, delete it, and read its delivery log,
 * where a test is sent and a delivery sent again.
 */
export function WebhooksPanel() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<TWebhookEvent[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [created, setCreated] = useState<TCreatedWebhook | null>(null);
  const [editing, setEditing] = useState<TWebhook | null>(null);
  const [deleting, setDeleting] = useState<TWebhook | null>(null);
  const [watchedId, setWatchedId] = useState<number | null>(null);
  const ids = { url: useId(), description: useId() };
  const watched = webhooks.data?.find((webhook) => webhook.id === watchedId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateWebhookSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (webhook) => {
        setCreated(webhook);
        setUrl('');
        setDescription('');
        setEvents([]);
        setWatchedId(webhook.id);
      },
    });
  };

  return (
    <>
      <PanelAbout>
        A webhook tells another system of what happens here: each event it wants is sent to its URL as a signed message (Standard Webhooks), retried for a day when
        the receiver fails, and the webhook is turned off after 3 days of failures, its maker told by email.
      </PanelAbout>
      <PanelForm noValidate onSubmit={onSubmit} aria-label="New webhook">
        <PanelFields>
          <Field htmlFor={ids.url} label="URL" error={errors['url']}>
            <Input id={ids.url} value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://example.com/hooks" {...invalidProps(ids.url, errors['url'])} />
          </Field>
          <Field htmlFor={ids.description} label="Description" error={errors['description']}>
            <Input id={ids.description} value={description} onChange={(event) => setDescription(event.target.value)} {...invalidProps(ids.description, errors['description'])} />
          </Field>
        </PanelFields>
        <EventChoices value={events} onChange={setEvents} error={errors['events']} />
        <div>
          <Button type="submit" variant="primary" disabled={create.isPending}>
            {create.isPending ? 'Adding...' : 'Add webhook'}
          </Button>
        </div>
      </PanelForm>
      <QueryTable name={{ label: 'Webhooks' }} columns={COLUMNS} query={webhooks} skeletonCells={SKELETON_CELLS} errorTitle="Failed to load the webhooks" emptyMessage="No webhooks yet">
        {(webhooks.data ?? []).map((webhook) => (
          <Tr key={webhook.id} aria-label={webhook.url}>
            <Td data-primary>
              <UserText>{webhook.url}</UserText>
              {webhook.description ? (
                <>
                  {' · '}
                  <UserText>{webhook.description}</UserText>
                </>
              ) : null}
            </Td>
            <Td data-label="Events">{eventNames(webhook.events)}</Td>
            <Td data-label="On" title={webhook.disabledReason ?? undefined}>
              <Switch
                checked={webhook.enabled}
                disabled={update.isPending}
                aria-label={`${webhook.url} is on`}
                onChange={(change) => update.mutate({ id: webhook.id, version: webhook.version, enabled: change.target.checked })}
              />
              {webhook.disabledReason ? <> {webhook.disabledReason}</> : null}
            </Td>
            <Td data-label="Made by">{personName(webhook.createdBy, '—')}</Td>
            <ActionsTd>
              <RowActions>
                <Button size="sm" onClick={() => setWatchedId(webhook.id)} aria-pressed={webhook.id === watchedId}>
                  Deliveries
                </Button>
                <Button size="sm" onClick={() => setEditing(webhook)}>
                  Edit events
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(webhook)} aria-label={`Delete ${webhook.url}`}>
                  Delete
                </Button>
              </RowActions>
            </ActionsTd>
          </Tr>
        ))}
      </QueryTable>
      {watched ? <WebhookDeliveries key={watched.id} webhook={watched} /> : null}
      {created ? <SecretDialog webhook={created} onClose={() => setCreated(null)} /> : null}
      {editing ? <EditEventsDialog webhook={editing} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteDialog webhook={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}
