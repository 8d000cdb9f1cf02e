import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import type { MikroORM, Transaction } from '@mikro-orm/core';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { Request, RequestHandler } from 'express';
import { isReadSentAsPost } from '../http/reads-sent-as-post.js';
import { isDatabaseUnavailable } from './database-unavailable.js';

/**
 * How long a read waits for the replica to replay what the primary had written when the read
 * began, before it reads the primary instead (docs/PRODUCT.md#read-replica).
 */
export const REPLICA_CATCH_UP_MS = 200;
/** How often the replica's replay position is asked while a read waits for it. */
const CATCH_UP_POLL_MS = 5;
/** After the replica failed to answer, reads go to the primary for this long before trying it again. */
const REPLICA_RETRY_AFTER_MS = 5_000;

/** MikroORM's names: `read` is the replica (DATABASE_READ_URL), `write` the primary. */
type ConnectionType = 'read' | 'write';

interface ReadScope {
  replica: ReplicaReads;
  /** Where this request's reads go. */
  connection: ConnectionType;
}

const scopes = new AsyncLocalStorage<ReadScope>();

/** `pg_lsn` as a number, for comparing two WAL positions ('16/B374D848'). */
function walPosition(lsn: string): bigint {
  const [high = '0', low = '0'] = lsn.split('/');
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

/** HTTP methods that change nothing: only their reads, and reads sent as POST, may go to the replica. */
const READ_ONLY_METHODS = new Set(['GET', 'HEAD']);

/**
 * Reads from a streaming replica that never answer older data than the primary held when the read
 * began (docs/PRODUCT.md#read-replica). A request that changes nothing (a GET, or one of the
 * catalogue's reads sent as POST) asks the primary how far its WAL has got (one statement that
 * touches no table) and reads the replica once the replica has replayed that far, waiting
 * REPLICA_CATCH_UP_MS at most, else reads the primary: its typed reads (`onReadConnection`) and
 * its entity loads (`ReplicaReadsDriver`) alike. Anything that writes, and everything inside a
 * transaction, stays on the primary. So a person sees their own write in their next read, and so
 * does everyone whose screen refetches on its live event, on every server, whatever made the write
 * (a transaction, a single statement, a scheduled job). A replica that does not answer sends reads
 * to the primary for REPLICA_RETRY_AFTER_MS.
 */
export class ReplicaReads {
  #unavailableUntil = 0;

  constructor(private readonly orm: MikroORM) {}

  /** Decides where each request's reads go; mounted after the session is loaded, which the primary answers. */
  readonly scope: RequestHandler = (req, _res, next) => {
    this.#connectionFor(req).then(
      (connection) => scopes.run({ replica: this, connection }, next),
      next,
    );
  };

  /** Whether the replica answers a trivial statement (health). */
  async answers(): Promise<boolean> {
    try {
      await this.orm.em.getConnection('read').execute('select 1');
      return true;
    } catch {
      return false;
    }
  }

  /** A read on the replica failed to reach it: the primary serves reads for a while. */
  unavailable(): void {
    this.#unavailableUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
  }

  async #connectionFor(req: Request): Promise<ConnectionType> {
    if (!(READ_ONLY_METHODS.has(req.method) || isReadSentAsPost(req)) || Date.now() < this.#unavailableUntil) return 'write';
    const [row] = await this.orm.em.getConnection('write').execute<Array<{ lsn: string }>>('select pg_current_wal_insert_lsn()::text as lsn');
    return row && (await this.#replayedWithin(walPosition(row.lsn), REPLICA_CATCH_UP_MS)) ? 'read' : 'write';
  }

  /**
   * Polls the replica until it has replayed `position`, for `waitMs` at most. Asked on every read,
   * so a replica that has gone away is found out before the request's statements reach it.
   */
  async #replayedWithin(position: bigint, waitMs: number): Promise<boolean> {
    const deadline = performance.now() + waitMs;
    const connection = this.orm.em.getConnection('read');
    try {
      for (;;) {
        // Off recovery (DATABASE_READ_URL naming the primary itself) the position is the current one.
        const [row] = await connection.execute<Array<{ lsn: string }>>('select coalesce(pg_last_wal_replay_lsn(), pg_current_wal_lsn())::text as lsn');
        if (row && walPosition(row.lsn) >= position) return true;
        if (performance.now() + CATCH_UP_POLL_MS > deadline) return false;
        await delay(CATCH_UP_POLL_MS);
      }
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      this.unavailable();
      return false;
    }
  }
}

/**
 * Runs a SELECT on the connection the request chose (the primary outside a request with a
 * replica); one the replica cannot serve because it is away runs again on the primary.
 */
export async function onReadConnection<T>(select: (connection: ConnectionType) => Promise<T>): Promise<T> {
  const scope = scopes.getStore();
  if (scope?.connection !== 'read') return select('write');
  try {
    return await select('read');
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    scope.replica.unavailable();
    return select('write');
  }
}

/**
 * MikroORM's PostgreSQL driver, sending a request's entity loads where `ReplicaReads.scope` sent its
 * reads: to the replica when the request reads there, else, and outside requests, to the primary
 * (what preferReadReplicas off does). A transaction's statements, and a statement that names its
 * connection, go where MikroORM sends them.
 */
export class ReplicaReadsDriver extends PostgreSqlDriver {
  protected override resolveConnectionType(args: { ctx?: Transaction; connectionType?: ConnectionType }): ConnectionType {
    if (args.ctx !== undefined || args.connectionType !== undefined) return super.resolveConnectionType(args);
    return scopes.getStore()?.connection ?? 'write';
  }
}
