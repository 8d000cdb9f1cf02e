import { useId, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { FullPageMessage } from '../../components/ui/full-page-message';
import { BrandMark } from '../../components/ui/brand-mark';
import { returnPathOf } from '../return-path';
import { useSession } from '../../features/auth/api/get-session';
import { useLogin } from '../../features/auth/api/login';
import { SsoRefusal, SsoSignIn } from '../../features/auth/components/sso-sign-in';

const Page = styled.main`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
  background:
    radial-gradient(1200px 600px at 50% -200px, ${({ theme }) => theme.colors.primarySoft}, transparent 70%),
    ${({ theme }) => theme.colors.bg};
`;

const Panel = styled.div`
  width: 100%;
  max-width: 400px;
`;

const Brand = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  text-align: center;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSize['2xl']};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  letter-spacing: -0.02em;
`;

const Tagline = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[6]};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.xl};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

export default function LoginPage() {
  const session = useSession();
  const loginMutation = useLogin();
  const navigate = useNavigate();
  const returnPath = returnPathOf(useLocation().state);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const usernameId = useId();
  const passwordId = useId();

  if (session.isPending) return <FullPageMessage>Loading...</FullPageMessage>;
  if (session.data?.isAuthenticated && !loginMutation.isPending) return <Navigate to={returnPath} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Validation and its toast live in the mutation, so nothing is sent when a field is empty.
    loginMutation.mutate({ username, password }, { onSuccess: () => navigate(returnPath) });
  };

  return (
    <Page>
      <Panel>
        <Brand>
          <BrandMark size={44} />
          <div>
            <Title>V2MOM Tracker</Title>
            <Tagline>Sign in to follow your team&apos;s vision, methods and progress.</Tagline>
          </div>
        </Brand>
        <SsoRefusal />
        <Form onSubmit={onSubmit} noValidate>
          <Field htmlFor={usernameId} label="Username">
            <Input
              id={usernameId}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </Field>
          <Field htmlFor={passwordId} label="Password">
            <Input
              id={passwordId}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="primary" size="lg" fullWidth loading={loginMutation.isPending}>
            {loginMutation.isPending ? 'Logging in...' : 'Log in'}
          </Button>
          <SsoSignIn />
        </Form>
      </Panel>
    </Page>
  );
}
