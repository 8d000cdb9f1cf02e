import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { useUnreadCount } from '../api/get-unread-count';

/** The panel, its list and floating-ui load when the bell is first opened: the bell is on every screen. */
const loadPanel = () => import('./notification-panel');
const NotificationPanel = lazy(loadPanel);

const Anchor = styled.span`
  position: relative;
  display: inline-flex;
`;

const Count = styled.span`
  position: absolute;
  top: 2px;
  right: 2px;
  min-width: 16px;
  height: 16px;
  padding: 0 4px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.dangerSolid};
  color: #ffffff;
  font-size: 10px;
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: 16px;
  text-align: center;
  pointer-events: none;
`;

/** Past this the badge says '9+'; the accessible name keeps the number. */
const BADGE_MAX = 9;

function unreadLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
}

/**
 * The bell in the header (docs/PRODUCT.md#notifications): the unread count, kept live by
 * `notifications:changed`, and the panel it opens.
 */
export function NotificationBell() {
  const { data } = useUnreadCount();
  const unread = data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const [bell, setBell] = useState<HTMLButtonElement | null>(null);
  return (
    <Anchor>
      <Button
        ref={setBell}
        variant="ghost"
        iconOnly
        aria-label={unreadLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <BellIcon />
      </Button>
      {unread > 0 ? <Count aria-hidden="true">{unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}</Count> : null}
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel anchor={bell} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </Anchor>
  );
}
