import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { SSO_BROWSER_PATHS, SSO_REFUSAL_PARAM, SSO_REFUSALS, type TSsoRefusal } from '@v2mom/contracts/paths';
import { LinkButton } from '../../../components/ui/button';
import { useSsoConfig } from '../api/get-sso-config';

const Refusal = styled.p`
  padding: ${({ theme }) => theme.space[3]} ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.dangerSoft};
  margin-bottom: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.dangerText};
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};

  &::before,
  &::after {
    content: '';
    flex: 1;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

function isRefusal(reason: string | null): reason is TSsoRefusal {
  return reason !== null && Object.hasOwn(SSO_REFUSALS, reason);
}

/** Why the last single sign-on was refused, when the server sent the browser back with a reason. */
export function SsoRefusal() {
  const [searchParams] = useSearchParams();
  const reason = searchParams.get(SSO_REFUSAL_PARAM);
  return isRefusal(reason) ? <Refusal role="alert">{SSO_REFUSALS[reason]}</Refusal> : null;
}

/**
 * 'Sign in with {provider}' when the server has single sign-on configured (docs/PRODUCT.md#single-sign-on).
 * A full page load, not a client route: the server answers with a redirect to the provider.
 */
export function SsoSignIn() {
  const config = useSsoConfig();
  if (!config.data?.enabled) return null;
  return (
    <>
      <Divider>or</Divider>
      <LinkButton to={SSO_BROWSER_PATHS.start} reloadDocument variant="secondary" size="lg" fullWidth>
        Sign in with {config.data.providerName}
      </LinkButton>
    </>
  );
}
