import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { ASSISTANT_TEXTS, LIVE_EVENTS, type TChatMessage, type TReplyId } from '@v2mom/contracts';
import type { Logger } from 'pino';
import type { SharedLeases } from '../db/redis.js';
import type { AssistantProvider } from '../assistant/providers/provider.js';
import { toolContext } from '../assistant/tools/tool-context.js';
import { AppError } from '../http/app-error.js';
import { keepMessage } from '../modules/assistant/conversation.service.js';
import { meetingBrief } from '../modules/assistant/meeting-brief.service.js';
import { DeltaBatcher } from './delta-batcher.js';
import type { LiveSocket } from './live-socket.js';
import { now } from '../server-clock.js';
import type { Viewer } from '../modules/v2moms/v2mom-visibility.js';

/** A reply still running after this long is ended with the failure text. */
const ASSISTANT_REPLY_TIMEOUT_MS = 120_000;
/** A user's lease on "a reply is running" outlives the reply's own time-out only by this much. */
const REPLY_LEASE_MARGIN_MS = 5_000;

/**
 * One delta as it left the batcher: when the oldest chunk in it arrived from the provider and when
 * it was handed to the socket (both `performance.now()`), so a benchmark can measure what the
 * relay adds. Taken before the emit, so how long one emit takes never shifts the next delta's time.
 */
export interface DeltaTrace {
  replyId: TReplyId;
  seq: number;
  firstChunkAt: number;
  sentAt: number;
}

export interface AssistantRepliesDeps {
  orm: MikroORM;
  provider: AssistantProvider;
  logger: Logger;
  /** Where a user's running reply is held, on every server when they share Redis. */
  leases: SharedLeases;
  /** Called for every delta sent; unset (the default) costs nothing. */
  trace?: ((sample: DeltaTrace) => void) | undefined;
  /** A brief written again came out whole: everyone else showing it reads it again (docs/PRODUCT.md#meeting-brief). */
  briefRewritten?: ((bySocketId: string) => void) | undefined;
}

type ReplyRequest = { kind: 'answer'; question: string; history: readonly TChatMessage[] } | { kind: 'insights'; keep: boolean } | { kind: 'brief'; regenerate: boolean };

const FAILURE_TEXTS: Record<ReplyRequest['kind'], string> = {
  answer: ASSISTANT_TEXTS.chatFailure,
  insights: ASSISTANT_TEXTS.insightsFailureOnChat,
  brief: ASSISTANT_TEXTS.briefFailure,
};

/** The provider's text for the request, as someone watches it arrive. */
async function replyChunks(provider: AssistantProvider, em: EntityManager, viewer: Viewer, request: ReplyRequest, signal: AbortSignal): Promise<AsyncIterable<string>> {
  switch (request.kind) {
    case 'answer':
      return provider.answer({ question: request.question, history: request.history, tools: toolContext(em, viewer, now()), signal, streamed: true });
    case 'insights':
      return provider.insights({ tools: toolContext(em, viewer, now()), signal, streamed: true });
    case 'brief':
      return (await meetingBrief(em, provider, now(), { signal, streamed: true }, request.regenerate)).chunks;
  }
}

interface ActiveReply {
  replyId: TReplyId;
  userId: number;
  socketId: string;
  /** What the reply holds: its user's one reply, or its tab's brief. */
  slot: string;
  controller: AbortController;
}

/**
 * A person has one answer or digest at a time, across tabs and servers. The meeting brief holds its
 * tab instead: it is the COO View's own (docs/PRODUCT.md#meeting-brief), so a chat reply running
 * elsewhere, or the view open in two tabs, never refuses it.
 */
function slotOf(socket: LiveSocket, request: ReplyRequest): string {
  return request.kind === 'brief' ? `brief:${socket.id}` : String(socket.data.user.id);
}

/**
 * The assistant's replies on the live socket (docs/PRODUCT.md#assistant). A user has at most one
 * reply running, across servers: the reply holds a lease on its user (`SharedLeases`). Its text
 * goes, batched, to the socket that asked and to no other; Stop, or that socket going away, aborts
 * the provider and with it the upstream request.
 */
export class AssistantReplies {
  /** The replies running on this server, by slot: what Stop and a closing socket reach. */
  readonly #active = new Map<string, ActiveReply>();

  constructor(private readonly deps: AssistantRepliesDeps) {}

