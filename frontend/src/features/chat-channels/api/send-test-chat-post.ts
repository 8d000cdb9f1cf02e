import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatPost } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

function sendTestChatPost(channelId: number): Promise<TChatPost> {
  return callApi(CHAT_PATHS.sendTestChatPost, { params: { id: channelId } });
}

/** POST /api/chat-channels/{id}/test: the queued test heads the log, which follows it until it is sent. */
export function useSendTestChatPost(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendTestChatPost(channelId),
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to send the test', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: (post) => {
      queryClient.setQueryData<TChatPost[]>(chatChannelKeys.posts(channelId), (rows) => [post, ...(rows ?? [])]);
      void queryClient.invalidateQueries({ queryKey: chatChannelKeys.list() });
    },
  });
}
