import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TChatChannel } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

function getChatChannels(signal?: AbortSignal): Promise<TChatChannel[]> {
  return callApi(CHAT_PATHS.listChatChannels, { signal });
}

/** The Slack and Teams channels the signed-in person manages, the company's first. */
export function useChatChannels() {
  return useQuery(
    queryOptions({
      queryKey: chatChannelKeys.list(),
      queryFn: ({ signal }) => getChatChannels(signal),
      meta: { errorToast: false }, // the tab shows its own error state
    }),
  );
}
