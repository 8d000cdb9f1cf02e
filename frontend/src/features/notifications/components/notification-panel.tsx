import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingPortal,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { describeNotification, notificationPath, type TNotification } from '@v2mom/contracts';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { CloseIcon } from '../../../components/ui/icons';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Skeleton } from '../../../components/ui/skeleton';
import { Sentence } from '../../../components/ui/user-text';
import { VisuallyHidden } from '../../../components/ui/visually-hidden';
import { VirtualLine, VirtualWindow } from '../../../components/ui/virtual-window';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { media } from '../../../lib/theme/tokens';
import { useIsPhone } from '../../../lib/theme/use-is-phone';
import { useNotifications } from '../api/get-notifications';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { isRowMove, notificationEntries, rowAfterMove, type NotificationEntry } from './notification-entries';

const ESTIMATED_ROW_PX = 64;
const ESTIMATED_HEADING_PX = 34;
/** The next page is asked for when the list shows one of its last this many lines. */
const PAGE_AHEAD = 8;
/** Before the panel measures itself (and in tests, where nothing is laid out). */
const INITIAL_RECT = { width: 380, height: 480 };

const Panel = styled.div<{ $sheet: boolean }>`
  z-index: ${({ theme }) => theme.zIndex.drawer + 2};
  display: flex;
  flex-direction: column;
  width: 380px;
  max-height: min(560px, var(--available-height, 560px));
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: 0 18px 48px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.6 : 0.16)});
  outline: none;

  ${({ $sheet }) =>
    $sheet &&
    `
    position: fixed;
    inset: 0;
    width: 100%;
    max-height: none;
    height: 100dvh;
    border: none;
    border-radius: 0;
    padding-bottom: env(safe-area-inset-bottom);
  `}
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[3]} ${theme.space[3]} ${theme.space[4]}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Title = styled.h2`
  flex: 1;
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  overscroll-behavior: contain;
`;

const GroupHeading = styled.h3`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]} ${theme.space[1]}`};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
  text-transform: uppercase;
  letter-spacing: 0.04em;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const RowLink = styled(Link)<{ $unread: boolean }>`
  display: grid;
  grid-template-columns: 8px 1fr;
  gap: ${({ theme }) => theme.space[3]};
  align-items: start;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  color: inherit;
  text-decoration: none;
  font-weight: ${({ $unread, theme }) => ($unread ? theme.fontWeight.medium : theme.fontWeight.regular)};

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
`;

const Dot = styled.span<{ $unread: boolean }>`
  width: 8px;
  height: 8px;
  margin-top: 7px;
  border-radius: 50%;
  background: ${({ $unread, theme }) => ($unread ? theme.colors.primary : 'transparent')};
`;

const Words = styled.span`
  display: block;
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;
`;

const When = styled.span`
  display: block;
  margin-top: 2px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Quiet = styled.div`
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  button {
    margin-top: ${({ theme }) => theme.space[3]};
  }
`;

const Loading = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
`;

const SheetOnly = styled.span`
  ${media.desktop} {
    display: none;
  }
