import type { ReactNode } from 'react';
import styled from 'styled-components';
import { media } from '../../lib/theme/tokens';

const Root = styled.header`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Titles = styled.div`
  min-width: 0;
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSize['2xl']};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: -0.02em;
  line-height: ${({ theme }) => theme.lineHeight.tight};
  color: ${({ theme }) => theme.colors.text};

  ${media.small} {
    font-size: ${({ theme }) => theme.fontSize.xl};
  }
`;

const Subtitle = styled.p`
  margin-top: ${({ theme }) => theme.space[1]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface PageHeaderProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  return (
    <Root>
      <Titles>
        <PageTitle>{title}</PageTitle>
        {subtitle ? <Subtitle>{subtitle}</Subtitle> : null}
      </Titles>
      {actions ? <Actions>{actions}</Actions> : null}
    </Root>
  );
}
