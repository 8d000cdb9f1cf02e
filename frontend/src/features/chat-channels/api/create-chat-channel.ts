import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatChannel, TCreateChatChannel } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

function createChatChannel(body: TCreateChatChannel): Promise<TChatChannel> {
  return callApi(CHAT_PATHS.createChatChannel, { body });
}

/** POST /api/chat-channels: the list is read again, for its order (the company's first, then by department). */
export function useCreateChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChatChannel,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to add the channel', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatChannelKeys.list() }),
  });
}
