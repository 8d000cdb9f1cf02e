import type { TFollowScreen, TFollowState } from '@v2mom/contracts';
import { useState, type ReactNode } from 'react';
import { useFollowScreen } from '../realtime/use-follow-screen';
import { usePauseOnOwnMoves } from '../realtime/use-pause-on-own-moves';
import { FollowBar, PresenterFollow } from './follow-bar';

export interface ScreenFollowing {
  /** What the presenter shows, while this tab follows them; null otherwise. */
  followed: TFollowState | null;
  /** The presenter's switch and followers while presenting, else the follow bar. */
  bar: ReactNode;
}

/**
 * Following the presenter on one screen (docs/PRODUCT.md#following-the-presenter). `showing` is
 * what this tab shows while it presents (null: it does not); it reaches the others while the
 * "Let others follow" switch, `followByDefault` at first, is on.
 */
export function useScreenFollowing(screen: TFollowScreen, showing: TFollowState | null, followByDefault: boolean): ScreenFollowing {
  const [allowed, setAllowed] = useState(followByDefault);
  const follow = useFollowScreen(screen, allowed ? showing : null);
  usePauseOnOwnMoves(follow.mode === 'following', follow.pause);
  const followed = follow.mode === 'following' ? (follow.presentation?.state ?? null) : null;
  const presenting = showing !== null;
  const bar = presenting ? <PresenterFollow allowed={allowed} onAllowedChange={setAllowed} follow={follow} /> : <FollowBar follow={follow} />;
  return { followed, bar };
}
