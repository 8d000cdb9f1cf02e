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
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { UserText } from '../../../../components/ui/user-text';
import { Dot, type Line } from './unseen-dot';
import { actorName, changeTime } from './unseen-model';

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

export interface MarkPopoverProps {
  lines: readonly Line[];
  changeIds: readonly number[];
  /** The id of the mark's description, rendered by ./unseen-mark. */
  detailsId: string;
  /** The pointer, focus or a tap asked for the popover before this part loaded. */
  openAtFirst: boolean;
  /** The mark had focus before this part loaded. */
  focusAtFirst: boolean;
}

/**
 * The mark with its popover (./unseen-mark), floating-ui with it: this module loads when a mark is
 * first hovered, focused or tapped.
 */
export default function MarkPopover({ lines, changeIds, detailsId, openAtFirst, focusAtFirst }: MarkPopoverProps) {
  const [open, setOpen] = useState(openAtFirst);
  const [reference, setReferenceElement] = useState<HTMLButtonElement | null>(null);
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

  // The mark took focus before this part loaded: focus stays on it, now this button.
  useEffect(() => {
    if (focusAtFirst) reference?.focus();
  }, [focusAtFirst, reference]);

  return (
    <>
      <Dot
        ref={(element) => {
          setReference(element);
          setReferenceElement(element);
        }}
        type="button"
        aria-label="Unseen change"
        aria-describedby={detailsId}
        data-unseen-marker=""
        data-unseen-changes={changeIds.join(' ')}
        data-open={open ? '' : undefined}
        {...getReferenceProps()}
      />
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

