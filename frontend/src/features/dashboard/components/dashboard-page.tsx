import { PATHS, canCreateOrEdit } from '@v2mom/contracts';
import { lazy, Suspense, useState } from 'react';
import { Button, LinkButton } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../auth/api/use-signed-in-user';
import { useMethods } from '../../methods/api/get-methods';
import { AssistantCard } from './assistant-card';
import { KeyMetricsSection } from './key-metrics-section';
import { SummaryCards, SummaryGrid, SummarySkeletons } from './summary-cards';
import { TeamProgressTable } from './team-progress-table';

// The dialog (and floating-ui) loads only when someone opens it.
const AddObstacleDialog = lazy(() => import('../../obstacles/components/add-obstacle-dialog'));

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

/** Spec section 2, Dashboard: the assistant, the summary, key metrics and team progress. */
export default function DashboardPage() {
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
