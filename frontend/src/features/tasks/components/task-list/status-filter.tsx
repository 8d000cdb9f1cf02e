import type { TTaskStatus } from '@v2mom/contracts';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';

const CountBadge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/** The open popover and floating-ui load when the filter is first opened. */
const StatusFilterPanel = lazy(() => import('./status-filter-panel'));

export interface StatusFilterProps {
  selected: readonly TTaskStatus[];
  onChange: (statuses: TTaskStatus[]) => void;
}

/**
 * 'Filter by Status' (docs/PRODUCT.md#tasks-screen): a popover of the four statuses, several at a
 * time, with Clear; the button counts the chosen ones. A click, Enter, Space or an arrow key on the
 * button opens it; focus stays inside while it is open, the arrow keys move between the statuses,
 * Escape or a click outside closes it.
 */
export function StatusFilter({ selected, onChange }: StatusFilterProps) {
  const [open, setOpen] = useState(false);
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  const panelId = useId();
  const titleId = useId();

  const openFromArrow = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return;
    event.preventDefault();
    setOpen(true);
  };

  return (
    <>
      <Button
        ref={setButton}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={openFromArrow}
      >
        Filter by Status
        {selected.length > 0 ? (
          <CountBadge aria-label={`${selected.length} selected`}>{selected.length}</CountBadge>
        ) : null}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <StatusFilterPanel
            reference={button}
            id={panelId}
            titleId={titleId}
            onClose={() => setOpen(false)}
            selected={selected}
            onChange={onChange}
          />
        </Suspense>
      ) : null}
    </>
  );
}
