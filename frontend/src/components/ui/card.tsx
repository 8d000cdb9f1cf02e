import styled, { css } from 'styled-components';

/** The look every card shares: raised surface, hairline border, rounded corners. */
const cardSurface = css`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

/** A card whose content stacks with even gaps (summary figures, metric tiles). */
export const stackedCard = css`
  ${cardSurface}
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
`;

/** A list of cards in as many columns of at least `$min` as fit (one on a phone). */
export const CardGrid = styled.ul<{ $min: string }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min }) => $min}), 1fr));
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** Items one under another with even gaps, without bullets. */
export const StackList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Card = styled.section<{ $interactive?: boolean; $padded?: boolean }>`
  ${cardSurface}
  padding: ${({ theme, $padded = true }) => ($padded ? theme.space[5] : '0')};
  min-width: 0;
  transition: border-color ${({ theme }) => theme.motion.fast}, box-shadow ${({ theme }) => theme.motion.fast};

  ${({ theme, $interactive }) =>
    $interactive
      ? `
    cursor: pointer;
    &:hover { border-color: ${theme.colors.borderStrong}; }
  `
      : ''}
`;

export const CardTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.colors.text};
`;
