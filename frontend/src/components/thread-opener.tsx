import type { TThreadSubject } from '@v2mom/contracts';
import { createContext, useContext } from 'react';
import { Button } from './ui/button';

/** An item whose thread can be opened: a method or an obstacle of the V2MOM on screen. */
export interface ThreadItem {
  subject: Extract<TThreadSubject, 'method' | 'obstacle'>;
  id: number;
  /** What the thread is about, as its panel names it. */
  title: string;
}

/**
 * How a page lets its items open their threads: the page (a route) knows the counts and holds the
 * panel; the items, in features that know nothing of comments, show the button.
 */
export interface ThreadOpener {
  count: (item: Pick<ThreadItem, 'subject' | 'id'>) => number | undefined;
  open: (item: ThreadItem) => void;
}

export const ThreadOpenerContext = createContext<ThreadOpener | null>(null);

/** "Comments (3)": opens the item's thread where the page offers threads, nothing elsewhere. */
export function ThreadButton(item: ThreadItem) {
  const opener = useContext(ThreadOpenerContext);
  if (!opener) return null;
  const count = opener.count(item);
  return (
    <Button size="sm" variant="ghost" aria-label={`Comments on ${item.title}${count ? `, ${count}` : ''}`} onClick={() => opener.open(item)}>
      Comments{count ? ` (${count})` : ''}
    </Button>
  );
}
