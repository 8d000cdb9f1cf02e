import { API_ENDPOINTS } from '@v2mom/contracts';
import type { Env } from '../../env.js';
import { route, type ApiRouter } from '../../http/route.js';
import { deliveriesQueued } from '../webhooks/deliveries-queued.js';
import { createChatChannel, deleteChatChannel, listChatChannels, listChatPosts, sendTestChatPost, updateChatChannel } from './chat-channels.service.js';

/** Slack and Teams channels (docs/PRODUCT.md#slack-and-teams): each call checks who manages the channel's scope. */
export function chatChannelsRoutes(router: ApiRouter, env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>): void {
  const settings = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE };
  route(router, API_ENDPOINTS.listChatChannels, ({ em, user }) => listChatChannels(em, user));
  route(router, API_ENDPOINTS.createChatChannel, async ({ em, body, loadUser }) => createChatChannel(em, await loadUser(), body, settings));
  route(router, API_ENDPOINTS.updateChatChannel, async ({ em, params, body, loadUser }) => updateChatChannel(em, await loadUser(), params.id, body, settings));
  route(router, API_ENDPOINTS.deleteChatChannel, async ({ em, params, loadUser }) => deleteChatChannel(em, await loadUser(), params.id));
  route(router, API_ENDPOINTS.listChatPosts, ({ em, user, params }) => listChatPosts(em, user, params.id));
  route(router, API_ENDPOINTS.sendTestChatPost, async ({ em, params, loadUser }) => {
    const post = await sendTestChatPost(em, await loadUser(), params.id);
    // A test goes out at once, not at the next minute.
    deliveriesQueued.emit('committed');
    return post;
  });
}
