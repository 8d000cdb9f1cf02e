import { createAdapter } from '@socket.io/redis-streams-adapter';
import { LIVE_EVENTS } from '@v2mom/contracts';
import type { Logger } from 'pino';
import { connectRedis } from '../db/redis.js';

type StreamsAdapterFactory = ReturnType<typeof createAdapter>;
type StreamsAdapter = ReturnType<StreamsAdapterFactory>;

/** The part of a message between servers this file reads: a broadcast carries the packet it relays. */
interface RelayedMessage {
  uid?: string;
  data?: { packet?: { data?: unknown[] } };
}

export interface RedisAdapter {
  adapter: StreamsAdapterFactory;
  close(): Promise<void>;
}

/**
 * Servers share broadcasts and connection-recovery sessions through Redis Streams: unlike the
 * pub/sub adapter, a stream keeps the order of messages and lets a reconnecting client resume from
 * its last offset on any server.
 *
 * Each server also keeps a read cache of list answers that every write must clear. The write's own
 * server clears it directly; the others clear it when they relay that write's `entity:changed`,
 * just before handing it to their sockets, so a client that refetches on the event never gets the
 * list as it was before the write. (serverSideEmit would not do: it goes over pub/sub, which can
 * overtake the stream.)
 */
export interface RedisAdapterOptions {
  url: string;
  /** Prefix of the stream, the pub/sub channels and the recovery-session keys. */
  prefix: string;
  logger: Logger;
  /** Called when this server relays another server's `entity:changed`, before its sockets get it. */
  onRemoteChange: () => void;
}

export async function connectRedisAdapter({ url, prefix, logger, onRemoteChange }: RedisAdapterOptions): Promise<RedisAdapter> {
  const client = await connectRedis(url, logger);
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

  const streams = createAdapter(client, {
    streamName: `${prefix}:socket.io`,
    sessionKeyPrefix: `${prefix}:socket.io:session:`,
    channelPrefix: `${prefix}:socket.io`,
    // Bounds how long a closing server waits for its blocked stream read.
    blockTimeInMs: 1_000,
    onlyPlaintext: true,
  });
  // Socket.IO calls the factory with `new`: a function, not an arrow.
  const adapter: StreamsAdapterFactory = function streamsAdapter(nsp) {
    const instance: StreamsAdapter = streams(nsp);
    // onMessage is protected in the typings: it is where a server receives what others published.
    const relay = instance as unknown as { uid: string; onMessage(message: RelayedMessage, offset?: string): void };
    const receive = relay.onMessage.bind(instance);
    relay.onMessage = (message, offset) => {
      const fromOtherServer = message.uid !== relay.uid;
      if (fromOtherServer && message.data?.packet?.data?.[0] === LIVE_EVENTS.entityChanged) onRemoteChange();
      receive(message, offset);
    };
    return instance;
  };

  return {
    adapter,
    async close() {
      if (client.isOpen) await client.close();
    },
  };
}
