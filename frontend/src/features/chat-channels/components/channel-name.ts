import { CHAT_KIND_LABELS, type TChatChannel } from '@v2mom/contracts';

/** `Slack for the company`, `Microsoft Teams for Sales`: how the tab names a channel. */
export function channelName(channel: Pick<TChatChannel, 'kind' | 'department'>): string {
  return `${CHAT_KIND_LABELS[channel.kind]} for ${channel.department ? channel.department.name : 'the company'}`;
}
