import { canExportSlides, type TQuarter } from '@v2mom/contracts';
import { StaleMarksContext } from '../../../components/stale-marks';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { useAllCommentCounts } from '../../../features/comments/api/get-all-comment-counts';
import { downloadCooViewDeck } from '../../../features/decks/api/download-deck';
import { ExportDeckButton } from '../../../features/decks/components/export-deck-button';
import { useCooTrackedMethods } from '../../../features/methods/api/get-coo-tracked-methods';
import { CooView } from '../../../features/methods/components/coo-view/coo-view';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { UnseenSummaryCard } from '../../../features/unseen/components/unseen-summary-card';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';

/** The tracked method whose thread is open, while it is still tracked. */
function openMethod(methods: ReturnType<typeof useCooTrackedMethods>['data'], chosen: ThreadTarget | null): OpenThread | undefined {
  const method = chosen && methods?.find((candidate) => candidate.id === chosen.id);
  return method ? { subject: 'method', id: method.id, title: method.description, owner: method.owner, v2momOwnerId: method.v2mom.owner?.id ?? null } : undefined;
}

/**
 * The COO View (docs/PRODUCT.md#coo-view); the route guard admits admins only. Each card's
 * `Comments` opens the method's thread: the counts come alongside the cards, never before them, and
 * the buttons show once they are here. The stale marks come with the rhythm, after the cards.
 * Export deck (.pptx) downloads the selected quarter's deck, for those who may export slides.
 */
export default function CooViewPage() {
  const methods = useCooTrackedMethods().data;
  const counts = useAllCommentCounts();
  const threads = useItemThreads(counts.data);
  const open = openMethod(methods, threads.chosen);
  const staleMarks = useRhythmStaleMarks();
  const viewer = useSignedInUser();
  const exportAction = canExportSlides(viewer)
    ? (quarter: TQuarter, disabledReason: string | undefined) => <ExportDeckButton download={() => downloadCooViewDeck(quarter)} disabledReason={disabledReason} />
    : undefined;
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <ThreadOpenerContext.Provider value={counts.isPending ? null : threads.opener}>
        <CooView
          summary={<UnseenSummaryCard />}
          thread={open && <ItemThreadPanel thread={open} onClose={threads.close} />}
          exportAction={exportAction}
        />
      </ThreadOpenerContext.Provider>
    </StaleMarksContext.Provider>
  );
}
