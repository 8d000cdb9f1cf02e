import { useCallback, useEffect, useState, type SyntheticEvent } from 'react';
import { css, type DefaultTheme } from 'styled-components';
import { useLoadPagesWhile, type PagedList } from '../lib/paged-list';

/**
 * A method's card on a screen one can present (the COO View, a V2MOM's detail): its element id,
 * the card a click or focus lands in (what the presenter selected), and how a follower's screen
 * marks and shows the card the presenter selected (docs/PRODUCT.md#following-the-presenter).
 */
const METHOD_CARD_ID_PREFIX = 'coo-method-';

export const methodCardId = (methodId: number) => `${METHOD_CARD_ID_PREFIX}${methodId}`;

/** The method whose card holds `target` (a click or focus inside it), if any. */
function methodCardOf(target: EventTarget | null): number | null {
  const card = target instanceof Element ? target.closest(`article[id^="${METHOD_CARD_ID_PREFIX}"]`) : null;
  return card ? Number(card.id.slice(METHOD_CARD_ID_PREFIX.length)) : null;
}

/** The card last clicked or focused on the screen, for its `onClickCapture` and `onFocusCapture`. */
export function useSelectedMethodCard(): { selectedId: number | null; select: (event: SyntheticEvent) => void } {
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const select = useCallback((event: SyntheticEvent) => setSelectedId((current) => methodCardOf(event.target) ?? current), []);
  return { selectedId, select };
}

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls the method's card into the middle of the screen and focuses it, where the screen has it: whether it had. */
export function showMethodCard(methodId: number): boolean {
  const card = document.getElementById(methodCardId(methodId));
  if (!card) return false;
  card.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  card.focus({ preventScroll: true });
  return true;
}

/** A card to show: each new request (another object) shows it again. */
export interface CardRequest {
  methodId: number;
}

/**
 * Shows the requested card on a screen whose cards the server pages (the COO View, a meeting
 * room's): a card no page held has the pages after asked for until one holds it or they run out
 * (then nothing shows: a method the list does not hold, or not on the day shown); a card held is
 * shown once the screen has rendered it, as a grid that renders its cards in steps gets to it.
 * `cards` are those the screen shows.
 */
export function useShowPagedMethodCard(request: CardRequest | null, cards: readonly { id: number }[] | undefined, more: PagedList<unknown>['more']): void {
  const wanted = request?.methodId;
  const held = wanted !== undefined && cards !== undefined && cards.some((card) => card.id === wanted);
  useLoadPagesWhile(more, wanted !== undefined && cards !== undefined && !held, cards);
  useEffect(() => {
    if (!request || !held || showMethodCard(request.methodId)) return;
    // Not rendered yet: shown as it comes into the page.
    const observer = new MutationObserver(() => {
      if (showMethodCard(request.methodId)) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [request, held]);
}

/** Marks the card the followed presenter selected, for the styles of the list that holds the cards. */
export const followedCardStyles = (methodId: number | null, theme: DefaultTheme) =>
  methodId !== null &&
  css`
    #${methodCardId(methodId)} {
      outline: 3px solid ${theme.colors.primary};
      outline-offset: 2px;
    }
  `;
