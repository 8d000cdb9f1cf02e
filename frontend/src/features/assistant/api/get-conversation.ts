import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TConversation } from '@v2mom/contracts';
import { ASSISTANT_PATHS } from '@v2mom/contracts/paths';
import { callApi } from '../../../lib/api-client';
import { assistantKeys } from '../../../lib/query-keys/assistant-keys';

function getConversation(signal?: AbortSignal): Promise<TConversation> {
  return callApi(ASSISTANT_PATHS.chatConversation, { signal });
}

/** The conversation the server keeps for the signed-in user (docs/PRODUCT.md#assistant). */
const conversationQueryOptions = () =>
  queryOptions({
    queryKey: assistantKeys.conversation(),
    queryFn: ({ signal }) => getConversation(signal),
    meta: { errorToast: false }, // the chat still works without its past; it says so itself
  });

export function useConversation() {
  return useQuery(conversationQueryOptions());
}
