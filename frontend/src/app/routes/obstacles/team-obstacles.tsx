import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { OBSTACLE_SORTS, type TObstacleListItem } from '@v2mom/contracts';
import { useState } from 'react';
import { ThreadOpenerContext } from '../../../components/thread-opener';
import { PageHeader } from '../../../components/ui/page-header';
import type { TableSort } from '../../../components/ui/sortable-table';
import { useAllCommentCounts } from '../../../features/comments/api/get-all-comment-counts';
import { ExportMenu } from '../../../features/sheets/components/export-menu';
import { useObstaclePages } from '../../../features/obstacles/api/get-obstacle-page';
import { TeamObstaclesTable } from '../../../features/obstacles/components/team-obstacles/team-obstacles-table';
import { ItemThreadPanel, useItemThreads, type OpenThread, type ThreadTarget } from '../../item-threads';

/** The obstacle whose thread is open, while the list still holds it. */
function openObstacle(rows: readonly TObstacleListItem[] | undefined, chosen: ThreadTarget | null): OpenThread | undefined {
  const obstacle = chosen && rows?.find((candidate) => candidate.id === chosen.id);
  return obstacle ? { subject: 'obstacle', id: obstacle.id, title: obstacle.description, owner: obstacle.owner, v2momOwnerId: obstacle.v2mom.ownerId } : undefined;
}

/**
 * Every obstacle across the team's V2MOMs, live (docs/PRODUCT.md#team-obstacles), a paged list the
 * server sorts (docs/PRODUCT.md#paged-lists), each with `Comments` opening its thread once the
 * counts are here.
 */
export default function TeamObstaclesPage() {
  const [sort, setSort] = useState<TableSort | undefined>(undefined);
  const view = {
    sort: OBSTACLE_SORTS.find((candidate) => candidate === sort?.key) ?? 'description',
    dir: sort?.direction === 'descending' ? ('desc' as const) : ('asc' as const),
  };
  const obstacles = useObstaclePages(view);
  const counts = useAllCommentCounts();
  const threads = useItemThreads(counts.data);
  const open = openObstacle(obstacles.rows, threads.chosen);
  return (
    <ThreadOpenerContext.Provider value={counts.isPending ? null : threads.opener}>
      <PageHeader
        title="Team Obstacles"
        subtitle="View and track obstacles across all team V2MOMs"
        actions={<ExportMenu download={{ route: SHEET_PATHS.exportObstacles, query: view }} />}
      />
      <TeamObstaclesTable list={obstacles} order={{ sort, onSort: setSort }} />
      {open && <ItemThreadPanel thread={open} onClose={threads.close} />}
    </ThreadOpenerContext.Provider>
  );
}
