import { PATHS, canCreateOrEdit } from '@v2mom/contracts';
import { Suspense, lazy, useState } from 'react';
import { Button, LinkButton } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { AssistantCard } from '../../../features/assistant/components/assistant-card';
import { KeyMetricsSection } from '../../../features/methods/components/key-metrics-section';
import { QuarterScorecard } from '../../../features/quarter-reviews/components/quarter-scorecard';
import { MethodsSummary } from '../../../features/methods/components/summary-cards';
import { TeamProgressTable } from '../../../features/team/components/team-progress-table';
import { UnseenSummaryCard } from '../../../features/unseen/components/unseen-summary-card';
import { AwaitingApprovalPanel } from '../../../features/v2moms/components/awaiting-approval-panel';
import { useDepartments } from '../../../features/users/api/get-departments';

// The dialog and floating-ui load only when someone opens it.
const AddObstacle = lazy(() => import('./add-obstacle'));

/**
 * The dashboard (docs/PRODUCT.md#screens): the assistant, the summary, what changed since the
 * person last looked, key metrics and team progress.
 */
export default function DashboardPage() {
  const user = useSignedInUser();
  const departments = useDepartments();
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
      <MethodsSummary />
      <AwaitingApprovalPanel />
      <UnseenSummaryCard />
      <KeyMetricsSection />
      <QuarterScorecard />
      <TeamProgressTable departments={departments.data} />
      {obstacleDialogOpen ? (
        <Suspense fallback={null}>
          <AddObstacle onOpenChange={setObstacleDialogOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
