import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_SMTP_SERVER, type TEmailStatus, type TOutboxEntry, type TOutboxMessage } from '@v2mom/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../../test/clock';
import { DEMO_USERS, never, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../test/render-app';

const NOW = '2026-11-30T12:00:00.000Z';

const NOT_SET: TEmailStatus = {
  smtp: { configured: false },
  from: 'V2MOM Tracker <no-reply@localhost>',
  ratePerSecond: 5,
  counts: { waiting: 1, retrying: 1, sent: 0, gave_up: 0, skipped: 0 },
};

const entry = (overrides: Partial<TOutboxEntry> & Pick<TOutboxEntry, 'id' | 'subject'>): TOutboxEntry => ({
  kind: 'check_in_reminder',
  recipient: { id: 4, name: 'Morgan Diaz', address: 'member@example.com' },
  status: 'waiting',
  attempts: 0,
  lastError: null,
  createdAt: NOW,
  nextAttemptAt: NOW,
  sentAt: null,
  ...overrides,
});

const REMINDER = entry({ id: 2, subject: 'Time to check in: 2 methods to update', lastError: NO_SMTP_SERVER });
const REFUSED = entry({ id: 1, subject: 'Before the COO meeting on Tue 3 Mar 2026: 80% of methods checked in', kind: 'meeting_digest', status: 'retrying', attempts: 2, lastError: '451 Try again later' });
const MESSAGE: TOutboxMessage = {
  ...REMINDER,
  html: '<html><body><h1>Time to check in</h1><script>parent.document.title = "taken"</script></body></html>',
  text: 'TIME TO CHECK IN\n\nLaunch podcast',
  headers: { 'Message-ID': '<abc@localhost>', 'List-Unsubscribe': '<http://localhost:3000/api/email/unsubscribe/4.check_in_reminder.x>' },
};

function renderEmailTab(handlers: ApiHandlers = {}) {
  const requests = stubApi({
    ...sessionHandlers(DEMO_USERS.admin),
    'GET /api/departments': () => ({ status: 200, body: [] }),
    'GET /api/email/status': () => ({ status: 200, body: NOT_SET }),
    'GET /api/email/outbox': () => ({ status: 200, body: { messages: [REMINDER, REFUSED], nextCursor: null } }),
    'GET /api/email/outbox/2': () => ({ status: 200, body: MESSAGE }),
    ...handlers,
  });
  return { requests, ...renderApp('/settings?tab=email') };
}


async function loadedOutbox() {
  const table = await screen.findByRole('table', { name: 'Outbox' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return table;
}

describe('Settings, Email', () => {
  beforeEach(() => setClock(NOW));

  it('says no SMTP server is set and lists the outbox newest first, with tries and the last error', async () => {
    renderEmailTab();
    expect(await screen.findByRole('tab', { name: 'Email', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('No SMTP server is set (SMTP_URL): emails wait in the outbox below.')).toBeInTheDocument();
    expect(screen.getByText('V2MOM Tracker <no-reply@localhost>')).toBeInTheDocument();
    const rows = within(await loadedOutbox()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([REMINDER.subject, REFUSED.subject]);
    // Only a message that failed waits for a next try; a waiting one goes whenever a server can take it.
    expect(rows[0]).not.toHaveTextContent('next try');
    // Said once above the list, not on each waiting message.
    expect(screen.getAllByText(/No SMTP server is set/)).toHaveLength(1);
    expect(within(rows[0]!).getAllByRole('cell')[5]).toHaveTextContent(/^—$/);
    expect(rows[1]).toHaveTextContent('Will retry');
    expect(rows[1]).toHaveTextContent(/next try/);
    expect(rows[1]).toHaveTextContent('Meeting digest');
    expect(rows[1]).toHaveTextContent('451 Try again later');
  });

  it('says why an SMTP server cannot be reached', async () => {
    renderEmailTab({
      'GET /api/email/status': () => ({
        status: 200,
        body: { ...NOT_SET, smtp: { configured: true, server: 'smtp://mail.example.com:587', reachable: false, error: 'connect ECONNREFUSED', checkedAt: NOW } },
      }),
    });
    expect(await screen.findByText('Cannot connect')).toBeInTheDocument();
    expect(screen.getByText(/connect ECONNREFUSED/)).toBeInTheDocument();
  });

  it('opens a message in a sandboxed frame that runs no script, and as plain text', async () => {
    renderEmailTab();
    await loadedOutbox();
    const open = screen.getByRole('button', { name: `Open ${REMINDER.subject} to member@example.com` });
    // The row's actions cell: at the row's end, with no column name beside it, on a phone.
    expect(open.closest('td')).toHaveAttribute('data-actions');
    await userEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: REMINDER.subject });
    const frame = await within(dialog).findByTitle(`The message: ${REMINDER.subject}`);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(MESSAGE.html);
    expect(within(dialog).getByText('<abc@localhost>')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plain text' }));
    expect(within(dialog).getByText(/Launch podcast/)).toBeInTheDocument();
    expect(within(dialog).queryByTitle(`The message: ${REMINDER.subject}`)).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the outbox busy, empty, and failed with Try again', async () => {
    const { unmount } = renderEmailTab({ 'GET /api/email/outbox': never });
    expect(await screen.findByRole('table', { name: 'Outbox' })).toHaveAttribute('aria-busy', 'true');
    unmount();

    const empty = renderEmailTab({ 'GET /api/email/outbox': () => ({ status: 200, body: { messages: [], nextCursor: null } }) });
    expect(await within(await loadedOutbox()).findByText('No email yet')).toBeInTheDocument();
    empty.unmount();

    renderEmailTab({ 'GET /api/email/outbox': () => ({ status: 500, body: { message: 'Boom', code: 'internal' } }) });
    const failed = await loadedOutbox();
    expect(await within(failed).findByText('Failed to load the outbox')).toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks for older messages with the cursor of the page before', async () => {
    const { requests } = renderEmailTab({
      'GET /api/email/outbox': (request) =>
        request.search.includes('cursor=')
          ? { status: 200, body: { messages: [REFUSED], nextCursor: null } }
          : { status: 200, body: { messages: [REMINDER], nextCursor: 'next-page' } },
    });
    await loadedOutbox();
    await userEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(await screen.findByText(REFUSED.subject)).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/email/outbox').map((request) => request.search)).toEqual(['', '?cursor=next-page']);
    expect(screen.queryByRole('button', { name: 'Show older messages' })).not.toBeInTheDocument();
  });
});
