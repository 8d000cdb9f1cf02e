import { useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { liveFlash } from '../../lib/live/live-flash';
import { media } from '../../lib/theme/tokens';
import { LoadError } from './load-error';
import { VisuallyHidden } from './visually-hidden';

/**
 * Data tables. With `$stackOnMobile`, each row becomes a card under 768 px: cells stack and
 * show their column name from `data-label`, but for the row's title (`data-primary`) and its
 * actions (`ActionsTd`). Roles are explicit because `display: block` strips table semantics in
 * some browsers.
 */
const TableCardFrame = styled.div<{ $stackOnMobile?: boolean }>`
  /* Clips to the rounded corners; a table wider than its column scrolls inside the card rather than losing its last columns. */
  overflow-x: auto;
  /* Holds the table's visually hidden text (the actions column's name) too, which would widen the page beyond a scrolling card. */
  position: relative;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.colors.shadow};

  ${({ $stackOnMobile }) =>
    $stackOnMobile &&
    css`
      ${media.mobile} {
        overflow: visible;
        background: none;
        border: none;
        box-shadow: none;
      }
    `}
`;

/**
 * Makes `element` a keyboard stop while its content is wider than it, so the columns it scrolls
 * to are reachable without a mouse (WCAG 2.1.1), and leaves it out of the tab order otherwise. Set
 * on the element as layout changes, not through a render, so no moment shows a scrolling card
 * the keyboard cannot reach.
 */
function useKeyboardScrolling(ref: { current: HTMLElement | null }) {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      if (element.scrollWidth > element.clientWidth) element.tabIndex = 0;
      else element.removeAttribute('tabindex');
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table grows and shrinks inside the card without resizing it.
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [ref]);
}

/** The card a table sits in; with `$stackOnMobile` tables its rows are the cards on phones. */
export function TableCard(props: ComponentProps<typeof TableCardFrame>) {
  const ref = useRef<HTMLDivElement>(null);
  useKeyboardScrolling(ref);
  return <TableCardFrame ref={ref} {...props} />;
}

/** `$dense`: narrower gaps between columns beside the sidebar, for a table of many columns. */
export const Table = styled.table.attrs({ role: 'table' })<{ $stackOnMobile?: boolean; $dense?: boolean | undefined }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSize.md};

  ${({ $dense, theme }) =>
    $dense &&
    css`
      ${media.desktop} {
        th,
        td {
          padding-left: ${theme.space[3]};
          padding-right: ${theme.space[3]};
        }
      }
    `}

  ${({ $stackOnMobile, theme }) =>
    $stackOnMobile &&
    css`
      ${media.mobile} {
        &,
        tbody,
        tr,
        td {
          display: block;
          width: 100%;
        }

        thead {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip: rect(0, 0, 0, 0);
        }

        tbody {
          display: flex;
          flex-direction: column;
          gap: ${theme.space[3]};
        }

        tr {
          border: 1px solid ${theme.colors.border};
          border-radius: ${theme.radius.lg};
          padding: ${theme.space[3]} ${theme.space[4]};
          background: ${theme.colors.surface};
        }

        &&& td {
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: ${theme.space[3]};
          padding: ${theme.space[2]} 0;
          border: none;
          text-align: right;
        }

        &&& td:empty {
          display: none;
        }

        td[data-label]::before {
          content: attr(data-label);
          flex: none;
          color: ${theme.colors.textMuted};
          font-size: ${theme.fontSize.sm};
          font-weight: ${theme.fontWeight.medium};
          text-align: left;
        }

        &&& td[data-primary] {
          display: block;
          text-align: left;
          padding-bottom: ${theme.space[3]};
          margin-bottom: ${theme.space[1]};
          border-bottom: 1px solid ${theme.colors.border};
        }

        td[data-primary]::before {
          content: none;
        }

        &&& td[data-actions] {
          justify-content: flex-end;
        }
      }
    `}
