import type { TFollowScreen, TFollowState } from '@v2mom/contracts';
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { preloadable } from '../../../lib/preloadable';
import { useFollowScreen } from '../realtime/use-follow-screen';
import { FOLLOW_BAR_ATTRIBUTE, usePauseOnOwnMoves } from '../realtime/use-pause-on-own-moves';
import type { FollowerNoticeProps, PresenterFollow as LoadedPresenterFollow } from './follow-bar';

// The bars' words and switch load with the first presentation the screen hears of: most views of
// a followable screen see none (docs/PERFORMANCE.md, what a first visit downloads).
const FollowerNotice = preloadable<{ follow: FollowerNoticeProps }>(() => import('./follow-bar').then(({ FollowerNotice }) => ({ default: FollowerNotice })));
const PresenterFollow = preloadable<ComponentProps<typeof LoadedPresenterFollow>>(() =>
  import('./follow-bar').then(({ PresenterFollow }) => ({ default: PresenterFollow })),
);

/**
 * The bar of someone who has a presented screen open (docs/PRODUCT.md#following-the-presenter): a
 * live region there from the start, so what it comes to say is read out.
 */
export function FollowBar({ follow }: { follow: FollowerNoticeProps }) {
  const saying = follow.presentation !== null || follow.ended !== null;
  return (
    <div role="status" aria-live="polite" {...{ [FOLLOW_BAR_ATTRIBUTE]: '' }}>
      {saying && (
        <Suspense fallback={null}>
          <FollowerNotice follow={follow} />
        </Suspense>
      )}
    </div>
  );
}

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
  const bar = presenting ? (
    <div {...{ [FOLLOW_BAR_ATTRIBUTE]: '' }}>
      <Suspense fallback={null}>
        <PresenterFollow allowed={allowed} onAllowedChange={setAllowed} follow={follow} />
      </Suspense>
    </div>
  ) : (
    <FollowBar follow={follow} />
  );
  return { followed, bar };
}
