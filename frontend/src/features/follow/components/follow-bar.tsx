import { useId } from 'react';
import styled from 'styled-components';
import { Button } from '../../../components/ui/button';
import { Switch } from '../../../components/ui/switch';
import { UserText } from '../../../components/ui/user-text';
import { media } from '../../../lib/theme/tokens';
import type { Followers, FollowScreen } from '../realtime/use-follow-screen';
import { FLOATING_FOLLOW_BAR_ATTRIBUTE } from './floating-follow-bar';

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[4]}`};
  border: 1px solid ${({ theme }) => theme.colors.info};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.colors.infoSoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

/**
 * A follower's bar: on a phone it floats above the bottom bar, so it stays in reach however far the
 * page scrolls (docs/PRODUCT.md#following-the-presenter).
 */
const FollowerBar = styled(Bar)`
  ${media.mobile} {
    position: fixed;
    inset: auto ${({ theme }) => theme.space[3]} calc(${({ theme }) => theme.layout.mobileBarHeight} + ${({ theme }) => theme.space[2]} + env(safe-area-inset-bottom));
    z-index: ${({ theme }) => theme.zIndex.header};
    /* The soft tint over an opaque ground: the page scrolls beneath it. */
    background: linear-gradient(${({ theme }) => `${theme.colors.infoSoft}, ${theme.colors.infoSoft}`}), ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.colors.shadow};
  }
`;

const Message = styled.p`
  flex: 1 1 16em;
  min-width: 0;
  overflow-wrap: anywhere;
  font-weight: ${({ theme }) => theme.fontWeight.medium};
`;

const Toggle = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 36px;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};
  white-space: nowrap;
`;

export type FollowerNoticeProps = Pick<FollowScreen, 'presentation' | 'mode' | 'ended' | 'setFollowing'>;

/** What the bar says and offers; null when there is nothing to say. */
function barContent({ presentation, mode, ended }: Pick<FollowScreen, 'presentation' | 'mode' | 'ended'>) {
  if (presentation) {
    const name = <UserText>{presentation.presenter.name}</UserText>;
    if (mode === 'following') return { message: <>Following {name}</>, action: 'Stop following', follow: false };
    if (mode === 'paused') return { message: 'You stopped following', action: 'Follow again', follow: true };
    return { message: <>{name} is presenting</>, action: 'Follow', follow: true };
  }
  if (ended) {
    const name = <UserText>{ended.presenter.name}</UserText>;
    return { message: ended.reason === 'left' ? <>{name} left the presentation</> : <>{name} stopped presenting</>, action: null, follow: false };
  }
  return null;
}

/**
 * What a follower's bar says and offers (docs/PRODUCT.md#following-the-presenter): "… is presenting
 * — Follow", following, paused by their own moves, and the end; nothing when there is nothing to say.
 * It shows inside the bar's live region (screen-following.tsx).
 */
export function FollowerNotice({ follow }: { follow: FollowerNoticeProps }) {
  const content = barContent(follow);
  if (!content) return null;
  return (
    <FollowerBar {...{ [FLOATING_FOLLOW_BAR_ATTRIBUTE]: '' }}>
      <Message>
        {content.message}
        {content.action && ' — '}
      </Message>
      {content.action && (
        <Button size="sm" variant={content.follow ? 'primary' : 'secondary'} onClick={() => follow.setFollowing(content.follow)}>
          {content.action}
        </Button>
      )}
    </FollowerBar>
  );
}

interface PresenterFollowProps {
  allowed: boolean;
  onAllowedChange: (allowed: boolean) => void;
  follow: Pick<FollowScreen, 'followers' | 'presentError'>;
}

/** Who follows, as the presenter reads it: "2 following: Ann, Bo · 1 meeting room follows", or "Nobody follows yet". */
function followersText({ people, rooms }: Followers): string {
  const parts: string[] = [];
  if (people.length > 0) parts.push(`${people.length} following: ${people.map((person) => person.name).join(', ')}`);
  if (rooms > 0) parts.push(rooms === 1 ? '1 meeting room follows' : `${rooms} meeting rooms follow`);
  return parts.length === 0 ? 'Nobody follows yet' : parts.join(' · ');
}

/** The presenter's side: the "Let others follow" switch and who follows. */
export function PresenterFollow({ allowed, onAllowedChange, follow: { followers, presentError } }: PresenterFollowProps) {
  const id = useId();
  let said = '';
  if (presentError) said = presentError;
  else if (allowed) said = followersText(followers);
  return (
    <Bar>
      <Toggle htmlFor={id}>
        <Switch id={id} checked={allowed} onChange={(event) => onAllowedChange(event.target.checked)} />
        Let others follow
      </Toggle>
      <Message role="status" aria-live="polite">
        {said}
      </Message>
    </Bar>
  );
}
