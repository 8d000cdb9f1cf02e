import { canManageTasks, type TMethodListView } from '@v2mom/contracts';
import { useId, useMemo, useState } from 'react';
import { useUrlParams } from '../../../lib/use-url-params';
import styled from 'styled-components';
import { StaleMarksContext } from '../../../components/stale-marks';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Label, Select } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useMethodPages } from '../../../features/methods/api/get-method-page';
import { useTaskCount } from '../../../features/tasks/api/get-task-count';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { useTeamStatusCounts } from '../../../features/team/api/get-team-status-counts';
import { TeamStatusView } from '../../../features/team/components/team-status/team-status-view';
import { useDepartments } from '../../../features/users/api/get-departments';
import { useSignedInUser } from '../../../lib/auth/use-signed-in-user';
import { DepartmentTasks } from './department-tasks';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { ExportMenu } from '../../../features/sheets/components/export-menu';

const DEPARTMENT_PARAM = 'department';
/** `?stale=1`: only the stale methods, kept in the link as the department is. */
const STALE_PARAM = 'stale';

const Picker = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 320px;
  margin-bottom: ${({ theme }) => theme.space[6]};
`;

const Message = styled.p`
  padding: ${({ theme }) => theme.space[8]} ${({ theme }) => theme.space[4]};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function Header() {
  return <PageHeader title="Team Status" subtitle="View methods and tasks by department" />;
}

/**
 * Team Status (docs/PRODUCT.md#team-status-screen): one department's methods and tasks, for
 * manage_tasks, each a page at a time from the server with its figures counted there; stale
 * methods marked once the rhythm is here.
 */
export default function TeamStatusPage() {
  const user = useSignedInUser();
  if (!canManageTasks(user)) {
    return (
      <>
        <Header />
        <Card>
          <EmptyState role="alert" icon={<AlertIcon />} title="Access denied. This page is only available for authorized users." />
        </Card>
      </>
    );
  }
  return <DepartmentStatus userDepartment={user.department} />;
}

function DepartmentStatus({ userDepartment }: { userDepartment: string }) {
  const selectId = useId();
  const departments = useDepartments();
  const [searchParams, keepInUrl] = useUrlParams();
  const staleMarks = useRhythmStaleMarks();

  const names = useMemo(() => (departments.data ?? []).map((department) => department.name), [departments.data]);
  // The screen reads its own copy of the URL's department, so a choice shows at once.
  const [asked, setAsked] = useState(() => searchParams.get(DEPARTMENT_PARAM));
  // The department in the URL, else the user's own, else the first there is.
  const department = (asked && names.includes(asked) ? asked : names.includes(userDepartment) ? userDepartment : names[0]) ?? userDepartment;

  const taskCount = useTaskCount({ department }).data?.count;

  const [staleOnly, setStaleOnly] = useState(() => searchParams.get(STALE_PARAM) === '1');

  const choose = (name: string) => {
    setAsked(name);
    keepInUrl((params) => params.set(DEPARTMENT_PARAM, name));
  };
  const chooseStaleOnly = (only: boolean) => {
    setStaleOnly(only);
    keepInUrl((params) => (only ? params.set(STALE_PARAM, '1') : params.delete(STALE_PARAM)));
  };

  // The department's methods, latest change first, a page at a time, and the overview's figures,
  // counted by the server: both wait for the departments that say which department it is.
  const chosen = !departments.isPending;
  const view: TMethodListView = { department, sort: 'updated', dir: 'desc', stale: staleOnly ? true : undefined };
  const methods = useMethodPages(view, chosen);
  const counts = useTeamStatusCounts(department, chosen);

  const body = chosen ? (
    <TeamStatusView
      department={department}
      methods={methods}
      counts={counts.data}
      taskCount={taskCount}
      tasks={<DepartmentTasks department={department} />}
      staleOnly={staleOnly}
      onStaleOnly={chooseStaleOnly}
    />
  ) : (
    <Message role="status">Loading team status...</Message>
  );

  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <PageHeader
        title="Team Status"
        subtitle="View methods and tasks by department"
        actions={chosen ? <ExportMenu download={{ route: SHEET_PATHS.exportMethods, query: view }} /> : undefined}
      />
      <Picker>
        <Label htmlFor={selectId}>Department</Label>
        <Select id={selectId} value={department} onChange={(event) => choose(event.target.value)}>
          {(names.includes(department) ? names : [department, ...names]).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Picker>
      <div aria-busy={!methods.rows || undefined}>{body}</div>
    </StaleMarksContext.Provider>
  );
}
