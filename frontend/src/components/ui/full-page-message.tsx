import type { ReactNode } from 'react';
import styled from 'styled-components';

const Centered = styled.div`
  min-height: 100vh;
  min-height: 100dvh;
  display: grid;
  place-items: center;
  padding: ${({ theme }) => theme.space[4]};
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.bg};
`;

/** A whole-screen status line such as the session check's 'Loading...'. */
export function FullPageMessage({ children }: { children: ReactNode }) {
  return (
    <Centered role="status" aria-live="polite">
      {children}
    </Centered>
  );
}
