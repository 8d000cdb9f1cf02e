import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification, TParentChanges, TV2momComplete } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildV2mom } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const MEMBER = DEMO_USERS.member;
const NOW = '2026-06-15T12:00:00.000Z';

const TEAM: TV2momComplete = {
  ...buildV2mom({ id: 60, title: 'Team plan', level: 'person', parent: { id: 50, title: 'Company plan' } }),
  methods: [],
  obstacles: [],
  values: [],
  measures: [],
};

const detail = { field: 'parent_changed' as const, changed: 'vision' as const, parent: { kind: 'v2mom' as const, id: 50, title: 'Company plan' }, from: 'Be loved', to: 'Be loved everywhere' };

const CHANGES: TParentChanges = {
  unreviewed: 1,
  changes: [{ id: 900, recipientId: MEMBER.id, actor: { id: 1, name: 'Avery Admin', active: true }, createdAt: NOW, detail: { ...detail, reviewedAt: null } }],
};

describe('the V2MOM aligned to changed (docs/PRODUCT.md#parent-changes)', () => {
  it('shows the change with its before and after until its recipient marks it Reviewed', async () => {
    setClock(NOW);
    const reviewed: TNotification = {
      id: 900,
      kind: 'parent_changed',
      actor: { id: 1, name: 'Avery Admin', active: true },
      v2mom: { id: 60, title: 'Team plan' },
      item: { kind: 'v2mom', id: 60, title: 'Team plan' },
      commentId: null,
      detail: { ...detail, reviewedAt: NOW },
      createdAt: NOW,
      readAt: NOW,
    };
    let done = false;
    const requests = stubApi({
      ...sessionHandlers(MEMBER),
      'GET /api/v2moms/60/complete': () => ({ status: 200, body: TEAM }),
      'GET /api/v2moms/60/parent-changes': () => ({ status: 200, body: done ? { unreviewed: 0, changes: [] } : CHANGES }),
      'PUT /api/notifications/900/reviewed': () => {
        done = true;
        return { status: 200, body: reviewed };
      },
    } as never);
    renderApp('/v2mom/60');

    const notice = await screen.findByRole('region', { name: 'The V2MOM this is aligned to changed' });
    expect(notice).toHaveTextContent('Avery Admin changed the vision of Company plan');
    expect(notice).toHaveTextContent('Before: Be loved');
    expect(notice).toHaveTextContent('After: Be loved everywhere');
    await userEvent.click(within(notice).getByRole('button', { name: 'Reviewed' }));
    expect(requests.some((request) => request.method === 'PUT' && request.path === '/api/notifications/900/reviewed')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'The V2MOM this is aligned to changed' })).not.toBeInTheDocument());
  });

  it('offers Reviewed only to the one it was sent to', async () => {
    setClock(NOW);
    stubApi({
      ...sessionHandlers(DEMO_USERS.viewer),
      'GET /api/v2moms/60/complete': () => ({ status: 200, body: TEAM }),
      'GET /api/v2moms/60/parent-changes': () => ({ status: 200, body: CHANGES }),
    } as never);
    renderApp('/v2mom/60');
    const notice = await screen.findByRole('region', { name: 'The V2MOM this is aligned to changed' });
    expect(within(notice).queryByRole('button', { name: 'Reviewed' })).not.toBeInTheDocument();
  });
});
