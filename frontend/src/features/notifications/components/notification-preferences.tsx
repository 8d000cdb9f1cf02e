import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type TNotificationKind } from '@v2mom/contracts';
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

/**
 * Which kinds of notification reach the user in the app (docs/PRODUCT.md#account): one switch a
 * kind, saved as it is moved.
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
  const toggle = (kind: TNotificationKind, inApp: boolean) => update.mutate({ ...current, [kind]: { inApp } });
  return (
    <Card $padded>
      <Where>In the app</Where>
      <DividedList aria-label="Notifications in the app">
        {NOTIFICATION_KINDS.map((kind) => (
          <DividedRow key={kind}>
            <Kind>
              {NOTIFICATION_KIND_LABELS[kind]}
              <Switch checked={current[kind].inApp} onChange={(event) => toggle(kind, event.target.checked)} />
            </Kind>
          </DividedRow>
        ))}
      </DividedList>
    </Card>
  );
}
