import styled from 'styled-components';
import { useAllApiTokens } from '../api/get-all-api-tokens';
import { ApiTokenTable } from './api-token-table';

const About = styled.p`
  max-width: 70ch;
  margin-bottom: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Everyone's API tokens for settings holders (docs/PRODUCT.md#api-tokens): whose each is, and Revoke. */
export function AllApiTokensPanel() {
  const tokens = useAllApiTokens();
  return (
    <>
      <About>Each person makes their own API tokens on their account page. Revoke any token here; deactivating a person stops all of theirs.</About>
      <ApiTokenTable query={tokens} as="administrator" />
    </>
  );
}
