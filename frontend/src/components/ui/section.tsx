import type { ReactNode } from 'react';
import styled from 'styled-components';

const Root = styled.section`
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
  margin-bottom: ${({ theme }) => theme.space[3]};
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

/** A titled block of a page with its controls on the right. */
export function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Root aria-labelledby={id}>
      <Head>
        <Title id={id}>{title}</Title>
        {actions ? <Actions>{actions}</Actions> : null}
      </Head>
      {children}
    </Root>
  );
}
