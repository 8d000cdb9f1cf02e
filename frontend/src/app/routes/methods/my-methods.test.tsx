import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMethod, buildTask } from '../../../../test/builders';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi } from '../../../../test/render-app';

const member = DEMO_USERS.member;
const memberRef = { id: member.id, name: member.name, active: true };

// Member owns the V2MOM of both methods; the second method is someone else's, so its update
// text is not member's to write (the list cannot hold such a method today, the rule still holds).
const OWN = buildMethod({ id: 100, v2momId: 10, description: 'Own method', ownerId: member.id, update: 'Mine', v2mom: { id: 10, title: 'Brand', year: 2026, owner: memberRef } });
const OTHERS = buildMethod({ id: 101, v2momId: 10, description: 'Colleague method', ownerId: 9, update: 'Theirs', v2mom: { id: 10, title: 'Brand', year: 2026, owner: memberRef } });
const TASK = buildTask(member, { id: 7, title: 'Draft deck' });

function renderMyMethods() {
  const requests = stubApi({
    ...sessionHandlers(member),
    [`GET /api/users/${member.id}/methods`]: () => ({ status: 200, body: [OWN, OTHERS] }),
    [`GET /api/tasks/user/${member.id}`]: () => ({ status: 200, body: [TASK] }),
    'PUT /api/methods/101': () => ({ status: 200, body: { ...OTHERS, version: 2, status: 'at_risk' } }),
  });
  renderApp('/my-methods');
  return requests;
}

describe('My Methods and Tasks', () => {
  it('keeps another person’s update text read-only with the owner-only note, and never sends it', async () => {
    const requests = renderMyMethods();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Colleague method' }));
    const form = await screen.findByRole('form', { name: 'Edit method Colleague method' });
    const update = within(form).getByLabelText('Update');
    expect(update).toHaveAttribute('readonly');
    expect(update).toHaveAccessibleDescription('Only the method owner can add updates to this method.');

    await user.selectOptions(within(form).getByLabelText('Status'), 'at_risk');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ version: 1, status: 'at_risk' });
  });

  it('keeps one item in edit mode at a time and Esc leaves it unsaved', async () => {
    const requests = renderMyMethods();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Own method' }));
    const form = await screen.findByRole('form', { name: 'Edit method Own method' });
    expect(within(form).getByLabelText('Update')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Edit Colleague method' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Edit Draft deck' })).toBeDisabled();

    await user.type(within(form).getByLabelText('Update'), ' and more');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Draft deck' })).toBeEnabled();
    expect(requests.some((request) => request.method === 'PUT')).toBe(false);
  });
});
