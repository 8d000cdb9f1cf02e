import type { TPresentation } from '@v2mom/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { describe, expect, it, vi } from 'vitest';
import { themes } from '../../../lib/theme/tokens';
import type { FollowScreen } from '../realtime/use-follow-screen';
import { usePauseOnOwnMoves } from '../realtime/use-pause-on-own-moves';
import { PresenterFollow } from './follow-bar';
import { FollowBar } from './screen-following';

const presentation: TPresentation = {
  screen: { kind: 'coo-view' },
  presenter: { id: 2, name: 'Casey Chen' },
  state: { quarter: 'q3', methodId: 4, thread: null, asOf: null, compare: null },
};

type BarState = Pick<FollowScreen, 'presentation' | 'mode' | 'ended'>;

function renderBar(state: BarState) {
  const setFollowing = vi.fn();
  render(
    <ThemeProvider theme={themes.light}>
      <FollowBar follow={{ ...state, setFollowing }} />
    </ThemeProvider>,
  );
  return setFollowing;
}

describe('the follow bar', () => {
  it('offers to follow whoever presents the screen', async () => {
    const setFollowing = renderBar({ presentation, mode: 'off', ended: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(screen.getByRole('status')).toHaveTextContent('Casey Chen is presenting — Follow');
    expect(setFollowing).toHaveBeenCalledWith(true);
  });

  it('says whom the viewer follows, and lets them stop', async () => {
    const setFollowing = renderBar({ presentation, mode: 'following', ended: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop following' }));
    expect(screen.getByRole('status')).toHaveTextContent('Following Casey Chen — Stop following');
    expect(setFollowing).toHaveBeenCalledWith(false);
  });

  it('offers to follow again once the viewer moved on their own', async () => {
    const setFollowing = renderBar({ presentation, mode: 'paused', ended: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Follow again' }));
    expect(screen.getByRole('status')).toHaveTextContent('You stopped following — Follow again');
    expect(setFollowing).toHaveBeenCalledWith(true);
  });

  it('says the presentation ended, how, and offers nothing', async () => {
    renderBar({ presentation: null, mode: 'off', ended: { screen: presentation.screen, presenter: presentation.presenter, reason: 'left' } });
    expect(await screen.findByText('left the presentation', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(/^Casey Chen left the presentation$/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('is empty with nobody presenting', () => {
    renderBar({ presentation: null, mode: 'off', ended: null });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});

describe('the presenter’s side', () => {
  const renderPresenter = (followers: FollowScreen['followers'], presentError: string | null = null) => {
    const onAllowedChange = vi.fn();
    render(
      <ThemeProvider theme={themes.light}>
        <PresenterFollow allowed onAllowedChange={onAllowedChange} follow={{ followers, presentError }} />
      </ThemeProvider>,
    );
    return onAllowedChange;
  };

  it('names who follows, with a count, and turns following off', async () => {
    const onAllowedChange = renderPresenter({
      people: [
        { id: 1, name: 'Avery Admin' },
        { id: 3, name: 'Morgan Diaz' },
      ],
      rooms: 0,
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 following: Avery Admin, Morgan Diaz');
    await userEvent.click(screen.getByRole('switch', { name: 'Let others follow' }));
    expect(onAllowedChange).toHaveBeenCalledWith(false);
  });

  it('counts the meeting rooms that follow beside the people', () => {
    renderPresenter({ people: [{ id: 3, name: 'Morgan Diaz' }], rooms: 2 });
    expect(screen.getByRole('status')).toHaveTextContent('1 following: Morgan Diaz · 2 meeting rooms follow');
  });

  it('counts a meeting room alone as following, never "Nobody follows yet"', () => {
    renderPresenter({ people: [], rooms: 1 });
    expect(screen.getByRole('status')).toHaveTextContent(/^1 meeting room follows$/);
  });

  it('says when nobody follows yet, and why it cannot present', () => {
    renderPresenter({ people: [], rooms: 0 });
    expect(screen.getByRole('status')).toHaveTextContent('Nobody follows yet');
    cleanup();
    renderPresenter({ people: [], rooms: 0 }, 'Avery Admin is already presenting this screen');
    expect(screen.getByRole('status')).toHaveTextContent('Avery Admin is already presenting this screen');
  });
});

function Pausable({ pause }: { pause: () => void }) {
  usePauseOnOwnMoves(true, pause);
  return (
    <>
      <p>Cards</p>
      <FollowBar follow={{ presentation, mode: 'following', ended: null, setFollowing: () => {} }} />
    </>
  );
}

describe('moving on one’s own', () => {
  it('pauses following on a wheel, a touch scroll, a scrolling key, a quarter key or a click, but not on the bar', async () => {
    const pause = vi.fn();
    render(
      <ThemeProvider theme={themes.light}>
        <Pausable pause={pause} />
      </ThemeProvider>,
    );
    fireEvent.pointerDown(await screen.findByRole('button', { name: 'Stop following' }));
    fireEvent.keyDown(window, { key: 'a' });
    expect(pause).not.toHaveBeenCalled();
    fireEvent.wheel(screen.getByText('Cards'));
    fireEvent.touchMove(screen.getByText('Cards'));
    fireEvent.keyDown(window, { key: 'PageDown' });
    fireEvent.keyDown(window, { key: '3' });
    fireEvent.pointerDown(screen.getByText('Cards'));
    expect(pause).toHaveBeenCalledTimes(5);
  });
});
