import { fiscalQuarterOf, quarterLabel, type TQuarter, type TQuarterOutcome, type TRoomMethod, type TRoomPastQuarter, type TRoomV2mom } from '@v2mom/contracts';
import { useEffect, useMemo, useState } from 'react';
import styled from 'styled-components';
import { followedCardStyles, methodCardId, useShowPagedMethodCard } from '../../components/method-cards';
import { Button } from '../../components/ui/button';
import { CardGrid } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { FullPageMessage } from '../../components/ui/full-page-message';
import { LoadError } from '../../components/ui/load-error';
import { MoreRows } from '../../components/ui/more-rows';
import { ThemeSelect } from '../../components/ui/theme-select';
import { UserText } from '../../components/ui/user-text';
import { CooMethodCard, selectedGoalStyles } from '../../features/methods/components/coo-view/coo-method-card';
import { PastQuarterCard } from '../../features/methods/components/past-quarter-card';
import { QuarterPicker } from '../../features/methods/components/quarter-picker';
import { useRoomView } from '../../features/rooms/api/get-room-view';
import { useRoomLive, type RoomLiveStatus } from '../../features/rooms/realtime/use-room-live';
import { RoomBrief } from '../../features/rooms/components/room-brief';
import { RoundPanel } from '../../features/rounds/components/round-panel';
import { ApiError } from '../../lib/api-client';
import { media } from '../../lib/theme/tokens';
import { clock } from '../../lib/clock';
import type { PagedList } from '../../lib/paged-list';

/** The room screen keeps no trend line: nothing but its one read reaches it. */
const NO_TREND = null;

const Root = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  gap: 1em;
  padding: 20px 32px;
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.text};
  /* The projector's type, as the COO View's presenting mode has it. */
  font-size: clamp(16px, 1.8vh, 30px);

  ${media.small} {
    padding: 12px;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75em 1em;
`;

const Heading = styled.h1`
  margin: 0;
  font-size: 1.9em;

  ${media.small} {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Room = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75em;
`;

const Status = styled.span<{ $live: boolean }>`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ $live, theme }) => ($live ? theme.colors.successText : theme.colors.warningText)};
`;

/** Stays at the top however far the screen scrolls (docs/PRODUCT.md#meeting-room-links). */
const FollowBar = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.zIndex.header};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75em;
  padding: 0.5em 0.8em;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Cards = styled(CardGrid)<{ $quarter: TQuarter; $followedId: number | null }>`
  gap: 1em;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 22em), 1fr));
  ${({ $quarter }) => selectedGoalStyles($quarter)}

  ${({ $followedId, theme }) => followedCardStyles($followedId, theme)}
`;

const Plan = styled.section`
  display: grid;
  gap: 0.5em;

  h2 {
    margin: 0;
    font-size: 1.2em;
  }

  p,
  ul {
    margin: 0;
  }
`;

const STATUS_WORDS: Record<RoomLiveStatus, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  ended: 'Stopped',
};

/** The token after `#`: never sent with a request, never in a log or a Referer. */
function tokenOfLocation(): string {
  return decodeURIComponent(window.location.hash.slice(1));
}

/** Tells search engines and the browser to keep this page to itself, beside the server's headers. */
function useNoIndex(): void {
  useEffect(() => {
    const robots = Object.assign(document.createElement('meta'), { name: 'robots', content: 'noindex, nofollow' });
    const referrer = Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' });
    document.head.append(robots, referrer);
    return () => {
      robots.remove();
      referrer.remove();
    };
  }, []);
}

interface MethodCardsProps {
  methods: readonly TRoomMethod[];
  quarter: TQuarter;
  /** The shown quarter as it ended, once it has (the COO View's screen only): those cards show it as the COO View does. */
  pastQuarter?: TRoomPastQuarter | null;
  followedId: number | null;
  /** The view's next page of cards: the followed card may be on one not held yet. */
  more: PagedList<unknown>['more'];
}

function MethodCards({ methods, quarter, pastQuarter = null, followedId, more }: MethodCardsProps) {
  const followedCard = useMemo(() => (followedId === null ? null : { methodId: followedId }), [followedId]);
  useShowPagedMethodCard(followedCard, methods, more);
  // Another quarter's view, kept while the shown one's is on its way, is not this quarter's.
  const outcomes = useMemo(
    () => (pastQuarter?.quarter === quarter ? new Map<number, TQuarterOutcome>(pastQuarter.methods.map((outcome) => [outcome.methodId, outcome])) : null),
    [pastQuarter, quarter],
  );
  if (methods.length === 0) return <EmptyState title="No methods marked for COO tracking" description="Cards show here once methods are marked for COO tracking." />;
  return (
    <Cards $min="300px" $quarter={quarter} $followedId={followedId} aria-label="Methods">
      {methods.map((method) => {
        const outcome = outcomes?.get(method.id);
        return (
          <li key={method.id}>
            {outcome ? (
              <PastQuarterCard id={methodCardId(method.id)} method={method} quarter={quarter} outcome={outcome} />
            ) : (
              <CooMethodCard method={method} highlight={undefined} trend={NO_TREND} />
            )}
          </li>
        );
      })}
    </Cards>
  );
}

