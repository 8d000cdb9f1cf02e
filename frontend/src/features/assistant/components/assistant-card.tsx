import { PATHS } from '@v2mom/contracts';
import styled from 'styled-components';
import { LinkButton } from '../../../components/ui/button';
import { SparklesIcon } from '../../../components/ui/icons';
import { media } from '../../../lib/theme/tokens';

const Root = styled.section`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  padding: ${({ theme }) => theme.space[5]};
  margin-bottom: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(120% 160% at 0% 0%, ${({ theme }) => theme.colors.primarySoft} 0%, transparent 60%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};

  ${media.small} {
    flex-wrap: wrap;
  }
`;

const Icon = styled.div`
  display: grid;
  flex: none;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};

  svg {
    width: 22px;
    height: 22px;
  }
`;

const Text = styled.div`
  flex: 1;
  min-width: 200px;
`;

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSize.lg};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
`;

const Description = styled.p`
  margin-top: 2px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

/** The dashboard's way into the assistant. */
export function AssistantCard() {
  return (
    <Root aria-labelledby="assistant-card-title">
      <Icon aria-hidden="true">
        <SparklesIcon />
      </Icon>
      <Text>
        <Title id="assistant-card-title">AI Assistant</Title>
        <Description>Ask about progress, methods that need attention, overdue tasks or team performance.</Description>
      </Text>
      <LinkButton to={PATHS.chat} variant="primary">
        Ask the Assistant
      </LinkButton>
    </Root>
  );
}
