import type { TMethodListItem } from '@v2mom/contracts';
import { useEffect, useRef, useState } from 'react';
import { useEntityChanged } from '../../../../lib/live/use-entity-changed';
import { describeChanges, MeetingChangeLog, type MeetingChange } from './meeting-changes';

/** How long a card shows who changed it and keeps the changed field marked. */
const CARD_HIGHLIGHT_MS = 6_000;

/** The latest change to one card, while it is recent. */
export interface CardHighlight {
  /** Grows with every change, so a second change restarts the highlight. */
  serial: number;
  changes: MeetingChange[];
}

export interface MeetingChanges {
  /** Every change since the view was opened, newest first. */
  all: MeetingChange[];
  /** Cards changed in the last few seconds, by method id. */
  highlights: ReadonlyMap<number, CardHighlight>;
  /** The latest change in a sentence, for the page's one polite live region. */
  announcement: string;
}

/**
 * Changes to COO-tracked methods since the view was opened, from the live bridge's events. The
 * rows the query holds are followed too, so a change is measured against what the page showed.
 */
export function useMeetingChanges(rows: readonly TMethodListItem[] | undefined): MeetingChanges {
  const log = useRef<MeetingChangeLog | null>(null);
  log.current ??= new MeetingChangeLog();
  const [all, setAll] = useState<MeetingChange[]>([]);
  const [highlights, setHighlights] = useState<ReadonlyMap<number, CardHighlight>>(new Map());
  const [announcement, setAnnouncement] = useState('');
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  // After the render that showed them: events arrive before the query's new data renders.
  useEffect(() => {
    if (rows) log.current?.observe(rows);
  }, [rows]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  useEntityChanged((event) => {
    const changes = log.current?.take(event) ?? [];
    const first = changes[0];
    if (!first) return;
    setAll((previous) => [...[...changes].reverse(), ...previous]);
    setHighlights((previous) => new Map(previous).set(first.methodId, { serial: first.key, changes }));
    setAnnouncement(`${describeChanges(changes)} on ${first.description}`);
    clearTimeout(timers.current.get(first.methodId));
    timers.current.set(
      first.methodId,
      setTimeout(() => {
        timers.current.delete(first.methodId);
        setHighlights((previous) => {
          const next = new Map(previous);
          next.delete(first.methodId);
          return next;
        });
      }, CARD_HIGHLIGHT_MS),
    );
  });

  return { all, highlights, announcement };
}
