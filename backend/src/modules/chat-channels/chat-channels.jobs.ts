import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue.js';
import { deliveryJob } from '../webhooks/delivery-job.js';
import { deliverDueChatPosts } from './deliver-chat-posts.js';

/** Slack and Teams posting as a job (docs/PRODUCT.md#slack-and-teams). */
export function chatPostJobs({ orm, jobs, logger, allowPrivate, appUrl }: { orm: MikroORM; jobs: JobQueue; logger: Logger; allowPrivate: boolean; appUrl: string }) {
  return deliveryJob({ name: 'chat-post-delivery', jobs, logger, deliver: () => deliverDueChatPosts({ orm, allowPrivate, appUrl }) });
}
