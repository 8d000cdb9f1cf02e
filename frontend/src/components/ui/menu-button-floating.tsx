import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
} from '@floating-ui/react';
import { useEffect, useRef, useState } from 'react';
import styled, { css } from 'styled-components';
import type { MenuChoice } from './menu-button';
import { menuChoice, menuSurface } from './menu-surface';

const Menu = styled.div`
  ${menuSurface}
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  min-width: 160px;
  outline: none;
`;

const Item = styled.button<{ $tone?: 'danger' | undefined }>`
  ${menuChoice}
  ${({ $tone, theme }) =>
    $tone === 'danger' &&
    css`
      color: ${theme.colors.dangerText};
    `}
`;

interface FloatingMenuProps {
  id: string;
  anchor: HTMLButtonElement;
  name: string;
  choices: readonly MenuChoice[];
  /** The choice focused as the menu opens. */
  first: number;
  /** Closes the menu; `refocus` gives the focus back to its button (a choice made, Escape). */
  onClose: (refocus: boolean) => void;
}

/**
 * The open menu of ./menu-button, with floating-ui: drawn above the page, so a card that clips or
 * scrolls its content does not cut it off, and kept in view beside its button.
 */
export default function FloatingMenu({ id, anchor, name, choices, first, onClose }: FloatingMenuProps) {
  const [active, setActive] = useState<number | null>(first);
  const items = useRef<Array<HTMLElement | null>>([]);
  // `setFloating` is a callback ref, not a ref object: passing it while rendering is what it is for.
  const {
    refs: { setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: true,
    // Tab or a click elsewhere has put the focus where it should be already.
    onOpenChange: (open, _event, reason) => {
      if (!open) onClose(reason === 'escape-key');
    },
    elements: { reference: anchor },
    placement: 'bottom-end',
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
  });
  const { getFloatingProps, getItemProps } = useInteractions([
    useDismiss(context),
    useListNavigation(context, { listRef: items, activeIndex: active, onNavigate: setActive, loop: true }),
  ]);

  useEffect(() => {
    items.current[first]?.focus();
  }, [first]);

  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={false} initialFocus={-1} returnFocus={false}>
        <Menu
          ref={setFloating}
          id={id}
          role="menu"
          style={floatingStyles}
          aria-label={name}
          {...getFloatingProps({
            // Tab goes on past the button, the menu closing as the focus leaves it; Shift+Tab would land on the button with the menu still open.
            onKeyDown: (event) => {
              if (event.key !== 'Tab' || !event.shiftKey) return;
              event.preventDefault();
              onClose(true);
            },
          })}
        >
          {choices.map((choice, index) => (
            <Item
              key={choice.key}
              ref={(element) => {
                items.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={active === index ? 0 : -1}
              aria-label={choice.name}
              $tone={choice.tone}
              {...getItemProps({
                onClick: () => {
                  onClose(true);
                  choice.onSelect();
                },
              })}
            >
              {choice.label}
            </Item>
          ))}
        </Menu>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
