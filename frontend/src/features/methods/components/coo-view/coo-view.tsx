import type { TMethodListItem, TQuarter } from '@v2mom/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { followedCardStyles, methodCardId, useSelectedMethodCard, useShowPagedMethodCard, type CardRequest } from '../../../../components/method-cards';
import { useQuarterOutcomesHook } from '../../../../components/quarter-outcomes';
import { StaleOnlySwitch } from '../../../../components/stale-marks';
import { ThreadOpenerContext } from '../../../../components/thread-opener';
import { Button } from '../../../../components/ui/button';
import { CardGrid } from '../../../../components/ui/card';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadError } from '../../../../components/ui/load-error';
import { PageTitle } from '../../../../components/ui/page-header';
import { MoreRows } from '../../../../components/ui/more-rows';
import { ProgressiveCardGrid } from '../../../../components/ui/progressive-card-grid';
import { Skeleton } from '../../../../components/ui/skeleton';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { media } from '../../../../lib/theme/tokens';
import { useCooTrackingCounts } from '../../api/get-coo-tracking-counts';
import { cooViewList, useMethodPages } from '../../api/get-method-page';
import { useMethodTrends } from '../../api/get-method-trends';
import { ChangePanel } from './change-panel';
import { CooMethodCard, selectedGoalStyles } from './coo-method-card';
import { enterFullscreen, PresentingFrame } from './presenting-frame';
import { PastQuarterCard } from '../past-quarter-card';
import { isTyping, QuarterPicker, useQuarterKeys, useSelectedQuarter } from '../quarter-picker';
import { useMeetingChanges } from './use-meeting-changes';
import { AsOfBar } from '../../../../components/as-of/as-of-bar';
import { AsOfMoves } from '../../../../components/as-of/as-of-moves';
import { isPast, methodsAsOf, useAsOfContext, usePagesOfDayShown } from '../../../../components/as-of/as-of-view';

// The view's type size: every card and the panel measure in em of it, so presenting scales all.
const Root = styled.div<{ $presenting: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 1.25em;
  font-size: ${({ theme }) => theme.fontSize.md};

  ${({ $presenting }) =>
    $presenting &&
    css`
      min-height: 100%;
      gap: 0.8em;
      padding: 20px 32px;
      /* About 19 px on a 1080-line projector, larger on taller screens. */
      font-size: clamp(16px, 1.8vh, 30px);
    `}
`;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75em 1em;
`;

/** The page title, larger on the projector in presenting mode. */
const Heading = styled(PageTitle)<{ $presenting: boolean }>`
  ${({ $presenting, theme }) =>
    $presenting &&
    css`
      font-size: 1.9em;

      ${media.small} {
        font-size: ${theme.fontSize.xl};
      }
    `}
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75em;
`;

/** The view spaces its blocks with its gap, so the summary's own bottom margin goes; its parts are spaced alike. */
const SummarySlot = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};

  > * {
    margin-bottom: 0;
  }
`;

const Body = styled.div<{ $presenting: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.25em;
  align-items: start;

  @media (min-width: 1100px) {
    grid-template-columns: minmax(0, 1fr) ${({ $presenting }) => ($presenting ? '18em' : '280px')};

    > :last-child {
      position: sticky;
      top: ${({ $presenting }) => ($presenting ? '1em' : '80px')};
      max-height: calc(100vh - ${({ $presenting }) => ($presenting ? '2em' : '100px')});
    }
  }
`;

/** The cards' columns: wider, in the presenting font's ems, on a meeting room's screen. */
const cardColumns = ($presenting: boolean) => css`
  gap: 1em;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${$presenting ? '22em' : '260px'}), 1fr));
`;

const LoadingGrid = styled(CardGrid)`
  ${cardColumns(false)}
`;

const Cards = styled.div<{ $presenting: boolean; $quarter: TQuarter; $followedId: number | null }>`
  > ul {
    ${({ $presenting }) => cardColumns($presenting)}
    ${({ $quarter }) => selectedGoalStyles($quarter)}
  }

  ${({ $followedId, theme }) => followedCardStyles($followedId, theme)}
`;

/** A card (three-line description, two-line goal, measures and update), in px (presenting mode's are taller). */
const CARD_HEIGHT_ESTIMATE = 510;

const methodId = (method: TMethodListItem) => method.id;

const SkeletonCard = styled.li`
  display: grid;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
`;

