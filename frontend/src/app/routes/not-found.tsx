import styled from 'styled-components';
import { PATHS } from '@v2mom/contracts';
import { LinkButton } from '../../components/ui/button';

const Wrapper = styled.div<{ $fullPage: boolean }>`
  display: grid;
  place-items: center;
  min-height: ${({ $fullPage }) => ($fullPage ? '100dvh' : '50vh')};
  padding: ${({ theme }) => theme.space[4]};
  background: ${({ theme, $fullPage }) => ($fullPage ? theme.colors.bg : 'transparent')};
`;

const Panel = styled.div`
  width: 100%;
  max-width: 440px;
  padding: ${({ theme }) => theme.space[8]};
  text-align: center;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.xl};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const Heading = styled.h1`
  font-size: ${({ theme }) => theme.fontSize.xl};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Text = styled.p`
  margin: ${({ theme }) => `${theme.space[2]} 0 ${theme.space[6]}`};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The not-found page (docs/PRODUCT.md#empty-states); `fullPage` when shown outside the shell. */
export default function NotFoundPage({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Wrapper $fullPage={fullPage}>
      <Panel>
        <Heading>404 Page Not Found</Heading>
        <Text>Did you forget to add the page to the router?</Text>
        <LinkButton to={PATHS.dashboard} variant="secondary">
          Go to Dashboard
        </LinkButton>
      </Panel>
    </Wrapper>
  );
}
