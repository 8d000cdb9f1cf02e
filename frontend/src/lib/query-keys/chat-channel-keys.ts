/** Slack and Teams channels and their post logs (see v2mom-keys.ts for why there is one factory per feature). */
export const chatChannelKeys = {
  all: ['chat-channels'] as const,
  /** GET /api/chat-channels */
  list: () => [...chatChannelKeys.all, 'list'] as const,
  /** GET /api/chat-channels/{id}/posts */
  posts: (channelId: number) => [...chatChannelKeys.all, 'posts', channelId] as const,
};
