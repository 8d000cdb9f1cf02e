import { setTimeout as delay } from 'node:timers/promises';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Logger } from 'pino';
import { connectRedis, type RedisClient } from '../db/redis.js';

type StreamsAdapterFactory = ReturnType<typeof createAdapter>;

export interface RedisAdapter {
  adapter: StreamsAdapterFactory;
  close(): Promise<void>;
}

export interface RedisAdapterOptions {
  url: string;
  /** Prefix of the stream, the pub/sub channels and the recovery-session keys. */
  prefix: string;
  logger: Logger;
}

/** The broadcasts the stream keeps, and so the most a server queues while Redis is away. */
const STREAM_LENGTH = 10_000;

/**
 * After a read of the stream that brought broadcasts, how long a server lets more gather before it
 * reads again. Every server reads every broadcast: at a hundred writes a second, a read for each
 * broadcast costs every server a wake, a reply parsed and a command sent, where a read every few
 * broadcasts costs little more than one. A broadcast after a quiet spell is read at once; one in a
 * burst waits at most this long (docs/PERFORMANCE.md#company).
 */
const STREAM_GATHER_MS = 20;

/**
 * `client`, whose copies (the adapter reads the stream on one) wait `gatherMs` before a read that
 * follows one that brought entries.
 */
export function gatheringStreamReads(client: RedisClient, gatherMs: number, wait: (ms: number) => Promise<unknown> = delay): RedisClient {
  const duplicate = client.duplicate.bind(client);
  return Object.assign(client, {
    duplicate: (...args: Parameters<typeof duplicate>) => {
      const copy = duplicate(...args);
      const xRead = copy.xRead.bind(copy);
      let brought = false;
      return Object.assign(copy, {
        xRead: async (...read: Parameters<typeof xRead>) => {
          if (brought) await wait(gatherMs);
          const reply = await xRead(...read);
          brought = Array.isArray(reply) && reply.length > 0;
          return reply;
        },
      });
    },
  });
}

/**
 * Servers share broadcasts and connection-recovery sessions through Redis Streams: unlike the
 * pub/sub adapter, a stream keeps the order of messages and lets a reconnecting client resume from
 * its last offset on any server.
 */
export async function connectRedisAdapter({ url, prefix, logger }: RedisAdapterOptions): Promise<RedisAdapter> {
  // A broadcast waits for the stream while Redis is away, so that it reaches every server after
  // (the local sockets get it then too, with its offset); beyond what the stream would keep, it
  // reaches this server's sockets alone.
  const client = await connectRedis(url, logger, { whileAway: { queueLength: STREAM_LENGTH } });
  // The adapter publishes its pub/sub messages (heartbeats, requests to other servers) without
  // handling a failure: while Redis is away each would be an unhandled rejection, which ends the
  // process. A lost one is harmless (the next heartbeat follows; requests time out), so log it.
  const publish = client.publish.bind(client);
  Object.assign(client, {
    publish: (...args: Parameters<typeof publish>) =>
      publish(...args).catch((error: unknown) => {
        logger.warn({ err: error }, 'Redis publish failed');
        return 0;
      }),
  });

  const adapter = createAdapter(gatheringStreamReads(client, STREAM_GATHER_MS), {
    streamName: `${prefix}:socket.io`,
    maxLen: STREAM_LENGTH,
    sessionKeyPrefix: `${prefix}:socket.io:session:`,
    channelPrefix: `${prefix}:socket.io`,
    // Bounds how long a closing server waits for its blocked stream read.
    blockTimeInMs: 1_000,
    onlyPlaintext: true,
  });

  return {
    adapter,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
