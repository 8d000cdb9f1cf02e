import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Another system on this machine (a webhook's receiver, Slack or Teams): records what each path is
 * sent and answers `status`. Each test sends to a path of its own, so tests in parallel never mix.
 */
export async function startReceiver(status: number) {
  const received = new Map<string, ReceivedRequest[]>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.set(path, [...(received.get(path) ?? []), { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') }]);
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received: (path: string) => received.get(path) ?? [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
