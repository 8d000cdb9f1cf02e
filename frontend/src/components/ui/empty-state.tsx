import type { ReactNode } from 'react';
import styled from 'styled-components';

const Root = styled.div<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme, $compact }) => ($compact ? `${theme.space[8]} ${theme.space[4]}` : `${theme.space[12]} ${theme.space[6]}`)};
`;

const IconWrap = styled.div`
  display: grid;
  place-items: center;
  width: 48px;
  height: 48px;
  margin-bottom: ${({ theme }) => theme.space[2]};
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primaryText};

  svg {
    width: 22px;
    height: 22px;
  }
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Text = styled.p`
  max-width: 420px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space[3]};
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** Less padding, for empty tables and sections inside a card. */
  compact?: boolean;
  /** `alert` for load failures so they are announced. */
  role?: 'status' | 'alert';
}

/** What a list shows when there is nothing (or nothing could be loaded): icon, title, text, action. */
export function EmptyState({ title, description, icon, action, compact = false, role }: EmptyStateProps) {
  return (
    <Root $compact={compact} role={role}>
      {icon ? <IconWrap aria-hidden="true">{icon}</IconWrap> : null}
      <Title>{title}</Title>
      {description ? <Text>{description}</Text> : null}
      {action ? <Action>{action}</Action> : null}
    </Root>
  );
}