function V2momPlan({ v2mom }: { v2mom: TRoomV2mom }) {
  return (
    <>
      <Room>
        {quarterLabel(v2mom.quarter)} {v2mom.year} · <UserText>{v2mom.ownerName}</UserText>
      </Room>
      <Plan aria-label="Vision">
        <h2>Vision</h2>
        <p>{v2mom.vision || 'No vision yet'}</p>
      </Plan>
      <Plan aria-label="Values">
        <h2>Values</h2>
        <ul>{v2mom.values.length === 0 ? <li>No values yet</li> : v2mom.values.map((value) => <li key={value.id}>{value.description}</li>)}</ul>
      </Plan>
    </>
  );
}

function Obstacles({ v2mom }: { v2mom: TRoomV2mom }) {
  return (
    <Plan aria-label="Obstacles">
      <h2>Obstacles</h2>
      <ul>{v2mom.obstacles.length === 0 ? <li>No obstacles</li> : v2mom.obstacles.map((obstacle) => <li key={obstacle.id}>{obstacle.description}</li>)}</ul>
    </Plan>
  );
}

/**
 * A meeting room's screen (docs/PRODUCT.md#meeting-room-links): the link's one view, live, without
 * the app's shell, people by name only. It follows the screen's presenter (their quarter and card)
 * unless told not to, shows a past quarter as it ended as the COO View does, the meeting brief,
 * and the check-in round under way with who has checked in and what they gave
 * (docs/PRODUCT.md#the-check-in-round), and stops for good
 * when the link is revoked or expires.
 */
export default function RoomPage() {
  useNoIndex();
  const [token] = useState(tokenOfLocation);
  const live = useRoomLive(token);
  const [ownQuarter, setOwnQuarter] = useState<TQuarter>(() => fiscalQuarterOf(clock.now()));
  const [following, setFollowing] = useState(true);
  const presented = following ? live.presentation : null;
  const quarter = presented?.state.quarter ?? ownQuarter;
  const view = useRoomView(token, quarter);

  const ended = live.status === 'ended' || (view.error instanceof ApiError && view.error.status === 401);
  if (!token || ended) {
    return (
      <FullPageMessage>
        <div>
          <Heading as="p">This meeting-room link has stopped</Heading>
          <p>It was revoked or has expired. Ask a settings holder for a new link.</p>
        </div>
      </FullPageMessage>
    );
  }
  if (view.isPending || !view.data) return <FullPageMessage>Loading...</FullPageMessage>;
  if (view.isError) {
    return (
      <Root>
        <LoadError title="We couldn't load this screen." error={view.error} onRetry={() => void view.refetch()} />
      </Root>
    );
  }

  const followedId = presented?.state.methodId ?? null;
  const { view: shown, label } = view.data;
  return (
    <Root aria-label={`${label}, meeting-room screen`}>
      <Header>
        <div>
          <Heading>{shown.kind === 'coo-view' ? 'COO View' : shown.v2mom.title}</Heading>
          <Room>
            {label} · <Status $live={live.status === 'live'}>{STATUS_WORDS[live.status]}</Status>
          </Room>
        </div>
        <Controls>
          {shown.kind === 'coo-view' ? <QuarterPicker quarter={quarter} onChange={setOwnQuarter} /> : null}
          <ThemeSelect />
        </Controls>
      </Header>
      {live.presentation ? (
        <FollowBar role="status">
          {following ? (
            <span>
              Following <UserText>{live.presentation.presenter.name}</UserText>
            </span>
          ) : (
            <span>
              <UserText>{live.presentation.presenter.name}</UserText> is presenting
            </span>
          )}
          <Button size="sm" onClick={() => setFollowing(!following)}>
            {following ? 'Stop following' : 'Follow'}
          </Button>
        </FollowBar>
      ) : null}
      {shown.kind === 'coo-view' ? <RoomBrief brief={shown.brief} /> : null}
      {shown.kind === 'coo-view' && shown.round ? <RoundPanel round={shown.round} submitted /> : null}
      {shown.kind === 'coo-view' ? (
        <>
          <MethodCards methods={shown.methods} quarter={quarter} pastQuarter={shown.pastQuarter} followedId={followedId} more={view.more} />
          <MoreRows more={view.more} label="COO-tracked methods" />
        </>
      ) : (
        <>
          <V2momPlan v2mom={shown.v2mom} />
          <MethodCards methods={shown.v2mom.methods} quarter={shown.v2mom.quarter} followedId={followedId} more={view.more} />
          <Obstacles v2mom={shown.v2mom} />
        </>
      )}
    </Root>
  );
}
