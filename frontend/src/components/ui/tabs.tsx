import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

const List = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[1]};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  scrollbar-width: thin;
`;

const Tab = styled.button`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  flex: none;
  height: 40px;
  padding: 0 ${({ theme }) => theme.space[3]};
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  cursor: pointer;

  &::after {
    content: '';
    position: absolute;
    left: ${({ theme }) => theme.space[2]};
    right: ${({ theme }) => theme.space[2]};
    bottom: -1px;
    height: 2px;
    border-radius: 2px;
    background: transparent;
  }

  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-selected='true']::after {
    background: ${({ theme }) => theme.colors.primary};
  }

  &:focus-visible {
    outline-offset: -2px;
  }
`;

const Count = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 18px;
  padding: 0 5px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.neutralSoft};
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-variant-numeric: tabular-nums;
`;

const Panel = styled.div`
  padding-top: ${({ theme }) => theme.space[5]};

  &:focus-visible {
    outline-offset: 4px;
  }
`;

interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A small count beside the label (not part of the tab's name). */
  count?: number;
}

export interface TabsProps<K extends string> {
  label: string;
  tabs: ReadonlyArray<TabItem<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and
 * End jump to the ends, only the selected tab is in the Tab order. Where the tabs scroll sideways
 * (a phone), the selected one is scrolled into the strip, however it was chosen (a link too).
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const baseId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (key: K) => `${baseId}-tab-${key}`;
  const panelId = `${baseId}-panel`;

  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(selected);
    if (!list || !tab) return;
    const strip = list.getBoundingClientRect();
    const shown = tab.getBoundingClientRect();
    // Only the strip scrolls, never the page.
    if (shown.left < strip.left) list.scrollLeft -= strip.left - shown.left;
    else if (shown.right > strip.right) list.scrollLeft += shown.right - strip.right;
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // From the tab that has the focus: a key pressed again before the last choice has shown moves on from it.
    const focused = tabs.findIndex((tab) => refs.current.get(tab.key) === event.target);
    const index = focused === -1 ? tabs.findIndex((tab) => tab.key === selected) : focused;
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  };

  return (
    <div>
      <List ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            ref={(node) => {
              if (node) refs.current.set(tab.key, node);
              else refs.current.delete(tab.key);
            }}
            type="button"
            role="tab"
            id={tabId(tab.key)}
            aria-selected={tab.key === selected}
            aria-controls={panelId}
            tabIndex={tab.key === selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
            {tab.count !== undefined ? <Count aria-hidden="true">{tab.count}</Count> : null}
          </Tab>
        ))}
      </List>
      <Panel role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0}>
        {children}
      </Panel>
    </div>
  );
}
