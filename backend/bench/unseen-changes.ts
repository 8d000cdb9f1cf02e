import { Agent } from 'node:http';
import { send } from './load.js';

/**
 * A person's seen mark on one V2MOM followed by `changes` changes by someone else, for the API
 * benchmark's `GET /api/v2moms/{id}/unseen` (docs/PRODUCT.md#since-you-last-looked). The changes go
 * through the real write path (`PUT /api/methods/{id}`, progress moved on the V2MOM's methods in
 * turn), so the change log holds exactly what the app writes, each row in its write's transaction.
 */
export async function markThenChanges(
  port: number,
  /** The session cookies of the person whose mark it is and of the one who writes. */
  { person, writer }: { person: string; writer: string },
  /** The V2MOM and its methods, which the writer may change. */
  v2momId: number,
  methods: ReadonlyArray<{ id: number; version: number; progress: number }>,
  changes: number,
): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  try {
    // A person's first read sets their mark at the V2MOM's latest change.
    const first = await send(agent, port, 'GET', `/api/v2moms/${v2momId}/unseen`, person);
    if (first.status !== 200) throw new Error(`The first read of the unseen changes answered ${first.status}: ${first.body}`);
    const versions = methods.map((method) => ({ ...method }));
    for (let change = 0; change < changes; change++) {
      const method = versions[change % versions.length]!;
      method.progress = (method.progress + 1) % 101;
      const answer = await send(agent, port, 'PUT', `/api/methods/${method.id}`, writer, { version: method.version, progress: method.progress });
      if (answer.status !== 200) throw new Error(`A change answered ${answer.status}: ${answer.body}`);
      method.version = (JSON.parse(answer.body) as { version: number }).version;
    }
    const unseen = JSON.parse((await send(agent, port, 'GET', `/api/v2moms/${v2momId}/unseen`, person)).body) as { changes: unknown[]; truncated: boolean };
    if (unseen.changes.length !== changes || unseen.truncated) throw new Error(`Expected ${changes} unseen changes, the answer has ${unseen.changes.length}${unseen.truncated ? ' and more' : ''}`);
  } finally {
    agent.destroy();
  }
}