`;

export const THead = styled.thead.attrs({ role: 'rowgroup' })``;
export const TBody = styled.tbody.attrs({ role: 'rowgroup' })``;

export const Th = styled.th.attrs({ role: 'columnheader', scope: 'col' })<{ $align?: 'left' | 'right' }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  text-align: ${({ $align = 'left' }) => $align};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.neutralSoft};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  white-space: nowrap;
`;

/** `$flash`: the serial of someone else's recent change to what the row shows (it highlights briefly). */
export const Tr = styled.tr.attrs({ role: 'row' })<{ $clickable?: boolean; $flash?: number | undefined }>`
  transition: background-color ${({ theme }) => theme.motion.fast};
  ${({ $flash }) => liveFlash($flash)}

  ${({ $clickable, theme }) =>
    $clickable &&
    css`
      cursor: pointer;
      &:hover {
        background: ${theme.colors.surfaceHover};
      }
    `}

  &:not(:last-child) td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

export const Td = styled.td.attrs({ role: 'cell' })<{ $align?: 'left' | 'right' }>`
  padding: ${({ theme }) => `${theme.space[3]} ${theme.space[4]}`};
  text-align: ${({ $align = 'left' }) => $align};
  vertical-align: middle;
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The cell of a row's actions (its menu, its buttons), at the row's end. On phones' stacked rows
 * it shows no column name beside them: they name themselves ('Actions' beside 'Actions' says
 * nothing).
 */
export function ActionsTd({ children }: { children: ReactNode }) {
  return (
    <Td $align="right" data-actions>
      {children}
    </Td>
  );
}

/** A row holding one message across all columns (empty results). */
const TableMessage = styled.td.attrs({ role: 'cell' })`
  padding: ${({ theme }) => `${theme.space[10]} ${theme.space[4]}`};
  text-align: center !important;
  color: ${({ theme }) => theme.colors.textMuted};
  justify-content: center !important;
`;

/** A second, smaller line under a cell's main text (a department, a quarter). */
export const CellSubtext = styled.span`
  display: block;
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Truncated = styled.span<{ $max: string }>`
  display: block;
  max-width: ${({ $max }) => $max};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;

  ${media.mobile} {
    max-width: none;
    white-space: normal;
    overflow-wrap: anywhere;
  }
`;

/**
 * A cell's text on one line of at most `max`, cut with an ellipsis, the whole of it its hover
 * text when it is cut (screen readers read it whole either way); on phones' stacked rows it wraps
 * instead. Whether it is cut is measured as the pointer comes to it, not kept up to date for
 * every cell of a long table.
 */
export function TruncatedText({ text, max }: { text: string; max: string }) {
  const [cut, setCut] = useState(false);
  const measure = (event: SyntheticEvent<HTMLElement>) => {
    const element = event.currentTarget;
    setCut(element.scrollWidth > element.clientWidth);
  };
  return (
    <Truncated title={cut ? text : undefined} $max={max} onPointerEnter={measure}>
      {text}
    </Truncated>
  );
}

/** Secondary text that keeps to one line, such as a relative time. */
export const CellMuted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  white-space: nowrap;
`;

const ViewLink = styled(Link)`
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
`;

/**
 * The 'View' link at the end of a clickable row. It navigates by itself, so the row's own click
 * does not fire too; screen readers hear what it opens ('View Q3 plan').
 */
export function RowViewLink({ to, target }: { to: string; target: string }) {
  return (
    <ViewLink to={to} onClick={(event) => event.stopPropagation()}>
      View<VisuallyHidden> {target}</VisuallyHidden>
    </ViewLink>
  );
}

/** The one row of a table whose query failed: what failed, and a retry. */
export function TableErrorRow({ span, title, query }: { span: number; title: string; query: { error: unknown; refetch: () => unknown } }) {
  return (
    <Tr>
      <Td colSpan={span}>
        <LoadError compact title={title} error={query.error} onRetry={() => void query.refetch()} />
      </Td>
    </Tr>
  );
}

/** The one row of a table with a message across all columns ('No obstacles found.'). */
export function TableMessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <Tr>
      <TableMessage colSpan={span}>{children}</TableMessage>
    </Tr>
  );
}
