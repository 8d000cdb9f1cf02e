import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { ChevronDownIcon } from './icons';

export interface MenuChoice {
  key: string;
  /** What the item shows. */
  label: string;
  /** Its accessible name when the label alone does not say whom it is for ('Reset password of Avery Admin'). */
  name?: string;
  tone?: 'danger';
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** What the button shows ('Actions', 'Export'). */
  label: string;
  /**
   * The button's and the menu's accessible name when the label alone does not say whom it is for,
   * beginning with the label ('Actions for Avery Admin'); the label names them otherwise.
   */
  name?: string;
  /** The menu's accessible name when it is not the button's ('Export as'). */
  menuName?: string;
  choices: readonly MenuChoice[];
  /** Drawn before the label. */
  icon?: ReactNode;
  /** `sm` in a table's row, `md` among a page's buttons. */
  size?: 'sm' | 'md';
  /** The work a choice started is under way: a spinner in place of the icon, and no clicks (the label says so: 'Exporting...'). */
  busy?: boolean;
}

/** The open menu and floating-ui load when a menu first opens: a screen's first view shows none. */
const FloatingMenu = lazy(() => import('./menu-button-floating'));

/**
 * A button that opens a menu of choices, for a row whose actions would not fit beside it or a
 * screen's Export. Enter, Space or ArrowDown opens it on its first choice (ArrowUp on its last),
 * the arrow keys, Home and End move between the choices, Escape closes it and gives the focus back
 * to the button.
 */
export function MenuButton({ label, name, menuName, choices, icon, size = 'sm', busy = false }: MenuButtonProps) {
  const [opened, setOpened] = useState<{ first: number } | null>(null);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const anchorRef = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();

  const close = (refocus: boolean) => {
    setOpened(null);
    if (refocus) anchorRef.current?.focus();
  };

  return (
    <>
      <Button
        ref={(element) => {
          anchorRef.current = element;
          setAnchor(element);
        }}
        size={size}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={opened !== null}
        aria-controls={opened ? menuId : undefined}
        leadingIcon={icon}
        loading={busy}
        onClick={() => setOpened((shown) => (shown ? null : { first: 0 }))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setOpened({ first: event.key === 'ArrowDown' ? 0 : choices.length - 1 });
        }}
      >
        {label}
        <ChevronDownIcon />
      </Button>
      {opened && anchor ? (
        <Suspense fallback={null}>
          <FloatingMenu id={menuId} anchor={anchor} name={menuName ?? name ?? label} choices={choices} first={opened.first} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
