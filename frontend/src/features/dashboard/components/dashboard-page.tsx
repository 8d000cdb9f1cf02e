import { PATHS, canCreateOrEdit } from '@v2mom/contracts';
import { Suspense, useState, type ComponentType } from 'react';
import { Button, LinkButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../auth/api/use-signed-in-user';
import { useMethods } from '../../methods/api/get-methods';
import { AssistantCard } from './assistant-card';
import { KeyMetricsSection } from './key-metrics-section';
import { SummaryCards, SummaryGrid, SummarySkeletons } from './summary-cards';
import { TeamProgressTable } from './team-progress-table';

function Summary() {
  const methods = useMethods();
  if (methods.isPending) return <SummarySkeletons />;
  if (methods.isError) {
    return (
      <SummaryGrid>
        <LoadError compact title="We couldn't load the methods." error={methods.error} onRetry={() => void methods.refetch()} />
      </SummaryGrid>
    );
  }
  return <SummaryCards methods={methods.data} />;
}

/** What the dashboard needs of the Add Obstacle dialog, which another feature provides. */
export interface AddObstacleDialogSlot {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export interface DashboardPageProps {
  /**
   * The Add Obstacle dialog, composed in by the route (features never import each other).
   * A lazy component, so it and floating-ui load only when someone opens it.
   */
  AddObstacleDialog: ComponentType<AddObstacleDialogSlot>;
}

/** Spec section 2, Dashboard: the assistant, the summary, key metrics and team progress. */
export default function DashboardPage({ AddObstacleDialog }: DashboardPageProps) {
  const user = useSignedInUser();
  const [obstacleDialogOpen, setObstacleDialogOpen] = useState(false);
  const mayEdit = canCreateOrEdit(user);

  return (
    <>
      <AssistantCard />
      <PageHeader
        title="Dashboard"
        subtitle="Overview of your team's V2MOM progress"
        actions={
          mayEdit ? (
            <>
              <LinkButton to={PATHS.addMethod}>Add Method</LinkButton>
              <Button onClick={() => setObstacleDialogOpen(true)}>Add Obstacle</Button>
              <LinkButton to={PATHS.createV2mom} variant="primary">
                Create New V2MOM
              </LinkButton>
            </>
          ) : null
        }
      />
      <Summary />
      <KeyMetricsSection />
      <TeamProgressTable />
      {obstacleDialogOpen ? (
        <Suspense fallback={null}>
          <AddObstacleDialog open onOpenChange={setObstacleDialogOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
