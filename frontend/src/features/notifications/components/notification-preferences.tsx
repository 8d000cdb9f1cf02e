import { channelsOf, NOTIFICATION_KIND_LABELS, PREFERENCE_KINDS, type TNotificationChannel, type TNotificationPreferences } from '@v2mom/contracts';
import styled from 'styled-components';
import { Card } from '../../../components/ui/card';
import { DividedList, DividedRow } from '../../../components/ui/divided-list';
import { LoadError } from '../../../components/ui/load-error';
import { Skeleton } from '../../../components/ui/skeleton';
import { Switch } from '../../../components/ui/switch';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';

const Kind = styled.label`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  width: 100%;
  cursor: pointer;
`;

const Where = styled.p`
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CHANNELS: ReadonlyArray<{ channel: TNotificationChannel; title: string }> = [
  { channel: 'inApp', title: 'In the app' },
  { channel: 'email', title: 'By email' },
];

/** One kind's choice on one channel, whatever other channels it has. */
function choiceOf(preferences: TNotificationPreferences, kind: (typeof PREFERENCE_KINDS)[number], channel: TNotificationChannel): boolean {
  const choices: Partial<Record<TNotificationChannel, boolean>> = preferences[kind];
  return choices[channel] ?? false;
}

/**
 * Which kinds of notification reach the user, in the app and by email (docs/PRODUCT.md#account):
 * a list of switches per channel, each kind in the lists of the channels it has, saved as moved.
 */
export function NotificationPreferences() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  if (preferences.isPending) {
    return (
      <Card $padded aria-busy="true" aria-label="Loading notification settings">
        <Skeleton $width="70%" $height="18px" />
      </Card>
    );
  }
  if (preferences.isError) {
    return <LoadError title="Failed to load your notification settings" error={preferences.error} onRetry={() => void preferences.refetch()} />;
  }
  const current = preferences.data;
  const toggle = (kind: (typeof PREFERENCE_KINDS)[number], channel: TNotificationChannel, on: boolean) =>
    update.mutate({ ...current, [kind]: { ...current[kind], [channel]: on } });
  return (
    <Card $padded>
      {CHANNELS.map(({ channel, title }) => (
        <div key={channel}>
          <Where>{title}</Where>
          <DividedList aria-label={`Notifications ${title.toLowerCase()}`}>
            {PREFERENCE_KINDS.filter((kind) => channelsOf(kind).includes(channel)).map((kind) => (
              <DividedRow key={kind}>
                <Kind>
                  {NOTIFICATION_KIND_LABELS[kind]}
                  <Switch checked={choiceOf(current, kind, channel)} onChange={(event) => toggle(kind, channel, event.target.checked)} />
                </Kind>
              </DividedRow>
            ))}
          </DividedList>
        </div>
      ))}
    </Card>
  );
}
