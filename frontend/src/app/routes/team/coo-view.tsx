import { QuarterOutcomesContext } from '../../../components/quarter-outcomes';
import { StaleMarksContext } from '../../../components/stale-marks';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { useAllCommentCounts } from '../../../features/comments/api/get-all-comment-counts';
import { useCooTrackedMethods } from '../../../features/methods/api/get-coo-tracked-methods';
import { CooView } from '../../../features/methods/components/coo-view/coo-view';
import { useQuarterOutcomes } from '../../../features/quarter-reviews/api/use-quarter-outcomes';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { UnseenSummaryCard } from '../../../features/unseen/components/unseen-summary-card';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';

/** The tracked method whose thread is open, while it is still tracked. */
function openMethod(methods: ReturnType<typeof useCooTrackedMethods>['data'], chosen: ThreadTarget | null): OpenThread | undefined {
  const method = chosen && methods?.find((candidate) => candidate.id === chosen.id);
  return method ? { subject: 'method', id: method.id, title: method.description, owner: method.owner, v2momOwnerId: method.v2mom.owner?.id ?? null } : undefined;
}

/**
 * The COO View (docs/PRODUCT.md#coo-view); the route guard admits admins only. Each card's
 * `Comments` opens the method's thread: the counts come alongside the cards, never before them, and
 * the buttons show once they are here. The stale marks come with the rhythm, after the cards; a
 * past quarter's outcomes come from the quarter reviews.
 */
export default function CooViewPage() {
  const methods = useCooTrackedMethods().data;
  const counts = useAllCommentCounts();
  const threads = useItemThreads(counts.data);
  const open = openMethod(methods, threads.chosen);
  const staleMarks = useRhythmStaleMarks();
  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <QuarterOutcomesContext.Provider value={useQuarterOutcomes}>
        <ThreadOpenerContext.Provider value={counts.isPending ? null : threads.opener}>
          <CooView summary={<UnseenSummaryCard />} thread={open && <ItemThreadPanel thread={open} onClose={threads.close} />} />
        </ThreadOpenerContext.Provider>
      </QuarterOutcomesContext.Provider>
    </StaleMarksContext.Provider>
  );
}
