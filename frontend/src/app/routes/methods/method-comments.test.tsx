import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_EVENTS, type TComment, type TMethodDetail, type TUser } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildComment, buildMethod, buildThread, buildUser } from '../../../../test/builders';
import { peopleSearch } from '../../../../test/people-search';
import { DEMO_USERS, renderApp, sessionHandlers, stubApi, type ApiHandlers } from '../../../../test/render-app';

const LOGAN = { id: 3, name: 'Logan Lee', active: true };
const MORGAN = { id: 4, name: 'Morgan Diaz', active: true };
const CASEY = { id: 2, name: 'Casey Chen', active: true };

const method: TMethodDetail = {
  ...buildMethod({ id: 5, v2momId: 3, description: 'Co-host regional events', ownerId: LOGAN.id }),
  owner: { ...LOGAN, department: 'AI GTM' },
  update: null,
  updateAuthor: null,
  updateAt: null,
  updateCount: 0,
  linkedValueItems: [],
  obstacles: [],
  linkedFrom: [],
  carriedFrom: null,
  yearEnd: null,
};

const PEOPLE = [buildUser({ ...LOGAN }), buildUser({ ...MORGAN }), buildUser({ ...CASEY }), buildUser({ id: 6, name: 'Dana Moss', active: false })];

const first = buildComment({ id: 1, author: CASEY, text: 'Plan looks good, <@4> can you **confirm**?', mentions: [MORGAN] });
const reply = buildComment({ id: 2, parentId: 1, author: MORGAN, text: 'Confirmed', editedAt: '2026-01-05T11:00:00.000Z', version: 2 });
const own = buildComment({ id: 3, author: MORGAN, text: 'Booked the venue' });

function renderThread(user: TUser, comments: TComment[], handlers: ApiHandlers = {}, path = '/method/5') {
  const requests = stubApi({
    ...sessionHandlers(user),
    'GET /api/methods/5/complete': () => ({ status: 200, body: method }),
    'GET /api/methods/5/check-ins': () => ({ status: 200, body: { checkIns: [], nextCursor: null } }),
    'GET /api/users/search': peopleSearch(PEOPLE),
    'GET /api/threads/method/5/comments': () => ({ status: 200, body: { thread: buildThread({ commentCount: comments.length }), comments, nextCursor: null, moreReplies: {} } }),
    ...handlers,
  });
  const app = renderApp(path);
  return { requests, app };
}

/** The Comments block once its thread has loaded, the app online (so a write waits for its event). */
async function findThread(app: ReturnType<typeof renderApp>) {
  const thread = await screen.findByRole('region', { name: /^Comments/ });
  await waitFor(() => expect(within(thread).queryByRole('status')).not.toBeInTheDocument());
  act(() => app.socket().serverConnect());
  return thread;
}

