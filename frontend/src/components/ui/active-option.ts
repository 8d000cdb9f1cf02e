import { useLayoutEffect, type MouseEvent } from 'react';

/**
 * Keeps the option a list's text box points at (`aria-activedescendant`) in sight: the focus stays
 * in the box, so the list does not scroll by itself as the arrow keys move down a long list.
 */
export function useActiveOptionInView(optionId: string | undefined): void {
  useLayoutEffect(() => {
    if (optionId) document.getElementById(optionId)?.scrollIntoView?.({ block: 'nearest' });
  }, [optionId]);
}

/** A press on the list (an option, its scrollbar) leaves the focus, and the caret, in the box. */
export const keepFocusInBox = (event: MouseEvent) => event.preventDefault();
