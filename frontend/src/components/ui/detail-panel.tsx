import type { ReactNode } from 'react';
import styled from 'styled-components';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  padding: ${({ theme }) => theme.space[5]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const PanelTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  line-height: ${({ theme }) => theme.lineHeight.tight};
`;

/** A titled block of a detail page (a method's, a thread's); `titleId` names the region. */
export function DetailPanel({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <Panel aria-labelledby={titleId}>
      <PanelTitle id={titleId}>{title}</PanelTitle>
      {children}
    </Panel>
  );
}
