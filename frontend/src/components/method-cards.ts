import { useCallback, useState, type SyntheticEvent } from 'react';
import { css, type DefaultTheme } from 'styled-components';

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

/** Scrolls the method's card into the middle of the screen and focuses it, where the screen has it. */
export function showMethodCard(methodId: number): void {
  const card = document.getElementById(methodCardId(methodId));
  if (!card) return;
  card.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  card.focus({ preventScroll: true });
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
