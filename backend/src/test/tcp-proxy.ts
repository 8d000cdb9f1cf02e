import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP pass-through to `target` on a fixed loopback port, so a test can take a shared service
 * (PostgreSQL, Redis) away from one app without stopping it for everyone: `down()` drops every
 * open connection and refuses new ones, as a stopped server would; `up()` accepts again on the
 * same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  private constructor(private target: { host: string; port: number }) {}

  /** Starts a proxy to the host and port of `targetUrl` (e.g. `postgresql://…`, `redis://…`). */
  static async start(targetUrl: string): Promise<TcpProxy> {
    const proxy = new TcpProxy(hostAndPort(targetUrl));
    await proxy.up();
    return proxy;
  }

  /** Sends new connections to another target, as a load balancer does once a server is gone. */
  retarget(targetUrl: string): void {
    this.target = hostAndPort(targetUrl);
  }

  /** `targetUrl` with its host and port replaced by the proxy's. */
  url(targetUrl: string): string {
    const url = new URL(targetUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

function hostAndPort(url: string): { host: string; port: number } {
  const { hostname, port } = new URL(url);
  return { host: hostname, port: Number(port) };
}
