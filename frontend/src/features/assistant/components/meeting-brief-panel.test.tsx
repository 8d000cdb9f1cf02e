import { LIVE_EVENTS } from '@v2mom/contracts';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../../../../test/fake-socket';
import { liveSocketAtom } from '../../../lib/live/live-state';
import { themes } from '../../../lib/theme/tokens';
import { MeetingBriefPanel } from './meeting-brief-panel';

let socket: FakeSocket;
let replies: number;

const briefsAsked = () => socket.sent.filter((sent) => sent.event === LIVE_EVENTS.meetingBrief).map((sent) => sent.payload);
const replyId = (n: number) => `7d3c1a52-3b1e-4c55-9a3e-2f1d8b6c9e0${n}`;

function renderPanel() {
  const store = createStore();
  store.set(liveSocketAtom, socket.asLiveSocket());
  render(
    <Provider store={store}>
      <ThemeProvider theme={themes.dark}>
        <MemoryRouter>
          <MeetingBriefPanel />
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
}

/** Plays the server writing reply `n` of the brief, whole. */
async function write(n: number, text: string) {
  await act(async () => {}); // the acknowledgement
  act(() => socket.serverEmit(LIVE_EVENTS.assistantDelta, { replyId: replyId(n), seq: 0, text }));
  act(() => socket.serverEmit(LIVE_EVENTS.assistantDone, { replyId: replyId(n), reason: 'complete' }));
}

beforeEach(() => {
  socket = new FakeSocket();
  socket.serverConnect();
  replies = 0;
  socket.answer = () => ({ data: { replyId: replyId(++replies) } });
});

describe('the meeting brief panel', () => {
  it('has the brief written again on Regenerate, streamed as the first one', async () => {
    renderPanel();
    await write(1, 'First brief.');
    expect(await screen.findByText('First brief.')).toBeInTheDocument();
    expect(briefsAsked()).toEqual([{ regenerate: false }]);

    await userEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(briefsAsked()).toEqual([{ regenerate: false }, { regenerate: true }]);
    expect(screen.queryByRole('button', { name: 'Regenerate' })).not.toBeInTheDocument();
    await write(2, 'Written again.');
    expect(await screen.findByText('Written again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
  });

  it('reads the brief again when someone else had it written again', async () => {
    renderPanel();
    await write(1, 'First brief.');
    await screen.findByText('First brief.');
    act(() => socket.serverEmit(LIVE_EVENTS.briefChanged, undefined));
    expect(briefsAsked()).toEqual([{ regenerate: false }, { regenerate: false }]);
    await write(2, 'Their rewrite.');
    expect(await screen.findByText('Their rewrite.')).toBeInTheDocument();
  });
});