`;

interface RowProps {
  notification: TNotification;
  viewerId: number;
  onOpen: (notification: TNotification) => void;
}

function NotificationRow({ notification, viewerId, onOpen }: RowProps) {
  const unread = notification.readAt === null;
  return (
    <RowLink to={notificationPath(notification)} $unread={unread} onClick={() => onOpen(notification)}>
      <Dot $unread={unread} aria-hidden="true" />
      <span>
        {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
        <Words>
          <Sentence sentence={describeNotification(notification, viewerId)} />
        </Words>
        <When>
          <RelativeTime value={notification.createdAt} />
        </When>
      </span>
    </RowLink>
  );
}

/** Moves focus among the rows for a key pressed in the panel outside the list (its own frame, its header). */
type PanelKeys = (event: KeyboardEvent) => void;

/** The line of the list an element is in, or null outside the list's lines. */
function lineIndexOf(element: EventTarget): number | null {
  const line = element instanceof Element ? element.closest<HTMLElement>('[data-index]') : null;
  return line ? Number(line.dataset['index']) : null;
}

interface NotificationListProps {
  onClose: () => void;
  /** Where the list puts what the panel calls for arrow keys, Home and End pressed outside it. */
  panelKeys: RefObject<PanelKeys | null>;
}

function NotificationList({ onClose, panelKeys }: NotificationListProps) {
  const { id: viewerId } = useSignedInUser();
  const list = useNotifications();
  const markRead = useMarkNotificationRead();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const entries = useMemo(() => notificationEntries(data?.pages.flatMap((page) => page.notifications) ?? []), [data]);
  // The row that has (or last had) focus, by key: rows arriving above it do not move it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = activeKey === null ? -1 : entries.findIndex((entry) => entry.key === activeKey);
  // A row a key moved to, focused once it is in the window.
  const focusPending = useRef<number | null>(null);
  // The focused row stays in the window when the list scrolls away from it, so focus is never lost.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex === -1 || indexes.includes(activeIndex) ? indexes : [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );

  // The compiler leaves this component as written: the virtualizer's answers change on every
  // scroll without changing identity, and nothing below memoises them.
  // eslint-disable-next-line react-hooks/incompatible-library -- read afresh on every render
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: (index) => (entries[index]?.type === 'heading' ? ESTIMATED_HEADING_PX : ESTIMATED_ROW_PX),
    getItemKey: (index) => entries[index]?.key ?? index,
    initialRect: INITIAL_RECT,
    overscan: 6,
    rangeExtractor,
  });
  const lines = virtualizer.getVirtualItems();
  const lastShown = lines.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= entries.length - PAGE_AHEAD) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, lastShown, entries.length, fetchNextPage]);

  useEffect(() => {
    const index = focusPending.current;
    if (index === null) return;
    const row = scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] a`);
    if (!row) return;
    focusPending.current = null;
    row.focus({ preventScroll: true }); // scrollToIndex brought it into view, as far as it needs
  });

  const move = (event: KeyboardEvent, from: number | null) => {
    if (!isRowMove(event.key)) return;
    const to = rowAfterMove(entries, from, event.key);
    if (to === null) return;
    event.preventDefault(); // the keys would scroll the list too
    const entry = entries[to];
    if (!entry) return;
    focusPending.current = to;
    setActiveKey(entry.key);
    virtualizer.scrollToIndex(to, { align: 'auto' });
  };
  useEffect(() => {
    panelKeys.current = (event) => move(event, null);
  });

  const open = (notification: TNotification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    onClose();
  };

  if (list.isPending) {
    return (
      <Loading aria-busy="true" aria-label="Loading notifications">
        <Skeleton $width="80%" $height="16px" />
        <Skeleton $width="60%" $height="16px" />
        <Skeleton $width="70%" $height="16px" />
      </Loading>
    );
  }
  if (list.isError && entries.length === 0) {
    return (
      <Quiet role="alert">
        Couldn&apos;t load your notifications.
        <div>
          <Button size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      </Quiet>
    );
  }
  if (entries.length === 0) return <Quiet>You&apos;re all caught up.</Quiet>;

  const line = (entry: NotificationEntry) =>
    entry.type === 'heading' ? (
      <GroupHeading>{entry.title}</GroupHeading>
    ) : (
      <NotificationRow notification={entry.notification} viewerId={viewerId} onOpen={open} />
    );

  return (
    <Scroller
      ref={scrollerRef}
      data-testid="notification-list"
      onKeyDown={(event) => {
        if (!isRowMove(event.key)) return;
        event.stopPropagation(); // moved here, not entered from the panel
        move(event, lineIndexOf(event.target));
      }}
      onFocus={(event) => {
        const index = lineIndexOf(event.target);
        const entry = index === null ? undefined : entries[index];
        if (entry) setActiveKey(entry.key);
      }}
    >
      <VirtualWindow style={{ height: virtualizer.getTotalSize() }}>
        {lines.map((item) => {
          const entry = entries[item.index];
          if (!entry) return null;
          return (
            <VirtualLine key={item.key} data-index={item.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
              {line(entry)}
            </VirtualLine>
          );
        })}
      </VirtualWindow>
      {isFetchingNextPage ? <Quiet aria-live="polite">Loading more…</Quiet> : null}
      {list.isFetchNextPageError ? (
        <Quiet role="alert">
          Couldn&apos;t load more.
          <div>
            <Button size="sm" onClick={() => void fetchNextPage()}>
              Try again
            </Button>
          </div>
        </Quiet>
      ) : null}
    </Scroller>
  );
}

function MarkAllRead() {
  const { data: count } = useUnreadCount();
  const { data } = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  const newest = data?.pages[0]?.notifications[0];
  if (!newest || !count?.unread) return null;
  return (
    <Button variant="ghost" size="sm" loading={markAll.isPending} onClick={() => markAll.mutate(newest.id)}>
      {markAll.isPending ? 'Marking...' : 'Mark all read'}
    </Button>
  );
}

export interface NotificationPanelProps {
  /** The bell: the popover sits below it, and focus goes back to it when the panel closes. */
  anchor: HTMLButtonElement | null;
  onClose: () => void;
}

/**
 * The notification panel (docs/PRODUCT.md#notifications): a popover below the bell on a desktop,
 * a full-height sheet on a phone. Escape, a press outside and opening a row close it.
 */
export default function NotificationPanel({ anchor, onClose }: NotificationPanelProps) {
  const titleId = useId();
  const sheet = useIsPhone();
  const panelRef = useRef<HTMLDivElement>(null);
  // `setFloating` is a callback ref, not a ref object: reading it while rendering is what it is for.
  const {
    refs: { setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    elements: { reference: anchor },
    placement: 'bottom-end',
    middleware: [
      offset(8),
      flip(),
      shift({ padding: 8 }),
      size({
        padding: 8,
        apply: ({ availableHeight, elements }) => {
          elements.floating.style.setProperty('--available-height', `${availableHeight}px`);
        },
      }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role: 'dialog' })]);
  const ref = useMergeRefs([setFloating, panelRef]);
  const panelKeys = useRef<PanelKeys | null>(null);
  // From the panel's frame or header the arrows, Home and End enter the list; within it, it moves itself.
  const enterList = (event: KeyboardEvent) => panelKeys.current?.(event);

  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={sheet} initialFocus={panelRef}>
        <Panel
          ref={ref}
          $sheet={sheet}
          style={sheet ? undefined : floatingStyles}
          tabIndex={-1}
          aria-labelledby={titleId}
          // getFloatingProps only merges the handler with its own Escape handler: the ref is read on a key press.
          // eslint-disable-next-line react-hooks/refs
          {...getFloatingProps({ onKeyDown: enterList })}
        >
          <Header>
            <Title id={titleId}>Notifications</Title>
            <MarkAllRead />
            <SheetOnly>
              <Button variant="ghost" iconOnly aria-label="Close notifications" onClick={onClose}>
                <CloseIcon />
              </Button>
            </SheetOnly>
          </Header>
          <NotificationList onClose={onClose} panelKeys={panelKeys} />
        </Panel>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
