import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatChannel, TUpdateChatChannel } from '@v2mom/contracts';
import { CHAT_PATHS } from '@v2mom/contracts/paths';
import { ApiError, callApi } from '../../../lib/api-client';
import { chatChannelKeys } from '../../../lib/query-keys/chat-channel-keys';

function updateChatChannel({ id, ...body }: TUpdateChatChannel & { id: number }): Promise<TChatChannel> {
  return callApi(CHAT_PATHS.updateChatChannel, { params: { id }, body });
}

/** PATCH /api/chat-channels/{id}: the changed row replaces its line. */
export function useUpdateChatChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateChatChannel,
    meta: { errorToast: (error: unknown) => ({ title: 'Failed to change the channel', message: error instanceof ApiError ? error.serverMessage : undefined }) },
    onSuccess: (row) => queryClient.setQueryData<TChatChannel[]>(chatChannelKeys.list(), (rows) => rows?.map((each) => (each.id === row.id ? row : each))),
  });
}
