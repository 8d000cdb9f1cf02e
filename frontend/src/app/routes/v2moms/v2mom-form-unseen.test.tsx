import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TUnseenChange, TV2momComplete } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildMethod, buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const CASEY = { id: DEMO_USERS.coo.id, name: DEMO_USERS.coo.name };
const OWNER = { id: DEMO_USERS.member.id, name: DEMO_USERS.member.name, active: true, department: 'Marketing', avatarUrl: null };
const NOW = '2026-11-30T12:00:00.000Z';
const AT = '2026-11-30T10:00:00.000Z';

const DOCUMENT: TV2momComplete = {
  ...buildV2mom({ id: 10, title: 'Brand Engine', owner: OWNER, userId: OWNER.id, version: 3 }),
  methods: [buildMethod({ id: 100, v2momId: 10, description: 'Launch the podcast', ownerId: OWNER.id, status: 'at_risk' })],
  obstacles: [],
  values: [],
  measures: [],
};

const CHANGES: TUnseenChange[] = [
  { id: 41, entity: 'method', rowId: 100, operation: 'updated', fields: { status: { old: 'in_progress', new: 'at_risk' } }, actor: CASEY, viaToken: null, at: AT },
  { id: 42, entity: 'v2mom', rowId: 10, operation: 'updated', fields: { vision: { old: 'Be known', new: DOCUMENT.vision } }, actor: CASEY, viaToken: null, at: AT },
];

describe('the V2MOM form, since you last looked', () => {
  beforeEach(() => setClock(NOW));

  it('takes the person through the changes tab by tab, opening a collapsed method', async () => {
    // As the server does: once marked, nothing is unseen (a write made offline reads it again).
    let marked = false;
    const requests = stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/v2moms/10/complete': () => ({ status: 200, body: DOCUMENT }),
      'GET /api/users/search': () => ({ status: 200, body: { rows: [], nextCursor: null } }),
      'GET /api/v2moms/10/unseen': () => ({
        status: 200,
        body: marked
          ? { since: AT, changes: [], truncated: false, summary: { changes: 0, people: 0, wentAtRisk: [] } }
          : { since: AT, changes: CHANGES, truncated: false, summary: { changes: 2, people: 1, wentAtRisk: [{ methodId: 100, description: 'Launch the podcast' }] } },
      }),
      'PUT /api/v2moms/10/seen': () => {
        marked = true;
        return { status: 200, body: { v2momId: 10, through: 42, seenAt: AT } };
      },
    });
    renderApp('/my-v2mom/edit/10');
    const banner = await screen.findByTestId('unseen-banner');
    expect(within(banner).getByRole('heading')).toHaveTextContent(/^2 changes by 1 person since .+ · 1 method went At Risk$/);

    await userEvent.click(screen.getByRole('tab', { name: /Methods/ }));
    await userEvent.click(screen.getByRole('button', { name: /Method 1/, expanded: true }));
    await userEvent.click(screen.getByRole('tab', { name: /Vision/ }));

    await userEvent.click(within(banner).getByRole('button', { name: 'Next change' }));
    expect(screen.getByRole('button', { name: 'Unseen change', description: /Vision changed from Be known/ })).toHaveFocus();

    await userEvent.click(within(banner).getByRole('button', { name: 'Next change' }));
    expect(screen.getByRole('tab', { name: /Methods/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: /Method 1/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Unseen change', description: /Status changed from In Progress to At Risk, by Casey Chen/ })).toHaveFocus();

    await userEvent.click(within(banner).getByRole('button', { name: 'Previous change' }));
    expect(screen.getByRole('tab', { name: /Vision/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Unseen change', description: /Vision changed/ })).toHaveFocus();

    await userEvent.click(within(banner).getByRole('button', { name: 'Mark all seen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit V2MOM' })).toBeInTheDocument();
    await expect.poll(() => screen.queryByTestId('unseen-banner')).toBeNull();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ through: 42 });
  });
});