describe('a method thread', () => {
  it('shows comments oldest first with replies under them, mentions by name, and who edited', async () => {
    const { app } = renderThread(DEMO_USERS.member, [first, reply, own]);
    const thread = await findThread(app);
    expect(within(thread).getByRole('heading', { name: 'Comments (3)' })).toBeInTheDocument();
    const comments = within(thread).getAllByRole('article');
    expect(comments.map((comment) => comment.getAttribute('aria-label'))).toEqual(['Comment by Casey Chen', 'Comment by Morgan Diaz', 'Comment by Morgan Diaz']);
    // The Markdown renderer loads with the first comment shown.
    expect(await within(comments[0]!).findByText('@Morgan Diaz')).toHaveClass('mention');
    expect(comments[0]).toHaveTextContent('Plan looks good, @Morgan Diaz can you confirm?');
    const replies = within(thread).getByRole('list', { name: 'Replies to Casey Chen' });
    expect(within(replies).getByRole('article')).toHaveTextContent('Confirmed');
    expect(within(replies).getByRole('article')).toHaveTextContent('edited');
    // Only one's own comments can be changed (Morgan's reply and comment); a reply cannot be answered.
    expect(within(thread).getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(within(comments[2]!).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(thread).getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
  });

  it('posts with Ctrl+Enter, says whom it will notify, and replies to a comment', async () => {
    const posted = buildComment({ id: 10, author: MORGAN, text: 'Venue confirmed' });
    const { requests, app } = renderThread(DEMO_USERS.member, [first], {
      'POST /api/threads/method/5/comments': (request) =>
        (request.body as { parentId?: number }).parentId === 1
          ? { status: 201, body: buildComment({ id: 11, parentId: 1, author: MORGAN, text: 'On it' }) }
          : { status: 201, body: posted },
    });
    const thread = await findThread(app);
    const box = within(thread).getByRole('textbox', { name: 'Write a comment' });
    await userEvent.type(box, 'Venue confirmed');
    expect(thread).toHaveTextContent('Will notify: Logan Lee (owner), 1 in this thread');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(await within(thread).findByText('Venue confirmed')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ text: 'Venue confirmed' });

    await userEvent.click(within(screen.getByRole('article', { name: 'Comment by Casey Chen' })).getByRole('button', { name: 'Reply' }));
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Reply to Casey Chen' }), 'On it');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post reply' }));
    const replies = await within(thread).findByRole('list', { name: 'Replies to Casey Chen' });
    expect(await within(replies).findByText('On it')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({ text: 'On it', parentId: 1 });
  });

  it('shows the server’s words when posting too fast', async () => {
    const { app } = renderThread(DEMO_USERS.member, [], {
      'POST /api/threads/method/5/comments': () => ({ status: 429, body: { message: 'You are posting comments too fast. Please try again in 40 seconds.' } }),
    });
    const thread = await findThread(app);
    expect(thread).toHaveTextContent('No comments yet.');
    await userEvent.type(within(thread).getByRole('textbox', { name: 'Write a comment' }), 'Again');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post' }));
    expect(await within(thread).findByRole('alert')).toHaveTextContent('You are posting comments too fast. Please try again in 40 seconds.');
  });

  it('edits inline, says when the comment changed elsewhere, and Esc cancels', async () => {
    const { app } = renderThread(DEMO_USERS.member, [own], {
      'PATCH /api/comments/3': () => ({ status: 409, body: { message: 'This comment was changed since you opened it' } }),
    });
    const thread = await findThread(app);
    await userEvent.click(within(thread).getByRole('button', { name: 'Edit' }));
    const box = within(thread).getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Booked the venue');
    await userEvent.type(box, ' for May');
    await userEvent.click(within(thread).getByRole('button', { name: 'Save' }));
    expect(await within(thread).findByRole('alert')).toHaveTextContent('This comment changed elsewhere');
    expect(box).toHaveValue('Booked the venue for May');
    await userEvent.click(box);
    await userEvent.keyboard('{Escape}');
    expect(within(thread).queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument();
    expect(within(thread).getByText('Booked the venue')).toBeInTheDocument();
  });

  it('deletes after a confirm, and a deleted comment with replies reads "Comment deleted" live', async () => {
    const { requests, app } = renderThread(DEMO_USERS.member, [own, buildComment({ id: 4, parentId: 3, author: CASEY, text: 'Great' })], {
      'DELETE /api/comments/3': () => ({ status: 200, body: { message: 'Comment deleted' } }),
    });
    const thread = await findThread(app);
    await userEvent.click(within(thread).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE' && request.search === '?version=1')).toBe(true));

    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: buildThread({ commentCount: 2 }),
        comments: [{ ...own, author: null, text: null, mentions: [], deleted: true, version: 2 }],
        removedIds: [],
        actor: MORGAN,
      }),
    );
    expect(await within(thread).findByText('Comment deleted')).toBeInTheDocument();
    expect(within(thread).queryByText('Booked the venue')).not.toBeInTheDocument();
    expect(within(thread).getByText('Great')).toBeInTheDocument();
  });

  it('shows another’s comment as it is posted, without asking again', async () => {
    const { requests, app } = renderThread(DEMO_USERS.member, [first]);
    const thread = await findThread(app);
    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: buildThread({ commentCount: 2 }),
        comments: [buildComment({ id: 20, author: LOGAN, text: 'New from Logan' })],
        removedIds: [],
        actor: LOGAN,
      }),
    );
    expect(await within(thread).findByText('New from Logan')).toBeInTheDocument();
    expect(within(thread).getByRole('heading', { name: 'Comments (2)' })).toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/threads/method/5/comments')).toHaveLength(1);
  });

  it('says who else is typing in a polite live region, and tells the others as the viewer types', async () => {
    const { app } = renderThread(DEMO_USERS.member, [first]);
    const thread = await findThread(app);
    act(() => app.socket().serverEmit(LIVE_EVENTS.threadTyping, { subject: 'method', subjectId: 5, person: CASEY }));
    const typing = await within(thread).findByText('Casey Chen is typing…');
    expect(typing).toHaveAttribute('aria-live', 'polite');

    await userEvent.type(within(thread).getByRole('textbox', { name: 'Write a comment' }), 'Agreed');
    // Once for the first letter: the rest follow within TYPING_EVERY_MS.
    expect(app.socket().sent.filter(({ event }) => event === LIVE_EVENTS.threadTyping)).toEqual([
      { event: LIVE_EVENTS.threadTyping, payload: { subject: 'method', subjectId: 5 } },
    ]);
  });

  it("shows a comment's newest replies under `Show {n} more replies`, which reads the older ones from the keyboard and moves focus to them", async () => {
    const top = buildComment({ id: 1, author: CASEY, text: 'Long thread', replyCount: 6 });
    const replies = [2, 3, 4, 5, 6, 7].map((id) => buildComment({ id, parentId: 1, author: LOGAN, text: `Reply ${id}` }));
    const { requests, app } = renderThread(DEMO_USERS.member, [top, ...replies.slice(-3)], {
      'GET /api/threads/method/5/comments': () => ({
        status: 200,
        body: { thread: buildThread({ commentCount: 7 }), comments: [top, ...replies.slice(-3)], nextCursor: null, moreReplies: { 1: 'before-5' } },
      }),
      'GET /api/comments/1/replies': (request) =>
        request.search === '?cursor=before-5'
          ? { status: 200, body: { comments: replies.slice(1, 3), nextCursor: 'before-3' } }
          : { status: 200, body: { comments: replies.slice(0, 1), nextCursor: null } },
    });
    const thread = await findThread(app);
    const shown = () => within(within(thread).getByRole('list', { name: 'Replies to Casey Chen' })).getAllByRole('article').map((reply) => reply.textContent);
    expect(shown()).toEqual([expect.stringContaining('Reply 5'), expect.stringContaining('Reply 6'), expect.stringContaining('Reply 7')]);

    within(thread).getByRole('button', { name: 'Show 3 more replies to Casey Chen' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.getElementById('comment-3')).toHaveFocus());
    expect(shown()).toHaveLength(5);
    expect(within(thread).getByRole('button', { name: 'Show 1 more reply to Casey Chen' })).toBeInTheDocument();

    // A reply posted meanwhile shows among the newest; what is left to show stays as it was.
    act(() =>
      app.socket().serverEmit(LIVE_EVENTS.commentChanged, {
        thread: buildThread({ commentCount: 8 }),
        comments: [{ ...top, replyCount: 7 }, buildComment({ id: 8, parentId: 1, author: LOGAN, text: 'Reply 8' })],
        removedIds: [],
        actor: LOGAN,
      }),
    );
    expect(await within(thread).findByText('Reply 8')).toBeInTheDocument();
    expect(within(thread).getByRole('button', { name: 'Show 1 more reply to Casey Chen' })).toBeInTheDocument();

    within(thread).getByRole('button', { name: 'Show 1 more reply to Casey Chen' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.getElementById('comment-2')).toHaveFocus());
    expect(shown()).toHaveLength(7);
    expect(within(thread).queryByRole('button', { name: /^Show \d+ more repl/ })).not.toBeInTheDocument();
    expect(requests.filter((request) => request.path === '/api/comments/1/replies').map((request) => request.search)).toEqual(['?cursor=before-5', '?cursor=before-3']);
  });

  it('reads back to a linked reply older than those its comment shows, and focuses it', async () => {
    const top = buildComment({ id: 1, author: CASEY, text: 'Long thread', replyCount: 5 });
    const replies = [2, 3, 4, 5, 6].map((id) => buildComment({ id, parentId: 1, author: LOGAN, text: `Reply ${id}` }));
    const { app } = renderThread(
      DEMO_USERS.member,
      [],
      {
        'GET /api/threads/method/5/comments': () => ({
          status: 200,
          body: { thread: buildThread({ commentCount: 6 }), comments: [top, ...replies.slice(-3)], nextCursor: null, moreReplies: { 1: 'before-4' } },
        }),
        'GET /api/comments/2': () => ({ status: 200, body: replies[0]! }),
        'GET /api/comments/1/replies': () => ({ status: 200, body: { comments: replies.slice(0, 2), nextCursor: null } }),
      },
      '/method/5?comment=2',
    );
    await findThread(app);
    await waitFor(() => expect(document.getElementById('comment-2')).toHaveFocus());
  });

  it('opens the thread on the live socket while shown, again after a reconnection', async () => {
    const { app } = renderThread(DEMO_USERS.member, [first]);
    await findThread(app);
    const opened = () => app.socket().sent.filter(({ event }) => event === LIVE_EVENTS.openThread);
    expect(opened()).toEqual([{ event: LIVE_EVENTS.openThread, payload: { subject: 'method', subjectId: 5 } }]);
    act(() => app.socket().serverDisconnect());
    act(() => app.socket().serverConnect());
    expect(opened()).toHaveLength(2);
  });

  it("shows a read-only author neither Edit nor Delete on a comment of their own", async () => {
    const { app } = renderThread(DEMO_USERS.viewer, [buildComment({ id: 30, author: { id: DEMO_USERS.viewer.id, name: 'Val Ortiz', active: true }, text: 'Written before my role changed' })]);
    const thread = await findThread(app);
    expect(within(thread).getByText('Written before my role changed')).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('lets a read-only account read but not write', async () => {
    const { app } = renderThread(DEMO_USERS.viewer, [first]);
    const thread = await findThread(app);
    expect(within(thread).getByText(/Plan looks good/)).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: 'Reply' })).not.toBeInTheDocument();
    expect(thread).toHaveTextContent('Read-only accounts can read comments but not write them.');
  });

  it('mentions someone from the keyboard: @ lists active people, typing filters, arrows move, Enter picks; the box shows names, the post sends ids', async () => {
    const { requests, app } = renderThread(DEMO_USERS.member, [], {
      'POST /api/threads/method/5/comments': () => ({ status: 201, body: buildComment({ id: 12, author: MORGAN, text: 'Thanks <@2> and <@4>', mentions: [CASEY, MORGAN] }) }),
    });
    const thread = await findThread(app);
    const box = within(thread).getByRole('textbox', { name: 'Write a comment' });
    await userEvent.type(box, 'Thanks @');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Logan Lee', 'Morgan Diaz', 'Casey Chen']);
    await userEvent.type(box, 'a');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Logan Lee', 'Morgan Diaz', 'Casey Chen']);
    await userEvent.type(box, 'se');
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual(['Casey Chen']);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Thanks @Casey Chen ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(thread).toHaveTextContent('Will notify: Logan Lee (owner), Casey Chen (mentioned)');

    await userEvent.type(box, 'and @');
    const longList = await screen.findByRole('listbox', { name: 'People to mention' });
    // The option the arrows reach is scrolled into the list's view (jsdom has no scrolling of its own).
    const scrolledTo: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolledTo.push(this);
    };
    await userEvent.keyboard('{ArrowDown}');
    expect(scrolledTo.at(-1)).toBe(within(longList).getByRole('option', { name: 'Morgan Diaz' }));
    delete (Element.prototype as Partial<Element>).scrollIntoView;
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveValue('Thanks @Casey Chen and @Morgan Diaz ');
    // Mentioning oneself tells nobody.
    expect(thread).toHaveTextContent('Will notify: Logan Lee (owner), Casey Chen (mentioned)');

    await userEvent.type(box, '@Lo');
    await screen.findByRole('listbox', { name: 'People to mention' });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('Thanks @Casey Chen and @Morgan Diaz @Lo');

    await userEvent.type(box, '{Backspace}{Backspace}{Backspace}{Control>}{Enter}{/Control}');
    await waitFor(() => expect(box).toHaveValue(''));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ text: 'Thanks <@2> and <@4> ' });
  });

  it('edits a comment with its mentions by name, and saves them as ids', async () => {
    const mentioning = buildComment({ id: 3, author: MORGAN, text: 'Booked with <@2>, ask <@6>', mentions: [CASEY, { id: 6, name: 'Dana Moss', active: false }] });
    const { requests, app } = renderThread(DEMO_USERS.member, [mentioning], {
      'PATCH /api/comments/3': () => ({ status: 200, body: { ...mentioning, text: 'Booked with <@2> for May', mentions: [CASEY], version: 2 } }),
    });
    const thread = await findThread(app);
    await userEvent.click(within(thread).getByRole('button', { name: 'Edit' }));
    const box = within(thread).getByRole('textbox', { name: 'Edit comment' });
    expect(box).toHaveValue('Booked with @Casey Chen, ask @Dana Moss');
    await userEvent.clear(box);
    await userEvent.type(box, 'Booked with @Casey Chen for May');
    await userEvent.click(within(thread).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(thread).queryByRole('textbox', { name: 'Edit comment' })).not.toBeInTheDocument());
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ text: 'Booked with <@2> for May', version: 1 });
  });
});
