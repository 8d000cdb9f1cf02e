/** What this guard uses of a `pg` pooled client. */
interface PooledClient {
  release(error?: Error): void;
  once(event: 'end', listener: () => void): unknown;
}

/** What this guard uses of a `pg` pool. */
interface ClientPool {
  on(event: 'connect' | 'acquire' | 'release', listener: (...args: never[]) => void): unknown;
}

/**
 * Gives the pool back the connections that die while checked out.
 *
 * Kysely, under MikroORM, releases a transaction's connection only once its commit or rollback
 * succeeded. When PostgreSQL goes away mid-transaction both fail, so the connection is never
 * released and `pg-pool` counts it as taken for good: after as many such transactions as the pool
 * has connections, every request waited for one that never came, and 503s went on after the
 * database was back (docs/PRODUCT.md#when-the-database-is-away). Here a checked-out connection that
 * ends is released with an error, so the pool drops it and opens a new one; its holder's own
 * release, should it come later, does nothing.
 */
export function reclaimLostConnections(pool: ClientPool): void {
  const checkedOut = new Set<PooledClient>();
  pool.on('connect', (client: PooledClient) => {
    client.once('end', () => {
      if (checkedOut.has(client)) client.release(new Error('The connection ended while checked out'));
    });
  });
  pool.on('acquire', (client: PooledClient) => {
    checkedOut.add(client);
    // `pg-pool` sets this checkout's `release` right after announcing it.
    queueMicrotask(() => {
      const release = client.release.bind(client);
      let released = false;
      client.release = (error) => {
        if (released) return;
        released = true;
        release(error);
      };
    });
  });
  pool.on('release', (_error: Error | undefined, client: PooledClient) => checkedOut.delete(client));
}
