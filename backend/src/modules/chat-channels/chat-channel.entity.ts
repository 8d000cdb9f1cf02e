import { defineEntity, p } from '@mikro-orm/core';
import { CHAT_KINDS, type TChatPostKind } from '@v2mom/contracts';
import { Department } from '../departments/department.entity.js';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * A Slack or Teams channel's incoming webhook (docs/PRODUCT.md#slack-and-teams), for the company
 * (no department) or one department, and the kinds of posts it wants. The URL is a secret: it
 * is kept as given, since posting needs it, and answered only masked.
 */
export const ChatChannelSchema = defineEntity({
  name: 'ChatChannel',
  properties: {
    id: p.integer().primary(),
    kind: p.enum(CHAT_KINDS),
    department: () => p.manyToOne(Department).ref().nullable().deleteRule('cascade').index(),
    url: p.string().length(2000),
    posts: p.array().$type<TChatPostKind[]>(),
    createdAt: p.datetime().onCreate(() => now()),
    createdBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    version: p.integer().version(),
  },
});

export class ChatChannel extends ChatChannelSchema.class {}
ChatChannelSchema.setClass(ChatChannel);
