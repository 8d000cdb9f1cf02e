import type { TV2momComplete } from '@v2mom/contracts';
import { useEffect, useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import { useMarkSeen } from '../../api/mark-seen';
import { bannerText, itemLines, latestChangeId, type TShownChanges } from './unseen-model';
import { Sentence } from '../../../../components/ui/user-text';

const Region = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-left: 4px solid ${({ theme }) => theme.colors.info};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.md};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

const Items = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding-left: ${({ theme }) => theme.space[5]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  overflow-wrap: anywhere;

  li:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 2px;
  }
`;

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const TARGETS = '[data-unseen-marker]';

/** Takes the person to one place holding a change: into view, focused (which opens its popover). */
function reveal(target: HTMLElement) {
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  target.focus({ preventScroll: true });
}

/**
 * The next (or previous) marker in page order from the one focused, or else the one last
 * reached (pressing the button took the focus), wrapping round.
 */
function step(direction: 1 | -1, last: HTMLElement | null): HTMLElement | null {
  const markers = [...document.querySelectorAll<HTMLElement>(TARGETS)];
  if (markers.length === 0) return null;
  const focused = markers.indexOf(document.activeElement as HTMLElement);
  // A mark is a new button once its popover has loaded (./unseen-mark): the same changes name it.
  const lastIndex = last ? markers.findIndex((marker) => marker === last || marker.dataset['unseenChanges'] === last.dataset['unseenChanges']) : -1;
  const current = focused === -1 ? lastIndex : focused;
  const next = current === -1 ? (direction === 1 ? 0 : markers.length - 1) : (current + direction + markers.length) % markers.length;
  const target = markers[next]!;
  reveal(target);
  return target;
}

/** One place holding a change on a page that shows only part of itself (a form's tabs). */
export interface UnseenStop {
  changeId: number;
  /** Shows the place: its tab, its collapsed item. */
  open: () => void;
}

const findChange = (changeId: number) => document.querySelector<HTMLElement>(`[data-unseen-changes~="${changeId}"]`);

export interface UnseenBannerProps {
  unseen: TShownChanges;
  document: TV2momComplete;
  /** A change to open the page on (`?change=`): its marker is focused, its popover shown. */
  focusChange?: number | undefined;
  /** The changes in page order, where the page does not show them all at once; else its markers' order. */
  stops?: readonly UnseenStop[] | undefined;
}

/**
 * '9 changes by 3 people since Tue 14:02 · 2 methods went At Risk', the items added and removed,
 * and the way through the marked fields (docs/PRODUCT.md#since-you-last-looked).
 */
export function UnseenBanner({ unseen, document: shownDocument, focusChange, stops }: UnseenBannerProps) {
  const titleId = useId();
  const markSeen = useMarkSeen();
  const focused = useRef(false);
  const reached = useRef<HTMLElement | null>(null);
  const reachedStop = useRef(-1);
  const move = (direction: 1 | -1) => {
    if (!stops) {
      reached.current = step(direction, reached.current);
      return;
    }
    if (stops.length === 0) return;
    const from = reachedStop.current;
    const index = from === -1 ? (direction === 1 ? 0 : stops.length - 1) : (from + direction + stops.length) % stops.length;
    reachedStop.current = index;
    const stop = stops[index]!;
    // Its tab and item render now, so the marker is there to focus.
    flushSync(stop.open);
    const target = findChange(stop.changeId);
    if (target) reveal(target);
  };

  useEffect(() => {
    if (focused.current || focusChange === undefined) return;
    focused.current = true;
    const target = findChange(focusChange);
    if (target) reveal(target);
  }, [focusChange]);

  if (unseen.changes.length === 0) return null;
  const lines = itemLines(unseen.changes, shownDocument);
  return (
    <Region aria-labelledby={titleId} data-testid="unseen-banner">
      <Head>
        <Title id={titleId}>{bannerText(unseen)}</Title>
        <Actions>
          <Button size="sm" onClick={() => move(-1)}>
            Previous change
          </Button>
          <Button size="sm" onClick={() => move(1)}>
            Next change
          </Button>
          <Button
            size="sm"
            variant="primary"
            loading={markSeen.isPending}
            onClick={() => markSeen.mutate({ v2momId: shownDocument.id, through: latestChangeId(unseen.changes) })}
          >
            Mark all seen
          </Button>
        </Actions>
      </Head>
      {lines.length > 0 ? (
        <Items aria-label="Added and removed">
          {lines.map((line) => (
            <li key={line.changeId} tabIndex={-1} data-unseen-changes={line.changeId}>
              <Sentence sentence={line.sentence} />
            </li>
          ))}
        </Items>
      ) : null}
      {unseen.truncated ? <Note>Only the oldest {unseen.changes.length.toLocaleString('en-US')} changes are listed.</Note> : null}
    </Region>
  );
}
