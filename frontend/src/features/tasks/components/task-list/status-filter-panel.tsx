import {
  FloatingFocusManager,
  FloatingList,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
  useListItem,
  useListNavigation,
  useRole,
} from '@floating-ui/react';
import { WORK_STATUSES, workStatusLabel, type TTaskStatus } from '@v2mom/contracts';
import { useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../../../components/ui/button';
import type { StatusFilterProps } from './status-filter';

const Panel = styled.div`
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  width: 240px;
  padding: ${({ theme }) => theme.space[3]};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: 0 12px 32px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.5 : 0.14)});
  outline: none;
`;

const PanelHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space[2]};
`;

const PanelTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Options = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Option = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;

  &:hover,
  &:focus-within {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  input {
    width: 16px;
    height: 16px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

interface StatusOptionProps {
  label: string;
  checked: boolean;
  onToggle: (checked: boolean) => void;
  getItemProps: ReturnType<typeof useInteractions>['getItemProps'];
}

/** One status checkbox, registered in the popover's list so the arrow keys reach it. */
function StatusOption({ label, checked, onToggle, getItemProps }: StatusOptionProps) {
  const { ref } = useListItem({ label });
  return (
    <li>
      <Option>
        <input
          type="checkbox"
          checked={checked}
          {...getItemProps({ ref, onChange: (event: ChangeEvent<HTMLInputElement>) => onToggle(event.target.checked) })}
        />
        {label}
      </Option>
    </li>
  );
}

interface StatusFilterPanelProps extends StatusFilterProps {
  /** The 'Filter by Status' button the panel opens from. */
  reference: HTMLElement | null;
  /** The panel's id, which the button names as what it controls. */
  id: string;
  titleId: string;
  onClose: () => void;
}

/**
 * The open 'Filter by Status' popover (status-filter.tsx), in a module of its own so that
 * floating-ui loads when the filter is first opened: Tasks' first view shows no popover.
 */
export default function StatusFilterPanel({ reference, id, titleId, onClose, selected, onChange }: StatusFilterPanelProps) {
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);

  // `setFloating` is a callback ref, not a ref object: passing it while rendering is what it is for.
  const {
    refs: { setFloating },
    floatingStyles,
    context,
    isPositioned,
  } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    elements: { reference },
    placement: 'bottom-start',
    middleware: [offset(6), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { getFloatingProps, getItemProps } = useInteractions([
    useDismiss(context),
    useRole(context, { role: 'dialog' }),
    useListNavigation(context, { listRef, activeIndex, onNavigate: setActiveIndex, loop: true }),
  ]);

  // The list navigation names an orientation, which a dialog may not carry (the arrow keys work the same).
  const { 'aria-orientation': _orientation, ...floatingProps } = getFloatingProps();

  const toggle = (status: TTaskStatus, checked: boolean) =>
    onChange(checked ? [...selected, status] : selected.filter((chosen) => chosen !== status));

  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} initialFocus={0}>
        <Panel
          ref={setFloating}
          // Shown once placed: it never appears at the spot it then leaves.
          style={{ ...floatingStyles, opacity: isPositioned ? 1 : 0 }}
          aria-labelledby={titleId}
          {...floatingProps}
          id={id}
        >
          <PanelHead>
            <PanelTitle id={titleId}>Filter by Status</PanelTitle>
            <Button size="sm" variant="ghost" onClick={() => onChange([])} disabled={selected.length === 0}>
              Clear
            </Button>
          </PanelHead>
          <Options>
            <FloatingList elementsRef={listRef}>
              {WORK_STATUSES.map((status) => (
                <StatusOption
                  key={status}
                  label={workStatusLabel(status)}
                  checked={selected.includes(status)}
                  onToggle={(checked) => toggle(status, checked)}
                  getItemProps={getItemProps}
                />
              ))}
            </FloatingList>
          </Options>
        </Panel>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
