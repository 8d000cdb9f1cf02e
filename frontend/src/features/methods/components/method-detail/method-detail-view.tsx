import { pathTo, type TMethodDetail } from '@v2mom/contracts';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { LinkButton } from '../../../../components/ui/button';
import { BackIcon } from '../../../../components/ui/icons';
import { ActivitiesPanel, LinkedMethodPanel, LinkedValuesPanel, ObstaclesPanel, QuarterMeasuresPanel } from './method-sections';
import { MethodOverview } from './method-overview';
import { MethodProgressPanel } from './method-progress-panel';

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

/** /method/{id} once loaded (docs/PRODUCT.md#method-detail): Back to its V2MOM, every block, then its thread (`comments`). */
export function MethodDetailView({ method, comments }: { method: TMethodDetail; comments?: ReactNode }) {
  return (
    <Page>
      <div>
        <LinkButton to={pathTo.v2mom(method.v2momId)} variant="ghost" leadingIcon={<BackIcon />}>
          Back
        </LinkButton>
      </div>
      <MethodOverview method={method} />
      <MethodProgressPanel method={method} />
      <Columns>
        <Stack>
          <ActivitiesPanel activities={method.activities} />
          <QuarterMeasuresPanel method={method} />
          <ObstaclesPanel obstacles={method.obstacles} />
        </Stack>
        <Stack>
          <LinkedValuesPanel values={method.linkedValueItems} />
          <LinkedMethodPanel linked={method.linkedMethod} linkedFrom={method.linkedFrom} />
        </Stack>
      </Columns>
      {comments}
    </Page>
  );
}