function LoadingCards() {
  return (
    <LoadingGrid $min="300px" aria-busy="true" aria-label="Loading COO-tracked methods">
      {[0, 1, 2].map((index) => (
        <SkeletonCard key={index} data-testid="coo-card-skeleton">
          <Skeleton $width="70%" $height="20px" />
          <Skeleton $width="40%" $height="14px" />
          <Skeleton $height="40px" />
          <Skeleton $height="12px" $radius="full" />
          <Skeleton $height="60px" />
        </SkeletonCard>
      ))}
    </LoadingGrid>
  );
}


/** What the view shows, for those following its presenter (docs/PRODUCT.md#following-the-presenter). */
export interface CooShowing {
  presenting: boolean;
  quarter: TQuarter;
  /** The card last clicked or focused. */
  methodId: number | null;
}

/** The card a followed presenter selected, to show. */
const followedCard = (followed: CooViewProps['followed']): CardRequest | null => (followed && followed.methodId !== null ? { methodId: followed.methodId } : null);

interface CooViewProps {
  /** What changed since the viewer last looked, above the cards; the room's screen is for the cards while presenting. */
  summary?: ReactNode;
  /** A method's open thread, over the view, given the methods the view holds: the keys are the thread's while it is open. */
  thread?: (methods: readonly TMethodListItem[] | undefined) => ReactNode;
  /** The export of the selected quarter (as of the day shown, if not today) beside the quarters, for those who may export (disabled while nothing is tracked). */
  exportAction?: (quarter: TQuarter, disabledReason: string | undefined, asOf: string | null) => ReactNode;
  /** Hears what the view shows as it changes. */
  onShowing?: (showing: CooShowing) => void;
  /** What a followed presenter shows: the view takes its quarter and marks and shows its card. */
  followed?: { quarter: TQuarter | null; methodId: number | null } | null;
  /** The follow bar, or the presenter's follow switch, under the heading. */
  following?: ReactNode;
}

/**
 * The COO View (docs/PRODUCT.md#coo-view): COO-tracked methods with the selected quarter's goal,
 * live as owners change them, with what changed since it was opened; presenting mode fills the
 * screen for a meeting room.
 */
