import { defineEndpoints, RULE_CHAT_CHANNELS, SESSION_READ_RESPONSES, SESSION_WRITE_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZMessageResponseSchema } from '../common/fields.schemas.js';
import {
  ZChatChannelListSchema,
  ZChatChannelParamsSchema,
  ZChatChannelSchema,
  ZChatPostListSchema,
  ZChatPostSchema,
  ZCreateChatChannelSchema,
  ZUpdateChatChannelSchema,
} from './chat-channel.schemas.js';
import { CHAT_PATHS } from './chat-channels.paths.js';

/** Slack and Teams channels (docs/PRODUCT.md#slack-and-teams). */
export const CHAT_ENDPOINTS = defineEndpoints(CHAT_PATHS, {
  listChatChannels: {
    summary: 'The channels the caller may manage, the company’s first, their URLs masked',
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    responses: { ...SESSION_READ_RESPONSES, 200: ZChatChannelListSchema },
  },
  createChatChannel: {
    summary: "Connect a Slack or Teams channel's incoming webhook, for the company or one department, with the posts it wants",
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    body: ZCreateChatChannelSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZChatChannelSchema, 404: ZErrorBodySchema },
  },
  updateChatChannel: {
    summary: "Change a channel's URL or the posts it wants (409 on a stale version)",
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    params: ZChatChannelParamsSchema,
    body: ZUpdateChatChannelSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZChatChannelSchema, 404: ZErrorBodySchema, 409: ZErrorBodySchema },
  },
  deleteChatChannel: {
    summary: 'Remove a channel; what it had not been posted is never sent',
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    params: ZChatChannelParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 200: ZMessageResponseSchema, 404: ZErrorBodySchema },
  },
  listChatPosts: {
    summary: "A channel's latest posts, newest first: kind, status, attempts, last response code",
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    params: ZChatChannelParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZChatPostListSchema, 404: ZErrorBodySchema },
  },
  sendTestChatPost: {
    summary: 'Post a test message to the channel now',
    tag: 'chatChannels',
    access: 'session',
    rule: RULE_CHAT_CHANNELS,
    params: ZChatChannelParamsSchema,
    responses: { ...SESSION_WRITE_RESPONSES, 201: ZChatPostSchema, 404: ZErrorBodySchema },
  },
});
