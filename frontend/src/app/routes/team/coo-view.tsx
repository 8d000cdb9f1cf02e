import { canExportSlides, type TMethodListItem, type TQuarter } from '@v2mom/contracts';
import { useMemo, useState } from 'react';
import { AsOfContext } from '../../../components/as-of/as-of-view';
import { QuarterOutcomesContext } from '../../../components/quarter-outcomes';
import { StaleMarksContext } from '../../../components/stale-marks';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { MeetingBriefPanel } from '../../../features/assistant/components/meeting-brief-panel';
import { useAllCommentCounts } from '../../../features/comments/api/get-all-comment-counts';
import { downloadCooViewDeck } from '../../../features/decks/api/download-deck';
import { ExportDeckButton } from '../../../features/decks/components/export-deck-button';
import { useScreenFollowing } from '../../../features/follow/components/screen-following';
import { CooView, type CooShowing } from '../../../features/methods/components/coo-view/coo-view';
import { CooRound } from '../../../features/rounds/components/coo-round';
import { useQuarterOutcomes } from '../../../features/quarter-reviews/api/use-quarter-outcomes';
import { useAsOfView } from '../../../features/as-of/hooks/use-as-of-view';
import { useFollowedDays } from '../../../features/as-of/hooks/use-followed-days';
import { useRhythm } from '../../../features/rhythm/api/get-rhythm';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { UnseenSummaryCard } from '../../../features/unseen/components/unseen-summary-card';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';

const COO_VIEW_SCREEN = { kind: 'coo-view' } as const;

/** The tracked method whose thread is open, while the view holds it (it is still tracked). */
function openMethod(methods: readonly TMethodListItem[] | undefined, chosen: ThreadTarget | null): OpenThread | undefined {
  const method = chosen && methods?.find((candidate) => candidate.id === chosen.id);
  return method ? { subject: 'method', id: method.id, title: method.description, owner: method.owner, v2momOwnerId: method.v2mom.owner?.id ?? null } : undefined;
}

/**
 * The COO View (docs/PRODUCT.md#coo-view); the route guard admits admins only. Each card's
 * `Comments` opens the method's thread: the counts come alongside the cards, never before them, and
 * the buttons show once they are here. The stale marks come with the rhythm, after the cards; a
 * past quarter's outcomes come from the quarter reviews. Export deck (.pptx) downloads the selected
 * quarter's deck, for those who may export slides. The meeting brief heads it, above what
 * changed since one last looked; the check-in round runs from here
 * (docs/PRODUCT.md#the-check-in-round). The day shown, if not today, comes from the address
 * (docs/PRODUCT.md#as-of).
 */
export default function CooViewPage() {
  const counts = useAllCommentCounts();
  const threads = useItemThreads(counts.data);
  const staleMarks = useRhythmStaleMarks();
  // Days are the company's, on the rhythm's time zone (docs/PRODUCT.md#as-of).
  const asOf = useAsOfView(useRhythm().data?.timeZone ?? 'UTC');
  const viewer = useSignedInUser();
  const exportAction = canExportSlides(viewer)
    ? (quarter: TQuarter, disabledReason: string | undefined, asOf: string | null) => (
        <ExportDeckButton download={() => downloadCooViewDeck(quarter, asOf)} disabledReason={disabledReason} />
      )
    : undefined;
  // Presenting, the view's quarter, selected card and days reach those following (docs/PRODUCT.md#following-the-presenter).
  const [showing, setShowing] = useState<CooShowing | null>(null);
  const presented = useMemo(
    () => (showing?.presenting ? { quarter: showing.quarter, methodId: showing.methodId, thread: null, asOf: asOf.asOf, compare: asOf.compare } : null),
    [showing, asOf.asOf, asOf.compare],
  );
  const follow = useScreenFollowing(COO_VIEW_SCREEN, presented, true);
  useFollowedDays(asOf, follow.followed);
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <AsOfContext.Provider value={asOf}>
        <QuarterOutcomesContext.Provider value={useQuarterOutcomes}>
          <ThreadOpenerContext.Provider value={counts.isPending ? null : threads.opener}>
            <CooView
              summary={
                <>
                  {/* The brief is for the coming meeting: a past day shows without it. */}
                  {asOf.asOf === null && <MeetingBriefPanel />}
                  <UnseenSummaryCard />
                </>
              }
              thread={(methods) => {
                const open = openMethod(methods, threads.chosen);
                return open && <ItemThreadPanel thread={open} onClose={threads.close} />;
              }}
              exportAction={exportAction}
              onShowing={setShowing}
              followed={follow.followed}
              following={
                <>
                  {follow.bar}
                  <CooRound />
                </>
              }
            />
          </ThreadOpenerContext.Provider>
        </QuarterOutcomesContext.Provider>
      </AsOfContext.Provider>
    </StaleMarksContext.Provider>
  );
}