  /** Starts a reply for the socket's user and returns its id; refused while another one runs. */
  async start(socket: LiveSocket, request: ReplyRequest): Promise<TReplyId> {
    const slot = slotOf(socket, request);
    if (this.#active.has(slot)) throw new AppError('conflict', ASSISTANT_TEXTS.busy);
    const reply: ActiveReply = { replyId: randomUUID(), userId: socket.data.user.id, socketId: socket.id, slot, controller: new AbortController() };
    // Held here before asking the other servers, so two questions on this one cannot both pass.
    this.#active.set(slot, reply);
    if (!(await this.deps.leases.take(slot, reply.replyId, ASSISTANT_REPLY_TIMEOUT_MS + REPLY_LEASE_MARGIN_MS))) {
      this.#active.delete(slot);
      throw new AppError('conflict', ASSISTANT_TEXTS.busy);
    }
    // After the acknowledgement has gone out, so the client knows the id before the first delta.
    setImmediate(() => void this.#run(socket, reply, request));
    return reply.replyId;
  }

  /** Stops the user's running reply, from any of their tabs on this server. */
  stop(userId: number, replyId: TReplyId): void {
    const reply = [...this.#active.values()].find((running) => running.replyId === replyId && running.userId === userId);
    if (!reply) throw new AppError('not_found', ASSISTANT_TEXTS.unknownReply);
    reply.controller.abort();
  }

  /** The socket went away: nobody can read its reply any more, so it stops costing anything. */
  socketClosed(socket: LiveSocket): void {
    for (const reply of this.#active.values()) if (reply.socketId === socket.id) reply.controller.abort();
  }

  async #run(socket: LiveSocket, reply: ActiveReply, request: ReplyRequest): Promise<void> {
    const { provider, orm, logger, trace } = this.deps;
    const { replyId } = reply;
    const stopped = reply.controller.signal;
    const deadline = AbortSignal.timeout(ASSISTANT_REPLY_TIMEOUT_MS);
    const signal = AbortSignal.any([stopped, deadline]);
    const batcher = new DeltaBatcher((text, seq, firstChunkAt, sentAt) => {
      trace?.({ replyId, seq, firstChunkAt, sentAt });
      socket.emit(LIVE_EVENTS.assistantDelta, { replyId, seq, text });
    });
    const failureText = FAILURE_TEXTS[request.kind];
    const userId = socket.data.user.id;
    // The question and its reply join the user's kept conversation, a cut reply as far as it got.
    const keeps = request.kind === 'answer' || (request.kind === 'insights' && request.keep);
    let text = '';
    const keep = async (role: 'user' | 'assistant', content: string, cut = false) => {
      if (!keeps) return;
      try {
        await keepMessage(orm.em.fork(), userId, role, content, cut);
      } catch (error) {
        logger.error({ err: error, replyId, userId }, 'Keeping a chat message failed');
      }
    };
    const release = async () => {
      if (this.#active.get(reply.slot) !== reply) return;
      this.#active.delete(reply.slot);
      await this.deps.leases.give(reply.slot, replyId);
    };
    // Each ending keeps the reply first, then frees the user for the next question, then tells
    // the client: whatever it does once told, the conversation already holds the reply.
    const end = async (reason: 'complete' | 'stopped') => {
      batcher.flush();
      await keep('assistant', text, reason === 'stopped');
      await release();
      socket.emit(LIVE_EVENTS.assistantDone, { replyId, reason });
      if (reason === 'complete' && request.kind === 'brief' && request.regenerate) this.deps.briefRewritten?.(socket.id);
    };
    const fail = async () => {
      batcher.flush();
      await keep('assistant', text === '' ? failureText : text, true);
      await release();
      socket.emit(LIVE_EVENTS.assistantError, { replyId, message: failureText });
    };
    try {
      if (request.kind === 'answer') await keep('user', request.question);
      const chunks = await replyChunks(provider, orm.em.fork(), socket.data.user, request, signal);
      for await (const chunk of chunks) {
        if (signal.aborted) break;
        text += chunk;
        batcher.push(chunk);
      }
      if (deadline.aborted && !stopped.aborted) await fail();
      else await end(stopped.aborted ? 'stopped' : 'complete');
    } catch (error) {
      if (stopped.aborted) return await end('stopped');
      logger.error({ err: error, replyId, userId }, 'Assistant reply failed');
      await fail();
    } finally {
      batcher.discard();
      await release();
    }
  }
}