export function CooView({ summary, thread, exportAction, onShowing, followed = null, following }: CooViewProps) {
  const [staleOnly, setStaleOnly] = useState(false);
  // The server pages the cards, latest change first, and counts them; `Stale only` asks it for the stale ones.
  const list = useMethodPages(cooViewList(staleOnly));
  const { query } = list;
  const counts = useCooTrackingCounts().data;
  // A past day shows the methods as they were then; today's view stays live (docs/PRODUCT.md#as-of).
  const asOf = useAsOfContext();
  // One list per answer and day, so the cards (memoised on their method) re-render only when it changes.
  const methods = useMemo(() => methodsAsOf(list.rows, asOf), [list.rows, asOf]);
  const past = isPast(asOf);
  // A past day's methods may be on pages not held yet: they are asked for until the view is full or they run out.
  const fillingDay = usePagesOfDayShown(list, asOf, methods?.length ?? 0);
  const [quarter, setQuarter] = useSelectedQuarter();
  const [presenting, setPresenting] = useState(false);
  const meeting = useMeetingChanges(list.rows);
  // Neither trend lines nor a quarter's results show on a past day: nothing is asked for them; else
  // they are asked for the cards held, each page once as it comes.
  const trendOf = useMethodTrends(past ? undefined : list.pages);
  // A quarter that has ended shows what was true at its end (docs/PRODUCT.md#quarter-review), unless a day is shown.
  const outcomes = useQuarterOutcomesHook()(quarter, past ? undefined : list.pages);
  const presentButton = useRef<HTMLButtonElement>(null);
  const wasPresenting = useRef(false);
  const { selectedId, select } = useSelectedMethodCard();

  // A followed presenter's quarter replaces the viewer's as each of their changes arrives, and their
  // card is shown, as is a card picked among the changes, on whichever page holds it.
  const [appliedFollow, setAppliedFollow] = useState(followed);
  const [cardToShow, setCardToShow] = useState(() => followedCard(followed));
  if (followed !== appliedFollow) {
    setAppliedFollow(followed);
    if (followed?.quarter) setQuarter(followed.quarter);
    const card = followedCard(followed);
    if (card) setCardToShow(card);
  }
  useShowPagedMethodCard(cardToShow, methods, list.more);
  const showCard = useCallback((id: number) => setCardToShow({ methodId: id }), []);
  useEffect(() => {
    onShowing?.({ presenting, quarter, methodId: selectedId });
  }, [onShowing, presenting, quarter, selectedId]);

  const startPresenting = useCallback(() => {
    enterFullscreen();
    setPresenting(true);
  }, []);
  const stopPresenting = useCallback(() => setPresenting(false), []);

  // While a thread is open, the keys are the thread's.
  const threadPanel = thread?.(list.rows);
  const threadOpen = Boolean(threadPanel);
  useQuarterKeys(setQuarter, !threadOpen);
  useEffect(() => {
    if (threadOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (event.key === 'f' || event.key === 'F') {
        event.preventDefault();
        if (presenting) stopPresenting();
        else startPresenting();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [presenting, startPresenting, stopPresenting, threadOpen]);

  // Back from presenting, focus returns to the button that started it.
  useEffect(() => {
    if (wasPresenting.current && !presenting) presentButton.current?.focus();
    wasPresenting.current = presenting;
  }, [presenting]);

  const followedId = followed?.methodId ?? null;
  const highlights = meeting.highlights;
  const then = asOf?.methods;
  const compare = asOf?.compare ?? null;
  const renderCard = useCallback(
    (method: TMethodListItem) => {
      const outcome = outcomes?.get(method.id);
      if (outcome) return <PastQuarterCard id={methodCardId(method.id)} method={method} quarter={quarter} outcome={outcome} />;
      const moved = compare === null ? undefined : then?.get(method.id);
      return (
        <CooMethodCard
          method={method}
          highlight={past ? undefined : highlights.get(method.id)}
          trend={past ? null : trendOf(method.id)}
          moves={moved && compare !== null ? <AsOfMoves method={moved} since={compare} /> : undefined}
        />
      );
    },
    [highlights, trendOf, outcomes, quarter, past, then, compare],
  );

  let content: ReactNode;
  if (query.isPending || asOf?.pending || (fillingDay && methods?.length === 0)) {
    content = <LoadingCards />;
  } else if (query.isError) {
    content = <LoadError title="We couldn't load the COO-tracked methods." error={query.error} onRetry={() => void query.refetch()} />;
  } else if (asOf?.error) {
    content = <LoadError title="We couldn't load the COO-tracked methods as of that day." error={asOf.error} onRetry={asOf.refetch} />;
  } else if (past && methods?.length === 0 && (list.rows?.length ?? 0) > 0) {
    content = <EmptyState title="No COO-tracked methods that day" description="The methods tracked now were created after it." />;
  } else if (staleOnly && methods?.length === 0) {
    content = <EmptyState title="No stale methods" description="Every COO-tracked method has had a check-in in the last two check-in periods." />;
  } else if (!methods || methods.length === 0) {
    content = <EmptyState title="No methods marked for COO tracking" description="Mark a method for COO tracking in its V2MOM to follow it here." />;
  } else {
    content = (
      <Cards $presenting={presenting} $quarter={quarter} $followedId={followedId} onClickCapture={select} onFocusCapture={select}>
        <ProgressiveCardGrid
          items={methods}
          itemKey={methodId}
          renderItem={renderCard}
          min="300px"
          estimateHeight={CARD_HEIGHT_ESTIMATE}
          aria-label="COO-tracked methods"
        />
        <MoreRows more={list.more} label="COO-tracked methods" />
      </Cards>
    );
  }

  const view = (
    <Root $presenting={presenting}>
      <Header>
        <Heading $presenting={presenting}>COO View</Heading>
        <Controls>
          <QuarterPicker quarter={quarter} onChange={setQuarter} />
          <StaleOnlySwitch checked={staleOnly} onChange={setStaleOnly} count={counts?.staleTracked} />
          {presenting ? null : exportAction?.(quarter, counts?.tracked === 0 ? 'No methods marked for COO tracking' : undefined, asOf?.asOf ?? null)}
          {presenting ? (
            <Button size="lg" onClick={stopPresenting} aria-keyshortcuts="F Escape">
              Exit presenting
            </Button>
          ) : (
            <Button ref={presentButton} onClick={startPresenting} aria-keyshortcuts="F">
              Present
            </Button>
          )}
        </Controls>
      </Header>
      {following}
      {presenting || !asOf ? null : <AsOfBar view={asOf} label="COO View" />}
      {presenting || !summary ? null : <SummarySlot>{summary}</SummarySlot>}
      <Body $presenting={presenting}>
        {content}
        <ChangePanel changes={meeting.all} onSelect={showCard} />
      </Body>
      <VisuallyHidden aria-live="polite">{meeting.announcement}</VisuallyHidden>
    </Root>
  );

  // The room's screen is for the cards: no threads while presenting.
  return presenting ? (
    <PresentingFrame label="COO View, presenting" onExit={stopPresenting}>
      <ThreadOpenerContext.Provider value={null}>{view}</ThreadOpenerContext.Provider>
    </PresentingFrame>
  ) : (
    <>
      {view}
      {threadPanel}
    </>
  );
}
