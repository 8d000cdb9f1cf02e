import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { media } from '../../lib/theme/tokens';
import { stackedCard } from './card';

/** A dashboard card with a heading and a list of linked rows (Since you last looked, Awaiting your approval). */
export const DashboardCard = styled.section`
  ${stackedCard}
  padding: ${({ theme }) => theme.space[5]};
  margin-bottom: ${({ theme }) => theme.space[6]};

  ${media.small} {
    padding: ${({ theme }) => theme.space[4]};
  }
`;

export const DashboardCardTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

/** The rows of such a card, one under another. */
export const CardRows = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[1]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A row of such a card: the whole row is the link, its lines one under another. */
export const CardRowLink = styled(Link)`
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: ${({ theme }) => theme.space[2]};
  margin: 0 -${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: 0;
  }
`;

/** A card's quiet line: nothing there, or a failure with its retry beside it (a status, not an alert). */
export const CardQuietLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;
