import type { TPresenceMember } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LinkButton } from '../../../components/ui/button';
import { BackIcon } from '../../../components/ui/icons';
import { media } from '../../../lib/theme/tokens';
import { PresenceAvatars } from './presence/presence-avatars';

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[3]};
`;

const Lead = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};

  ${media.small} {
    width: 100%;
    & > * {
      flex: 1 1 auto;
    }
  }
`;

interface DocumentToolbarProps {
  /** Where Back leads. */
  backTo: string;
  /** The page's heading, when the toolbar carries it. */
  title?: ReactNode;
  /** Who else has this V2MOM open. */
  others: TPresenceMember[];
  actions: ReactNode;
  /** Dialogs the actions open. */
  children?: ReactNode;
}

/** The bar above one V2MOM, read or edited: Back, who else is here, and what can be done. */
export function DocumentToolbar({ backTo, title, others, actions, children }: DocumentToolbarProps) {
  return (
    <Toolbar>
      <Lead>
        <LinkButton to={backTo} variant="ghost" leadingIcon={<BackIcon />}>
          Back
        </LinkButton>
        {title}
        <PresenceAvatars others={others} />
      </Lead>
      <Actions>{actions}</Actions>
      {children}
    </Toolbar>
  );
}
