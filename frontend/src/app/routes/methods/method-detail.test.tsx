import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMethodDetail } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildCheckIn, buildMethod } from '../../../../test/builders';
import { setClock } from '../../../../test/clock';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const MORGAN = { id: 4, name: 'Morgan Diaz' };
const NOW = '2026-11-30T12:00:00.000Z';

const method: TMethodDetail = {
  ...buildMethod({ id: 5, v2momId: 3, description: 'Co-host regional events' }),
  update: 'Three events booked',
  updateAuthor: MORGAN,
  updateAt: '2026-11-28T12:00:00.000Z',
  updateCount: 3,
  linkedValueItems: [],
  obstacles: [],
  linkedFrom: [],
  carriedFrom: null,
  yearEnd: null,
};

const checkIn = buildCheckIn;

describe('Method detail: the latest update and the check-ins', () => {
  beforeEach(() => setClock(NOW));

  it('says who wrote the latest update, and lists the check-ins a page at a time, undated ones as such', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/methods/5/complete': () => ({ status: 200, body: method }),
      'GET /api/methods/5/check-ins': (request) =>
        request.search.includes('cursor=page-2')
          ? { status: 200, body: { checkIns: [checkIn({ id: 1, update: 'Kept from before' })], nextCursor: null } }
          : {
              status: 200,
              body: {
                checkIns: [
                  checkIn({ id: 3, at: method.updateAt, author: MORGAN, progress: 40, status: 'in_progress', update: 'Three events booked' }),
                  checkIn({ id: 2, at: '2026-01-05T10:00:00.000Z', author: MORGAN, progress: 20, status: 'at_risk', update: 'Two events booked', viaToken: 'Events feed' }),
                ],
                nextCursor: 'page-2',
              },
            },
    });
    renderApp('/method/5');

    const latest = await screen.findByRole('region', { name: 'Latest Update' });
    expect(latest).toHaveTextContent('by Morgan Diaz · 2 days ago');
    // Days read as everywhere in the app, the due date (2026-03-31) as the rest.
    expect(screen.getByText('Due date').nextElementSibling).toHaveTextContent(/^31 Mar 2026$/);
    // The progress chart reads the history with the page; the list shows it only when opened.
    expect(within(latest).queryByText('Two events booked')).not.toBeInTheDocument();

    await userEvent.click(within(latest).getByText('Check-ins (3)'));
    expect(await within(latest).findByText('Two events booked')).toBeInTheDocument();
    expect(latest).toHaveTextContent('Morgan Diaz · 40% · In Progress');
    // One a system pushed in names the token it came through (docs/PRODUCT.md#numbers-pushed-in).
    expect(latest).toHaveTextContent('Morgan Diaz via Events feed · 20% · At Risk');
    expect(within(latest).queryByText('Kept from before')).not.toBeInTheDocument();

    await userEvent.click(within(latest).getByRole('button', { name: 'Show more' }));
    expect(await within(latest).findByText('Kept from before')).toBeInTheDocument();
    expect(latest).toHaveTextContent('Date not recorded');
    expect(within(latest).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });
});

describe('Method detail: the methods that support it (docs/PRODUCT.md#roll-up)', () => {
  beforeEach(() => setClock(NOW));

  it('says its progress comes from them and lists them a page at a time, each linked', async () => {
    const supporter = (id: number, description: string, progress: number) => ({
      id,
      description,
      v2mom: { id: 30, title: 'Sales 2026' },
      owner: { id: 4, name: 'Morgan Diaz', active: true },
      progress,
      status: 'in_progress' as const,
    });
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/methods/5/complete': () => ({ status: 200, body: { ...method, progressFrom: 'supporters_average' } }),
      'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
      'GET /api/methods/5/supporters': (request) =>
        request.search.includes('cursor=more')
          ? { status: 200, body: { supporters: [supporter(12, 'Renew contracts', 60)], total: 2, nextCursor: null } }
          : { status: 200, body: { supporters: [supporter(11, 'Win new deals', 40)], total: 2, nextCursor: 'more' } },
    });
    renderApp('/method/5');

    const panel = await screen.findByRole('region', { name: 'Supported by (2)' });
    expect(panel).toHaveTextContent('Progress from the methods that support it (average)');
    const list = await within(panel).findByRole('list', { name: 'Methods that support this one' });
    expect(within(list).getByRole('link', { name: 'Win new deals' })).toHaveAttribute('href', '/method/11');
    expect(list).toHaveTextContent('Sales 2026 · Morgan Diaz · 40%');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(await within(panel).findByRole('link', { name: 'Renew contracts' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('says when none supports it', async () => {
    stubApi({
      ...sessionHandlers(DEMO_USERS.member),
      'GET /api/methods/5/complete': () => ({ status: 200, body: method }),
      'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
      'GET /api/methods/5/supporters': () => ({ status: 200, body: { supporters: [], total: 0, nextCursor: null } }),
    });
    renderApp('/method/5');
    const panel = await screen.findByRole('region', { name: 'Supported by' });
    expect(await within(panel).findByText('No methods support this one')).toBeInTheDocument();
    expect(panel).not.toHaveTextContent('Progress from');
  });
});
