import { useDeferredValue, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { usePausedValue } from '../../lib/use-paused-value';
import { keepFocusInBox, useActiveOptionInView } from './active-option';
import type { ComboboxResults } from './combobox-results';
import { Input, invalidProps } from './field';
import { useListPlacement, type ListPlacement } from './use-list-placement';

/** A picker's list: as wide as its input. */
const PICKER_LIST: ListPlacement = { matchWidth: true, maxHeightPx: 320 };

/**
 * A picker that searches as one types (docs/PRODUCT.md#paged-lists): the server answers the first
 * page of what the typed words hold, so no screen loads a whole-company list to choose one row.
 * The chosen row keeps showing by its label whether or not the current results hold it.
 * ARIA 1.2 combobox: the focus stays in the input, arrows move the active option
 * (`aria-activedescendant`), Enter picks it, Escape closes the list, then restores the label.
 */

/**
 * A picker a screen hands to a form of another feature (features never import each other):
 * the form says where it sits and what is chosen, the picker knows how to search.
 */
export interface PickerSlotProps<T> {
  id: string;
  /** The chosen row, shown by its label; null when none. */
  value: T | null;
  onChange: (row: T) => void;
  disabled?: boolean;
  required?: boolean;
  /** The field's error, as `invalidProps` marks a control. */
  error?: ReactNode;
  /** Shown in the empty input: what choosing nothing means, or what is chosen while it loads. */
  placeholder?: string;
  /** Where a field may be left empty: the first option (labelled `clearLabel`) chooses nothing. */
  onClear?: () => void;
  clearLabel?: string;
}

export interface SearchComboboxProps<T extends { id: number }, S = undefined> extends PickerSlotProps<T> {
  /** The first page for a search (a hook the picker calls on every render); nothing is asked while the list is closed. */
  useResults: (q: string, open: boolean, scope?: S) => ComboboxResults<T>;
  /** What the search is limited to besides the words typed (one V2MOM's methods), handed to `useResults`. */
  scope?: S;
  label: (row: T) => string;
  /** The list's accessible name ('People'). */
  listLabel: string;
  /** Shown when a search holds nothing. */
  emptyText?: string;
}

const Root = styled.div`
  position: relative;
`;

/** Below the input, as wide as it, until floating-ui places it where it fits (useListPlacement). */
const Listbox = styled.ul`
  position: absolute;
  top: calc(100% + 4px);
  left: 0;
  width: 100%;
  max-height: 320px;
  z-index: ${({ theme }) => theme.zIndex.drawer + 3};
  margin: 0;
  padding: ${({ theme }) => theme.space[1]};
  list-style: none;
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: 0 12px 32px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.5 : 0.14)});
`;

const OptionRow = styled.li<{ $active: boolean }>`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border-radius: ${({ theme }) => theme.radius.sm};
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceHover : 'transparent')};

  &[aria-selected='true'] {
    font-weight: ${({ theme }) => theme.fontWeight.semibold};
  }
`;

const Status = styled.li`
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export function SearchCombobox<T extends { id: number }, S = undefined>({
  id,
  value,
  onChange,
  useResults,
  scope,
  label,
  placeholder,
  listLabel,
  disabled,
  required,
  error,
  emptyText = 'Nothing matches',
  onClear,
  clearLabel = 'None',
}: SearchComboboxProps<T, S>) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null); // null: not typing, the input shows the chosen label
  const [active, setActive] = useState(0);
  const q = useDeferredValue(usePausedValue(text ?? ''));
  const results = useResults(q, open, scope);
  const rows = results.rows ?? [];
  // What the list offers, in order: choosing nothing first where the field allows it, then the rows found.
  const options: Array<{ key: string; text: string; selected: boolean; choose: () => void }> = [
    ...(onClear ? [{ key: 'none', text: clearLabel, selected: value === null, choose: onClear }] : []),
    ...rows.map((row) => ({ key: String(row.id), text: label(row), selected: row.id === value?.id, choose: () => onChange(row) })),
  ];
  const [reference, setReference] = useState<HTMLInputElement | null>(null);
  const [floating, setFloating] = useState<HTMLUListElement | null>(null);
  useListPlacement(open, reference, floating, PICKER_LIST);

  const close = () => {
    setOpen(false);
    setText(null);
  };
  const pick = (option: (typeof options)[number] | undefined) => {
    if (!option) return;
    option.choose();
    close();
  };
  const optionId = (index: number) => `${listId}-${index}`;
  const activeIndex = Math.min(active, options.length - 1);
  useActiveOptionInView(open && options.length > 0 ? optionId(activeIndex) : undefined);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      else if (options.length > 0) setActive((activeIndex + (event.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length);
    } else if (event.key === 'Enter' && open) {
      event.preventDefault(); // picking is not submitting the form
      pick(options[activeIndex]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation(); // a dialog around the picker stays open
      close();
    }
  };

  return (
    <Root>
      <Input
        ref={setReference}
        id={id}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-required={required || undefined}
        aria-activedescendant={open && options.length > 0 ? optionId(activeIndex) : undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder}
        value={text ?? (value ? label(value) : '')}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        {...invalidProps(id, error)}
      />
      {open ? (
        <Listbox ref={setFloating} id={listId} role="listbox" aria-label={listLabel} onMouseDown={keepFocusInBox} aria-busy={results.loading}>
          {options.map((option, index) => (
            <OptionRow
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={option.selected}
              $active={index === activeIndex}
              // Picked on press: the focus stays in the input (a blur would close the list first), and
              // results arriving between press and release cannot move the row from under the pointer.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(option);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {option.text}
            </OptionRow>
          ))}
          {results.loading ? <Status role="status">Searching…</Status> : null}
          {!results.loading && results.failed ? <Status role="status">Search failed; type again to retry</Status> : null}
          {!results.loading && !results.failed && rows.length === 0 ? <Status role="status">{emptyText}</Status> : null}
        </Listbox>
      ) : null}
    </Root>
  );
}
