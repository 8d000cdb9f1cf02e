import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TConversation } from '@v2mom/contracts';
import { ASSISTANT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { assistantKeys } from '../../../lib/query-keys/assistant-keys';

function clearConversation(): Promise<TConversation> {
  return callApi(ASSISTANT_PATHS.clearChatConversation, {});
}

/** DELETE /api/chat/conversation; the (empty) answer replaces the cached conversation. */
export function useClearConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearConversation,
    onSuccess: (conversation) => queryClient.setQueryData(assistantKeys.conversation(), conversation),
  });
}
