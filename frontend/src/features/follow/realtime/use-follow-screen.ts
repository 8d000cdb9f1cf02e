import {
  LIVE_EVENTS,
  followRoom,
  type TFollowPerson,
  type TFollowScreen,
  type TFollowersEvent,
  type TFollowState,
  type TPresentation,
  type TPresentationEndedEvent,
} from '@v2mom/contracts';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { liveSocketAtom } from '../../../lib/live/live-state';

/** How long "… stopped presenting" stays before the bar goes. */
const ENDED_SHOWN_MS = 6_000;

/** Where this tab stands towards someone else's presentation. */
type FollowMode = 'off' | 'following' | 'paused';

export interface FollowScreen {
  /** Someone else presenting this screen, as their screen is now. */
  presentation: TPresentation | null;
  mode: FollowMode;
  /** Follow (again), or stop following on purpose. */
  setFollowing: (following: boolean) => void;
  /** The viewer scrolled or clicked on their own: following pauses. */
  pause: () => void;
  /** The presentation that just ended, shown for a moment. */
  ended: TPresentationEndedEvent | null;
  /** Who follows this tab's presentation: people, and meeting rooms showing the screen. */
  followers: Followers;
  /** Why this tab could not present (someone else already does). */
  presentError: string | null;
}

/** Who follows a presentation: people once each, and how many meeting rooms show the screen. */
export interface Followers {
  people: TFollowPerson[];
  rooms: number;
}

const NO_FOLLOWERS: Followers = { people: [], rooms: 0 };

const ignoreAnswer = () => {};

type FollowChecks = typeof import('./follow-checks');

/** The presentation events' checks, once the first event asked for them. */
let loadingChecks: Promise<FollowChecks> | undefined;

/**
 * Hands `check` the presentation events' checks, loading them with the first event; the events'
 * handlers run in the order the events came. One that came while they failed to load is dropped,
 * as one the socket missed, and the next asks for them again.
 */
function withChecks(check: (checks: FollowChecks) => void): void {
  loadingChecks ??= import('./follow-checks');
  loadingChecks.then(check, () => {
    loadingChecks = undefined;
  });
}

/**
 * Opens a screen one may present while mounted (docs/PRODUCT.md#following-the-presenter): hears
 * its presenter, follows on request, and presents `shown` while it is set (null: not presenting,
 * or not letting others follow). Opens it again after every reconnection. `screen` must keep its
 * identity between renders (a constant, or memoized by its V2MOM).
 */
