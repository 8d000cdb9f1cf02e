import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatChannel } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

async function deleteChatChannel(id: number): Promise<number> {
  await callApi(CHAT_PATHS.deleteChatChannel, { params: { id } });
  return id;
}

/** DELETE /api/chat-channels/{id}: its line leaves the list, its log with it. */
export function useDeleteChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChatChannel,
    meta: {
      successToast: { title: 'Channel removed' },
      errorToast: (error: unknown) => ({ title: 'Failed to remove the channel', message: error instanceof ApiError ? error.serverMessage : undefined }),
    },
    onSuccess: (id) => {
      queryClient.setQueryData<TChatChannel[]>(chatChannelKeys.list(), (rows) => rows?.filter((row) => row.id !== id));
      queryClient.removeQueries({ queryKey: chatChannelKeys.posts(id) });
    },
  });
}
