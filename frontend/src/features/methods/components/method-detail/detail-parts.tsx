import styled from 'styled-components';

/** The pieces every block of the method detail is built from (the blocks themselves: components/ui/detail-panel.tsx). */

export const Prose = styled.p`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/** A bordered block inside a panel: `$raised` on the surface colour, else sunk into the page's. */
export const Tile = styled.div<{ $raised?: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme, $raised }) => ($raised ? theme.radius.lg : theme.radius.md)};
  background: ${({ theme, $raised }) => ($raised ? theme.colors.surface : theme.colors.bg)};
`;

/** Tiles or label/value pairs in as many columns of at least 220px as fit. */
export const TileGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 220px), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;

export const BlockLabel = styled.p`
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;