export function useFollowScreen(screen: TFollowScreen, shown: TFollowState | null): FollowScreen {
  const socket = useAtomValue(liveSocketAtom);
  const room = followRoom(screen);
  const [presentation, setPresentation] = useState<TPresentation | null>(null);
  const [mode, setMode] = useState<FollowMode>('off');
  // The mode as the handlers see it between renders.
  const modeNow = useRef<FollowMode>('off');
  const [ended, setEnded] = useState<TPresentationEndedEvent | null>(null);
  const [followers, setFollowers] = useState<Followers>(NO_FOLLOWERS);
  const [presentError, setPresentError] = useState<string | null>(null);
  // What this tab presents: the latest state, and whether the server has taken its start.
  const latest = useRef(shown);
  const presenting = useRef<'no' | 'starting' | 'yes'>('no');

  const present = useCallback(() => {
    const state = latest.current;
    if (!socket?.connected) return;
    if (!state) {
      if (presenting.current !== 'no') socket.emit(LIVE_EVENTS.stopPresenting, { screen }, ignoreAnswer);
      presenting.current = 'no';
      setFollowers(NO_FOLLOWERS);
      return;
    }
    if (presenting.current === 'yes') {
      socket.emit(LIVE_EVENTS.presentState, { screen, state }, ignoreAnswer);
      return;
    }
    if (presenting.current === 'starting') return;
    presenting.current = 'starting';
    socket.emit(LIVE_EVENTS.startPresenting, { screen, state }, (answer) => {
      if ('error' in answer) {
        presenting.current = 'no';
        setPresentError(answer.error);
        return;
      }
      presenting.current = 'yes';
      setPresentError(null);
      setFollowers({ people: answer.data.followers, rooms: answer.data.rooms });
      // What changed while the start was on its way goes after it.
      const now = latest.current;
      if (now === state) return;
      if (now) socket.emit(LIVE_EVENTS.presentState, { screen, state: now }, ignoreAnswer);
      else {
        presenting.current = 'no';
        setFollowers(NO_FOLLOWERS);
        socket.emit(LIVE_EVENTS.stopPresenting, { screen }, ignoreAnswer);
      }
    });
  }, [socket, screen]);

  useEffect(() => {
    latest.current = shown;
    present();
  }, [shown, present]);

  useEffect(() => {
    if (!socket) return;
    let mounted = true;
    const ours = (other: TFollowScreen) => followRoom(other) === room;
    const watch = () => {
      presenting.current = 'no';
      socket.emit(LIVE_EVENTS.watchScreen, { screen }, (answer) => {
        if (!mounted || 'error' in answer) return;
        setPresentation(answer.data);
        present();
        // A new connection follows nobody on the server: one that followed says so again, so the presenter still counts it.
        if (answer.data && modeNow.current === 'following') socket.emit(LIVE_EVENTS.follow, { screen, following: true }, ignoreAnswer);
      });
    };
    const onChanged = (event: TPresentation) =>
      withChecks(({ ZPresentationSchema }) => {
        const parsed = ZPresentationSchema.safeParse(event);
        if (!mounted || !parsed.success || !ours(parsed.data.screen)) return;
        setPresentation(parsed.data);
        setEnded(null);
      });
    const onEnded = (event: TPresentationEndedEvent) =>
      withChecks(({ ZPresentationEndedEventSchema }) => {
        const parsed = ZPresentationEndedEventSchema.safeParse(event);
        if (!mounted || !parsed.success || !ours(parsed.data.screen)) return;
        setPresentation(null);
        modeNow.current = 'off';
        setMode('off');
        setEnded(parsed.data);
      });
    const onFollowers = (event: TFollowersEvent) =>
      withChecks(({ ZFollowersEventSchema }) => {
        const parsed = ZFollowersEventSchema.safeParse(event);
        if (mounted && parsed.success && ours(parsed.data.screen)) setFollowers({ people: parsed.data.followers, rooms: parsed.data.rooms });
      });
    // A closed tab says so at once; otherwise the server waits a moment for the socket to come back.
    const onPageHide = () => socket.emit(LIVE_EVENTS.unwatchScreen, { screen }, ignoreAnswer);

    socket.on(LIVE_EVENTS.presentationChanged, onChanged);
    socket.on(LIVE_EVENTS.presentationEnded, onEnded);
    socket.on(LIVE_EVENTS.followersChanged, onFollowers);
    socket.on('connect', watch);
    window.addEventListener('pagehide', onPageHide);
    if (socket.connected) watch();
    return () => {
      mounted = false;
      socket.off(LIVE_EVENTS.presentationChanged, onChanged);
      socket.off(LIVE_EVENTS.presentationEnded, onEnded);
      socket.off(LIVE_EVENTS.followersChanged, onFollowers);
      socket.off('connect', watch);
      window.removeEventListener('pagehide', onPageHide);
      if (socket.connected) onPageHide();
      presenting.current = 'no';
      setPresentation(null);
      modeNow.current = 'off';
      setMode('off');
      setFollowers(NO_FOLLOWERS);
    };
  }, [socket, screen, room, present]);

  // The ended presentation's notice goes after a moment.
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => setEnded(null), ENDED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  const setFollowing = useCallback(
    (following: boolean) => {
      modeNow.current = following ? 'following' : 'off';
      setMode(modeNow.current);
      socket?.emit(LIVE_EVENTS.follow, { screen, following }, ignoreAnswer);
    },
    [socket, screen],
  );
  const pause = useCallback(() => {
    if (modeNow.current !== 'following') return;
    modeNow.current = 'paused';
    setMode('paused');
    socket?.emit(LIVE_EVENTS.follow, { screen, following: false }, ignoreAnswer);
  }, [socket, screen]);

  return { presentation, mode, setFollowing, pause, ended, followers, presentError };
}
