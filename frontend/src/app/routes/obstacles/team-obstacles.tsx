import { teamObstacleRows } from '@v2mom/contracts';
import { useMemo } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { TeamObstaclesTable } from '../../../features/obstacles/components/team-obstacles/team-obstacles-table';
import { useV2momsComplete } from '../../../features/team/api/get-v2moms-complete';

/** Every obstacle across the team's V2MOMs, live (docs/PRODUCT.md#team-obstacles). */
export default function TeamObstaclesPage() {
  const v2moms = useV2momsComplete();
  const rows = useMemo(() => (v2moms.data ? teamObstacleRows(v2moms.data) : undefined), [v2moms.data]);
  return (
    <>
      <PageHeader title="Team Obstacles" subtitle="View and track obstacles across all team V2MOMs" />
      <TeamObstaclesTable query={v2moms} rows={rows} />
    </>
  );
}
