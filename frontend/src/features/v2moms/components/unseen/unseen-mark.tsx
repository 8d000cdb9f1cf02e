import {
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  safePolygon,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
} from '@floating-ui/react';
import type { TLoggedEntity } from '@v2mom/contracts';
import { useContext, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { VisuallyHidden } from '../../../../components/ui/visually-hidden';
import { UnseenMarksContext } from './unseen-context';
import { actorName, authorText, changeTime, fieldLabel, itemKey, valueText, type TActor } from './unseen-model';
import { UserText } from '../../../../components/ui/user-text';

const Dot = styled.button`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 24px;
  height: 24px;
  margin: -4px 0 -4px 2px;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.full};
  background: transparent;
  vertical-align: middle;
  cursor: pointer;

  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: ${({ theme }) => theme.radius.full};
    background: ${({ theme }) => theme.colors.info};
    box-shadow: 0 0 0 3px ${({ theme }) => theme.colors.infoSoft};
  }
  &:hover::before,
  &[data-open]::before {
    transform: scale(1.2);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.primary};
    outline-offset: 1px;
  }
`;

const Popover = styled.div`
  z-index: ${({ theme }) => theme.zIndex.drawer + 1};
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  width: max-content;
  max-width: min(320px, calc(100vw - 16px));
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.regular};
  line-height: 1.4;
  text-align: left;
  white-space: normal;
  overflow-wrap: anywhere;
  box-shadow: 0 12px 32px rgba(0, 0, 0, ${({ theme }) => (theme.name === 'dark' ? 0.5 : 0.14)});

  p + p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  del {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ins {
    text-decoration: none;
    font-weight: ${({ theme }) => theme.fontWeight.medium};
  }
`;

interface Line {
  key: string;
  what: string;
  old?: string;
  new?: string;
  actor: TActor;
  viaToken: string | null;
  at: string;
}

const sentence = (line: Line) =>
  `${line.what}${line.old === undefined ? '' : ` from ${line.old} to ${line.new}`}, by ${authorText(line.actor, line.viaToken)}, ${changeTime(line.at)}`;

export interface UnseenMarkProps {
  entity: TLoggedEntity;
  /** The item's id; none for an item not saved yet, which has no changes. */
  rowId: number | undefined;
  /** The fields the marked place shows. */
  fields: readonly string[];
  /** Also mark the item's creation here. */
  created?: boolean;
}

/** The marker itself, once there is something to show: the popover's machinery costs only then. */
function MarkButton({ lines, changeIds }: { lines: readonly Line[]; changeIds: readonly number[] }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // `setReference`/`setFloating` are callback refs, not ref objects: passing them while rendering is what they are for.
  const {
    refs: { setReference, setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open,
    onOpenChange: setOpen,
    placement: 'top',
    whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, handleClose: safePolygon() }),
    useFocus(context, { visibleOnly: false }),
    useClick(context, { toggle: false }),
    useDismiss(context),
  ]);

  return (
    <>
      <Dot
        ref={setReference}
        type="button"
        aria-label="Unseen change"
        aria-describedby={detailsId}
        data-unseen-marker=""
        data-unseen-changes={changeIds.join(' ')}
        data-open={open ? '' : undefined}
        {...getReferenceProps()}
      />
      {/* Outside the field's heading or label, so it never becomes part of their text. */}
      {createPortal(<VisuallyHidden id={detailsId}>{lines.map(sentence).join('; ')}</VisuallyHidden>, document.body)}
      {open ? (
        <FloatingPortal>
          <Popover ref={setFloating} style={floatingStyles} role="tooltip" {...getFloatingProps()}>
            {lines.map((line) => (
              <div key={line.key}>
                <p>
                  {line.what}
                  {line.old === undefined ? null : (
                    <>
                      :{' '}
                      <del>
                        <UserText>{line.old}</UserText>
                      </del>{' '}
                      →{' '}
                      <ins>
                        <UserText>{line.new}</UserText>
                      </ins>
                    </>
                  )}
                </p>
                <p>
                  <UserText>{actorName(line.actor)}</UserText>
                  {line.viaToken ? (
                    <>
                      {' via '}
                      <UserText>{line.viaToken}</UserText>
                    </>
                  ) : null}{' '}
                  · {changeTime(line.at)}
                </p>
              </div>
            ))}
          </Popover>
        </FloatingPortal>
      ) : null}
    </>
  );
}

/**
 * A quiet dot beside a field others changed since the person last looked: hover, focus or tap
 * shows what it was, what it is and who changed it (docs/PRODUCT.md#since-you-last-looked).
 * Its accessible description says the same, so screen readers need not open it; its name stays
 * short, so it never reads as part of the field's label. A field with no unseen change renders nothing.
 */
export function UnseenMark({ entity, rowId, fields, created = false }: UnseenMarkProps) {
  const { items, people } = useContext(UnseenMarksContext);
  const item = rowId === undefined ? undefined : items.get(itemKey(entity, rowId));
  if (!item) return null;

  const lines: Line[] = [];
  const changeIds: number[] = [];
  if (created && item.created) {
    lines.push({ key: 'created', what: 'Added', ...item.created });
    changeIds.push(item.created.changeId);
  }
  for (const field of fields) {
    const change = item.fields.get(field);
    if (!change) continue;
    lines.push({
      key: field,
      what: `${fieldLabel(field)} changed`,
      old: valueText(entity, field, change.old, people),
      new: valueText(entity, field, change.new, people),
      actor: change.actor,
      viaToken: change.viaToken,
      at: change.at,
    });
    changeIds.push(...change.changeIds);
  }
  return lines.length === 0 ? null : <MarkButton lines={lines} changeIds={changeIds} />;
}
