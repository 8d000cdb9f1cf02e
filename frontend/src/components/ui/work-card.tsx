import { progressColor } from '@v2mom/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { liveFlash } from '../../lib/live/live-flash';
import { ProgressBar } from './progress-bar';

/**
 * The pieces of the cards that show one method or task (My Methods and Tasks, Tasks, Team
 * Status, a V2MOM's detail): the card, its title row, its labelled facts and the clamped text.
 */

type Space = 3 | 4 | 5;

/** A method or task card; flashes with someone else's change and is outlined while edited in place. */
export const WorkCard = styled.article<{ $flash?: number | undefined; $editing?: boolean; $gap?: Space; $padding?: Space; $tightOnPhone?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme, $gap = 3 }) => theme.space[$gap]};
  min-width: 0;
  padding: ${({ theme, $padding = 5 }) => theme.space[$padding]};
  border: 1px solid ${({ theme, $editing }) => ($editing ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $flash }) => liveFlash($flash)}

  ${({ $tightOnPhone, theme }) =>
    $tightOnPhone &&
    css`
      @media (max-width: 480px) {
        padding: ${theme.space[4]};
      }
    `}
`;

/** The title on the left, the status on the right. */
export const CardTop = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

/** The card's title; a link in it reads as the title until hovered. */
export const CardTitle = styled.h3<{ $size?: 'md' | 'lg' }>`
  min-width: 0;
  font-size: ${({ theme, $size = 'lg' }) => theme.fontSize[$size]};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  overflow-wrap: anywhere;

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;

/** The line under the title: where the item belongs, when it is due or was made. */
export const CardMeta = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** A fact's label: small capitals above its value. */
export const factLabel = css`
  margin-bottom: ${({ theme }) => theme.space[1]};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textSubtle};
`;

/** The card's labelled facts, in as many columns of at least `$min` as fit; `$muted` labels are a shade darker. */
export const CardFacts = styled.dl<{ $min: string; $gap?: 3 | 4; $muted?: boolean }>`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ $min }) => $min}, 1fr));
  gap: ${({ theme, $gap = 4 }) => theme.space[$gap]};
  margin: 0;

  dt {
    ${factLabel}
    color: ${({ theme, $muted }) => ($muted ? theme.colors.textMuted : theme.colors.textSubtle)};
  }

  dd {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** One fact (a `dt` and its `dd`); `$wide` takes the whole row. */
export const CardFact = styled.div<{ $wide?: boolean }>`
  min-width: 0;
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
`;

const ProgressRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-auto-columns: auto;
  grid-auto-flow: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A method's progress: the bar in its colour band, the rounded percentage, then `trend` (its recent weeks) if given. */
export function CardProgress({ value, of, trend }: { value: number; of: string; trend?: ReactNode }) {
  return (
    <ProgressRow>
      <ProgressBar value={value} size="sm" variant={progressColor(value)} label={`Progress of ${of}`} />
      <span>{Math.round(value)}%</span>
      {trend}
    </ProgressRow>
  );
}

/** Long update text clamped to four lines, three on a phone (docs/PRODUCT.md#my-methods-and-tasks). */
export const clampedText = css`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 4;
  overflow: hidden;

  @media (max-width: 480px) {
    -webkit-line-clamp: 3;
  }
`;

/** A ref for the button that opens an item's editor: the focus goes back to it when the editor closes. */
export function useFocusReturn<E extends HTMLElement>(editing: boolean) {
  const opener = useRef<E>(null);
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  return opener;
}
