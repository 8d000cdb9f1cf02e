import { PATHS } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LinkButton } from './button';
import { AlertIcon } from './icons';
import { PageTitle } from './page-header';

const Root = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[16]} ${theme.space[4]}`};
  text-align: center;

  p {
    max-width: 440px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Icon = styled.div`
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/**
 * A page whose item does not exist or may not be seen (docs/PRODUCT.md#empty-states): its
 * title, why, and the way back to the dashboard.
 */
export function NotFoundMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Root>
      <Icon aria-hidden="true">
        <AlertIcon />
      </Icon>
      <PageTitle>{title}</PageTitle>
      <p>{children}</p>
      <LinkButton to={PATHS.dashboard} variant="primary">
        Return to Dashboard
      </LinkButton>
    </Root>
  );
}
