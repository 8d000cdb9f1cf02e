import { PATHS } from '@v2mom/contracts';
import styled from 'styled-components';
import { LinkButton } from '../../../../components/ui/button';
import { AlertIcon } from '../../../../components/ui/icons';
import { PageTitle } from '../../../../components/ui/page-header';

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

/** A method that does not exist, or that the user may not see (docs/PRODUCT.md#empty-states). */
export function MethodNotFound() {
  return (
    <Root>
      <Icon aria-hidden="true">
        <AlertIcon />
      </Icon>
      <PageTitle>Method Not Found</PageTitle>
      <p>The method you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to view it.</p>
      <LinkButton to={PATHS.dashboard} variant="primary">
        Return to Dashboard
      </LinkButton>
    </Root>
  );
}
