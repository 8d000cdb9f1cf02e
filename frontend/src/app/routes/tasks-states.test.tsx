import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taskMatches, ZTaskPageQuerySchema, type TTask } from '@v2mom/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMethod, buildTask, buildUser } from '../../../test/builders';
import { methodSearch } from '../../../test/paged-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandler } from '../../../test/render-app';

// States of the Tasks screen that the shared e2e database cannot be put in (an empty task list,
// a list with no task of a status) or that the real server cannot be made to answer (a 500), so
// the HTTP layer is stubbed here instead of faking answers in the e2e specs.
const member = DEMO_USERS.member;
const lead = DEMO_USERS.lead;

const TASK = buildTask(member, { id: 7, title: 'Draft deck' });
const METHODS = [
  buildMethod({ id: 100, v2momId: 10, description: 'Launch the partner programme' }),
  buildMethod({ id: 101, v2momId: 10, description: 'Run the webinar series' }),
];

/** A server holding `tasks`: it answers the statuses a request asks for, all on one page. */
function renderTasks(user: (typeof DEMO_USERS)[keyof typeof DEMO_USERS], path: string, tasks: TTask[], create?: ApiHandler<'POST /api/tasks'>) {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/tasks': ({ search }) => {
      const filter = ZTaskPageQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
      return { status: 200, body: { rows: tasks.filter((task) => taskMatches(task, filter)), nextCursor: null } };
    },
    'GET /api/users/search': () => ({ status: 200, body: { nextCursor: null, rows: [buildUser({ id: member.id, name: member.name, username: member.username, department: member.department })] } }),
    'GET /api/methods': methodSearch(METHODS),
    ...(create ? { 'POST /api/tasks': create } : {}),
  });
  renderApp(path);
  return requests;
}

// jsdom has no ResizeObserver; the windowed task list measures itself with one.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));

describe('Tasks screen states', () => {
  it('no tasks yet: a member is told they will appear, without a create button', async () => {
    renderTasks(member, '/tasks', []);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getByText('Tasks will appear here when they are created.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create First Task' })).not.toBeInTheDocument();
  });

  it('no tasks yet: a task manager can create the first', async () => {
    renderTasks(lead, '/tasks', []);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first task.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create First Task' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Task' })).toBeInTheDocument();
  });

  it('no tasks match the filters: Clear Filters shows them all again', async () => {
    renderTasks(member, '/tasks?status=completed', [TASK]);
    expect(await screen.findByText('No tasks match your filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByRole('article', { name: 'Draft deck' })).toBeInTheDocument();
  });

  it('the associated method is found as one types, the first methods before anything is typed, and sent with the task', async () => {
    const requests = renderTasks(lead, '/tasks', [TASK], () => ({ status: 201, body: buildTask(member, { id: 8, title: 'Invite partners' }) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Invite partners');
    await user.type(within(dialog).getByLabelText('Description'), 'Ten of them');
    await user.type(within(dialog).getByRole('combobox', { name: 'Owner' }), member.name);
    await user.click(await within(dialog).findByRole('option', { name: new RegExp(member.name) }));

    const method = within(dialog).getByRole('combobox', { name: 'Associated Method (Optional)' });
    expect(method).toHaveAttribute('placeholder', 'No method');
    await user.click(method);
    const list = await screen.findByRole('listbox', { name: 'Methods' });
    expect(await within(list).findByRole('option', { name: 'Run the webinar series' })).toBeInTheDocument();
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['No method', 'Launch the partner programme', 'Run the webinar series']);
    await user.type(method, 'partner');
    await waitFor(() => expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['No method', 'Launch the partner programme']));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(method).toHaveValue('Launch the partner programme');
    expect(requests.filter((request) => request.path === '/api/methods').map((request) => new URLSearchParams(request.search).get('q'))).toContain('partner');

    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Task' })).not.toBeInTheDocument());
    expect(requests.filter((request) => request.method === 'POST').map((request) => (request.body as { methodId: number | null }).methodId)).toEqual([100]);
  });

  it("a create the server fails says Error with the server's message and keeps the dialog", async () => {
    const requests = renderTasks(lead, '/tasks', [TASK], () => ({ status: 500, body: { message: 'The task store is unavailable' } }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create New Task' });
    await user.type(within(dialog).getByLabelText('Title'), 'Will fail');
    await user.type(within(dialog).getByLabelText('Description'), 'Will fail');
    await user.type(within(dialog).getByRole('combobox', { name: 'Owner' }), member.name);
    await user.click(await within(dialog).findByRole('option', { name: new RegExp(member.name) }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Task' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('The task store is unavailable');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Create New Task' })).toBeInTheDocument();
  });
});
