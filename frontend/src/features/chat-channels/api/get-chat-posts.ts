import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatPost } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

/** While a post waits for its attempt, the open log asks again this often: posts have no live event. */
const WAITING_POLL_MS = 2000;

function getChatPosts(channelId: number, signal?: AbortSignal): Promise<TChatPost[]> {
  return callApi(CHAT_PATHS.listChatPosts, { params: { id: channelId }, signal });
}

/** A channel's latest posts, newest first, read again while one of them is still to be sent. */
export function useChatPosts(channelId: number) {
  return useQuery(
    queryOptions({
      queryKey: chatChannelKeys.posts(channelId),
      queryFn: ({ signal }) => getChatPosts(channelId, signal),
      refetchInterval: (query) => (query.state.data?.some((post) => post.status === 'waiting') ? WAITING_POLL_MS : false),
      meta: { errorToast: false }, // the log shows its own error state
    }),
  );
}
