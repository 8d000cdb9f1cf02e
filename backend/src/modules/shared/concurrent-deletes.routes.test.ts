import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../test/fixtures.js';
import { startTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Two deletes of one row at once (docs/PRODUCT.md#versions): one deletes it, the other is told
 * the row is already gone, and only one deletion is announced.
 */

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  app = await startTestApp({ seed: 'demo' });
  cookie = await app.login('admin');
});
afterAll(() => app.stop());

async function deleteTwiceAtOnce(path: string): Promise<number[]> {
  const responses = await Promise.all([app.http().delete(path).set('Cookie', cookie), app.http().delete(path).set('Cookie', cookie)]);
  return responses.map((response) => response.status).sort();
}

describe('two deletes of one row at once', () => {
  it.each(['obstacle', 'measure', 'value', 'method', 'task', 'v2mom', 'department'] as const)('of a %s: one 200, one 404', async (kind) => {
    const fx = fixtures(app.orm);
    const v2mom = await fx.v2mom('member', 'member', 2);
    const paths = {
      obstacle: () => `/api/obstacles/${v2mom.obstacle.id}`,
      measure: () => `/api/measures/${v2mom.measure.id}`,
      value: () => `/api/values/${v2mom.value.id}`,
      method: () => `/api/methods/${v2mom.method.id}`,
      task: async () => `/api/tasks/${(await fx.task('member', v2mom.method.id)).id}`,
      v2mom: () => `/api/v2moms/${v2mom.id}`,
      department: async () => `/api/admin/departments/${(await fx.department()).id}`,
    };
    const published: unknown[] = [];
    const publish = app.live.publish.bind(app.live);
    app.live.publish = (changeSet, actor) => {
      published.push(...changeSet.changes.filter((change) => change.operation === 'deleted'));
      publish(changeSet, actor);
    };
    try {
      expect(await deleteTwiceAtOnce(await paths[kind]())).toEqual([200, 404]);
    } finally {
      app.live.publish = publish;
    }
    expect(published.filter((change) => (change as { entity: string }).entity === kind)).toHaveLength(1);
  });
});
