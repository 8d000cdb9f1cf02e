import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './button';
import { AlertIcon } from './icons';

type Tone = 'info' | 'warning';

const Root = styled.div<{ $tone: Tone }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone]};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.infoSoft : theme.colors.warningSoft)};
  color: ${({ theme }) => theme.colors.text};

  @media (max-width: 560px) {
    grid-template-columns: auto minmax(0, 1fr);
    & > button {
      grid-column: 1 / -1;
    }
  }
`;

const Icon = styled.span<{ $tone: Tone }>`
  color: ${({ theme, $tone }) => ($tone === 'info' ? theme.colors.infoText : theme.colors.warningText)};
  padding-top: 2px;
`;

const Title = styled.p`
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

export interface NoticeProps {
  tone: Tone;
  title: ReactNode;
  children: ReactNode;
  actionLabel: string;
  onAction: () => void;
  acting: boolean;
}

/** A banner that needs the user's decision (an alert with one action), e.g. a V2MOM changed underneath. */
export function Notice({ tone, title, children, actionLabel, onAction, acting }: NoticeProps) {
  const titleId = useId();
  return (
    <Root $tone={tone} role="alert" aria-labelledby={titleId}>
      <Icon $tone={tone} aria-hidden="true">
        <AlertIcon />
      </Icon>
      <div>
        <Title id={titleId}>{title}</Title>
        {children}
      </div>
      <Button variant="primary" onClick={onAction} loading={acting}>
        {actionLabel}
      </Button>
    </Root>
  );
}
