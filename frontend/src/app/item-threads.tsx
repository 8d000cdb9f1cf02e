import type { TUserRef } from '@v2mom/contracts';
import { Suspense, useMemo, useState, type ComponentProps } from 'react';
import type { ThreadItem, ThreadOpener } from '../components/thread-opener';
import type { ThreadPanel as LoadedThreadPanel } from '../features/comments/components/thread-panel';
import { preloadable } from '../lib/preloadable';

/**
 * The threads of the methods and obstacles a page lists (docs/PRODUCT.md#comments): the V2MOM
 * detail, the COO View and Team Obstacles hold a panel their items' `Comments` buttons open.
 */

// A thread, its Markdown renderer and the search for people to mention load when one is opened:
// the page shows without them.
const ThreadPanel = preloadable<Omit<ComponentProps<typeof LoadedThreadPanel>, 'useMentionResults'>>(() =>
  Promise.all([import('../features/comments/components/thread-panel'), import('../features/users/api/search-users')]).then(
    ([{ ThreadPanel }, { useActiveUserSearch }]) => ({
      default: (props) => <ThreadPanel {...props} useMentionResults={useActiveUserSearch} />,
    }),
  ),
);

/** The item a thread is about, as the page's Comments buttons name it. */
export type ThreadTarget = Pick<ThreadItem, 'subject' | 'id'>;

/** Methods' and obstacles' counts by id: a V2MOM's counts and every V2MOM's hold them alike. */
interface ItemCounts {
  methods: Readonly<Record<string, number>>;
  obstacles: Readonly<Record<string, number>>;
}

/** An open thread as its panel shows it. */
export interface OpenThread extends ThreadItem {
  /** The item's owner, told of each comment. */
  owner: TUserRef | null;
  /** The V2MOM's owner: with structure holders, who may resolve an obstacle's thread. */
  v2momOwnerId: number | null;
}

/**
 * The opener the page's items use, with the counts it has, and the item whose thread they opened
 * (`choose` opens one, or none, from elsewhere: a followed presenter).
 * The page looks the item up in its own data, so the panel follows its live text and goes with it.
 */
export function useItemThreads(counts: ItemCounts | undefined) {
  const [chosen, setChosen] = useState<ThreadTarget | null>(null);
  const opener = useMemo<ThreadOpener>(
    () => ({
      count: ({ subject, id }) => (subject === 'method' ? counts?.methods : counts?.obstacles)?.[id],
      open: ({ subject, id }) => setChosen({ subject, id }),
    }),
    [counts],
  );
  return { opener, chosen, choose: setChosen, close: () => setChosen(null) };
}

interface ItemThreadPanelProps {
  thread: OpenThread;
  /** A comment to scroll to and highlight (a `?comment=` link). */
  focusCommentId?: number;
  onClose: () => void;
}

/** The open thread in its panel over the page; the people to mention are searched as one types. */
export function ItemThreadPanel({ thread, focusCommentId, onClose }: ItemThreadPanelProps) {
  return (
    <Suspense fallback={null}>
      <ThreadPanel
        key={`${thread.subject}-${thread.id}`}
        subject={thread.subject}
        subjectId={thread.id}
        title={thread.title}
        owner={thread.owner}
        v2momOwnerId={thread.v2momOwnerId}
        focusCommentId={focusCommentId}
        onClose={onClose}
      />
    </Suspense>
  );
}
