import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCurrentQuarterReview, TQuarterResults, TQuarterReview, TRhythm } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildMethod } from '../../../../test/builders';
import { lineText } from '../../../../test/line-text';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const member = DEMO_USERS.member;
const memberRef = { id: member.id, name: member.name, active: true };
const METHOD = buildMethod({
  id: 100,
  v2momId: 10,
  description: 'Run the webinars',
  ownerId: member.id,
  q2Goal: 'Three speakers',
  q2Measure: '450 MQLs',
  v2mom: { id: 10, title: 'Brand', year: 2026, owner: memberRef },
});
const OPEN: TCurrentQuarterReview & { open: NonNullable<TCurrentQuarterReview['open']> } = {
  open: {
    year: 2026,
    quarter: 'q2',
    opensAt: '2027-01-18T00:00:00.000Z',
    endsAt: '2027-02-01T00:00:00.000Z',
    closesAt: '2027-03-01T00:00:00.000Z',
  },
  now: '2027-01-25T09:00:00.000Z',
};
const REVIEW: TQuarterReview = {
  id: 5,
  version: 1,
  methodId: 100,
  year: 2026,
  quarter: 'q2',
  result: 'partly_met',
  reflection: 'Two of three speakers',
  goal: 'Three speakers',
  measure: '450 MQLs',
  progress: 60,
  status: 'in_progress',
  currentMeasure: '410 MQLs',
  reviewedBy: memberRef,
  reviewedAt: '2027-01-23T09:00:00.000Z',
  updatedBy: memberRef,
  updatedAt: '2027-01-23T09:00:00.000Z',
};

function results(review: TQuarterReview | null): TQuarterResults {
  return {
    year: 2026,
    quarter: 'q2',
    endsAt: OPEN.open.endsAt,
    ended: false,
    methods: [
      {
        methodId: 100,
        goal: 'Three speakers',
        measure: '450 MQLs',
        atEnd: {
          progress: 60,
          status: 'in_progress',
          currentMeasure: '410 MQLs',
        },
        review,
      },
    ],
  };
}

const RHYTHM: TRhythm = {
  id: 1,
  timeZone: 'Europe/Paris',
  checkInDay: 5,
  checkInTime: '15:00',
  meetingDay: 1,
  meetingTime: '10:00',
  // The two check-in times after the server's clock of the open window (`OPEN.now`): Fridays at 15:00 in Paris, 14:00 UTC in winter.
  nextCheckInTimes: ['2027-01-29T14:00:00.000Z', '2027-02-05T14:00:00.000Z'],
  version: 1,
  updatedAt: '2026-09-01T09:00:00.000Z',
  updatedBy: null,
};

/** The server runs on a set clock at `current.now`, which the browser's clock follows. */
function renderMyMethods(current: TCurrentQuarterReview, review: TQuarterReview | null = null) {
  const requests = stubApi({
    ...sessionHandlers(member),
    [`GET /api/users/${member.id}/methods`]: () => ({
      status: 200,
      body: [METHOD],
    }),
    [`GET /api/tasks/user/${member.id}`]: () => ({ status: 200, body: [] }),
    'GET /api/quarter-reviews/current': () => ({ status: 200, body: current }),
    'POST /api/quarter-results': () => ({ status: 200, body: results(review) }),
    'POST /api/quarter-reviews': () => ({ status: 201, body: REVIEW }),
    'GET /api/rhythm': () => ({ status: 200, body: RHYTHM }),
  }, { serverNow: current.now });
  renderApp('/my-methods');
  return requests;
}

describe('the quarter review on My Methods', () => {
  it('asks for a result and a reflection, then sends them for the quarter the server says is open', async () => {
    const requests = renderMyMethods(OPEN);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', {
      name: 'Review Q2: Run the webinars',
    });
    expect(screen.getByRole('heading', { name: 'Review Q2' })).toBeInTheDocument();
    expect(await within(card).findByText('Three speakers')).toBeInTheDocument();
    expect(within(card).getByText('Not reviewed')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Save review' }));
    expect(within(card).getByText('Choose Met, Partly met or Missed')).toBeInTheDocument();
    expect(await within(card).findByText('Write a short reflection')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && request.path === '/api/quarter-reviews')).toBe(false);

    await user.click(within(card).getByRole('radio', { name: 'Partly met' }));
    await user.type(within(card).getByLabelText('Reflection'), 'Two of three speakers');
    await user.click(within(card).getByRole('button', { name: 'Save review' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST' && request.path === '/api/quarter-reviews')?.body).toEqual({
        methodId: 100,
        year: 2026,
        quarter: 'q2',
        result: 'partly_met',
        reflection: 'Two of three speakers',
      }),
    );
  });

  it("takes a reflection of only invisible characters as blank, by the server's own rule", async () => {
    const requests = renderMyMethods(OPEN);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Review Q2: Run the webinars' });
    await user.click(await within(card).findByRole('radio', { name: 'Met' }));
    await user.type(within(card).getByLabelText('Reflection'), '\u200b\u2060\u00a0');
    await user.click(within(card).getByRole('button', { name: 'Save review' }));
    expect(await within(card).findByText('Write a short reflection')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST' && request.path === '/api/quarter-reviews')).toBe(false);
  });

  it('shows a saved review read-only, with no form and no reopening for the owner', async () => {
    renderMyMethods(OPEN, REVIEW);
    const card = await screen.findByRole('article', {
      name: 'Review Q2: Run the webinars',
    });
    expect(await within(card).findByText('Partly met')).toBeInTheDocument();
    expect(within(card).getByText('Two of three speakers')).toBeInTheDocument();
    expect(within(card).getByText(lineText(/^Reviewed by Morgan Diaz/))).toHaveTextContent('Reviewed by Morgan Diaz 2 days ago');
    expect(within(card).getByText('This quarter’s goal, measure and result are locked.'.replace('’', "'"))).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save review' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Reopen review' })).not.toBeInTheDocument();
  });

  it('says when the next review opens between windows, on the company clock', async () => {
    renderMyMethods({ open: null, now: '2027-03-10T09:00:00.000Z' });
    expect(await screen.findByRole('heading', { name: 'My Methods' })).toBeInTheDocument();
    await screen.findAllByText('Run the webinars');
    expect(screen.queryByRole('heading', { name: 'Review Q2' })).not.toBeInTheDocument();
    // Q3 ends as 1 May 2027 begins in Paris; its window opens two weeks before, at midnight there.
    expect(await screen.findByText(/^Review Q3 FY2026 opens on/)).toHaveTextContent('Review Q3 FY2026 opens on Sat 17 Apr 2027, two weeks before the quarter ends.');
  });
});
