import { pathTo, type TMethodDetail, type TUser } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LinkButton } from '../../../../components/ui/button';
import { BackIcon } from '../../../../components/ui/icons';
import { useFocusReturn } from '../../../../components/ui/work-card';
import { CheckInButton, MethodCheckInPanel } from './method-check-in';
import { LinkedMethodPanel, LinkedValuesPanel, ObstaclesPanel, ProsePanels, QuarterMeasuresPanel } from './method-sections';
import { MethodOverview } from './method-overview';
import { MethodProgressPanel } from './method-progress-panel';
import { SupportersPanel } from './supporters-panel';

const Page = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space[6]};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  align-items: start;
  gap: ${({ theme }) => theme.space[6]};

  @media (max-width: 1100px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  min-width: 0;
`;

const TopBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

export interface MethodDetailViewProps {
  method: TMethodDetail;
  actor: TUser;
  /** The check-in is open (`?check-in`, docs/PRODUCT.md#method-detail). */
  checkingIn: boolean;
  onCheckingInChange: (open: boolean) => void;
  comments?: ReactNode;
}

/**
 * /method/{id} once loaded (docs/PRODUCT.md#method-detail): Back to its V2MOM and Check in, the
 * head, the check-in while open, every block, then its thread (`comments`).
 */
export function MethodDetailView({ method, actor, checkingIn, onCheckingInChange, comments }: MethodDetailViewProps) {
  const opener = useFocusReturn<HTMLButtonElement>(checkingIn);
  const checkIn = { method, actor, open: checkingIn, onOpenChange: onCheckingInChange };
  return (
    <Page>
      <TopBar>
        <LinkButton to={pathTo.v2mom(method.v2momId)} variant="ghost" leadingIcon={<BackIcon />}>
          Back
        </LinkButton>
        <CheckInButton {...checkIn} opener={opener} />
      </TopBar>
      <MethodOverview method={method} />
      <MethodCheckInPanel {...checkIn} />
      <MethodProgressPanel method={method} />
      <Columns>
        <Stack>
          <ProsePanels method={method} />
          <QuarterMeasuresPanel method={method} />
          <ObstaclesPanel obstacles={method.obstacles} />
        </Stack>
        <Stack>
          <LinkedValuesPanel values={method.linkedValueItems} />
          <LinkedMethodPanel linked={method.linkedMethod} linkedFrom={method.linkedFrom} />
          <SupportersPanel method={method} />
        </Stack>
      </Columns>
      {comments}
    </Page>
  );
}
