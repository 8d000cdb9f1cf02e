import { teamObstacleRows, type TV2momWithWork } from '@v2mom/contracts';
import { useMemo } from 'react';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { PageHeader } from '../../../components/ui/page-header';
import { useAllCommentCounts } from '../../../features/comments/api/get-all-comment-counts';
import { TeamObstaclesTable } from '../../../features/obstacles/components/team-obstacles/team-obstacles-table';
import { useV2momsComplete } from '../../../features/team/api/get-v2moms-complete';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';

/** The obstacle whose thread is open, while it still exists. */
function openObstacle(v2moms: readonly TV2momWithWork[] | undefined, chosen: ThreadTarget | null): OpenThread | undefined {
  if (!chosen) return undefined;
  for (const v2mom of v2moms ?? []) {
    const obstacle = v2mom.obstacles.find((candidate) => candidate.id === chosen.id);
    if (obstacle) return { subject: 'obstacle', id: obstacle.id, title: obstacle.description, owner: obstacle.owner, v2momOwnerId: v2mom.userId };
  }
  return undefined;
}

/**
 * Every obstacle across the team's V2MOMs, live (docs/PRODUCT.md#team-obstacles), each with
 * `Comments` opening its thread once the counts are here.
 */
export default function TeamObstaclesPage() {
  const v2moms = useV2momsComplete();
  const rows = useMemo(() => (v2moms.data ? teamObstacleRows(v2moms.data) : undefined), [v2moms.data]);
  const counts = useAllCommentCounts();
  const threads = useItemThreads(counts.data);
  const open = openObstacle(v2moms.data, threads.chosen);
  return (
    <ThreadOpenerContext.Provider value={counts.isPending ? null : threads.opener}>
      <PageHeader title="Team Obstacles" subtitle="View and track obstacles across all team V2MOMs" />
      <TeamObstaclesTable query={v2moms} rows={rows} />
      {open && <ItemThreadPanel thread={open} onClose={threads.close} />}
    </ThreadOpenerContext.Provider>
  );
}
